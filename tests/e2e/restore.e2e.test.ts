/**
 * A slow restore in Chromium against the built site (run `npm run build` first): a lesson whose
 * saved journal takes long to replay (a week of a per-minute CronJob) shows its progress, keeps
 * the page answering, and offers "Start fresh", which gives a new cluster at once, keeps the
 * files, and offers the earlier session as a progress file.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const LESSON = '/en/lessons/pods/';
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveStatic(resolve('dist'));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a slow restore', () => {
  it('shows progress, keeps the page live, and starts fresh on request', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await first.goto(server.url + LESSON);
    await first.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await first.evaluate(() => window.__terminals!.terminal!.run("echo kept > note.txt; kubectl create cronjob tick --image=busybox:1.36 --schedule='* * * * *' -- date"));
    await first.close(); // saves on the way out

    // The learner comes back a week later (as far as the saved cluster knows); edited from a
    // page without a terminal, which would save over it.
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const text = () => page.evaluate(() => window.__terminals?.terminal?.text() ?? '');
    await page.goto(server.url + '/en/progress/');
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('#terminal:journal'))!;
      const saved = JSON.parse(localStorage.getItem(key)!) as { time: number };
      saved.time += 7 * 24 * 3_600_000;
      localStorage.setItem(key, JSON.stringify(saved));
    });
    await page.goto(server.url + LESSON);
    const offer = page.locator('.terminal-notice-bar button');
    await offer.waitFor({ state: 'visible', timeout: 20_000 });
    // (The terminal's probe exists once it has booted: read the screen itself.)
    await expect.poll(() => page.locator('#terminal .xterm-rows').innerText(), { timeout: 5_000 }).toMatch(/Restoring your cluster: \d+% \(Ctrl-C starts a fresh cluster instead\)/);
    // The page answers while the replay runs.
    const before = Date.now();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
    expect(Date.now() - before).toBeLessThan(1000);

    await offer.click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 10_000 });
    expect(await text()).toMatch(/started a fresh cluster; your files are kept/);
    expect(await page.locator('.terminal-notice-bar a[download]').getAttribute('href')).toMatch(/^blob:/);
    await page.evaluate(() => window.__terminals!.terminal!.run('kubectl get cronjobs; cat note.txt'));
    await expect.poll(text, { timeout: 10_000 }).toMatch(/No resources found in default namespace\.\r?\n?kept|No resources found in default namespace\.\s+kept/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
