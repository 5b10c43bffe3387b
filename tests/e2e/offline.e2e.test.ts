/**
 * Offline use and the Content-Security-Policy in Chromium against the built site (run
 * `npm run build` first):
 * - no CSP violation on the home page, a lesson (terminal started, a command run, an exercise
 *   checked) and the progress page;
 * - after a first visit, a lesson reloads and its terminal runs a command with the network off;
 * - a new deployment (a changed sw.js) brings the "new version" prompt, and Reload gets it;
 * - the page opened from file:// says how to serve it;
 * - dist/course.zip unpacks into a site that works from a plain static server.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const LESSON = '/en/lessons/pods/';
const EXERCISE = 'pods/fix-db';

let browser: Browser;
let scratch: string;

declare global {
  interface Window {
    __csp?: string[];
  }
}

const text = (page: Page, id = 'terminal'): Promise<string> => page.evaluate((t) => window.__terminals?.[t]?.text() ?? '', id);
const run = (page: Page, line: string, id = 'terminal'): Promise<void> => page.evaluate(([t, l]) => window.__terminals![t!]!.run(l!), [id, line] as const);

/** A context that records every CSP violation and console error of its pages. */
async function watchedContext(): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp!.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));
  });
  context.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  context.on('weberror', (e) => problems.push(`error: ${e.error().message}`));
  return { context, problems };
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__csp ?? []);
}

/** Waits until the service worker controls the page and has its cache. */
async function untilOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'course-offline-'));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the Content-Security-Policy', () => {
  it('is in every page, hashes inline scripts, allows no eval', () => {
    for (const page of ['index.html', 'en/index.html', 'en/progress/index.html', `${LESSON.slice(1)}index.html`, '404.html']) {
      const html = readFileSync(join(DIST, page), 'utf8');
      const policy = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1];
      expect(policy, page).toBeDefined();
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
      expect(policy).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    }
  });

  it('is never violated on the home page, a lesson (terminal, command, exercise check) and the progress page', async () => {
    const server = await serveStatic(DIST);
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    await page.goto(server.url + '/en/');
    await page.waitForLoadState('load');
    expect(await violations(page)).toEqual([]);

    await page.goto(server.url + LESSON);
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await run(page, 'kubectl run web --image=nginx:1.27 && kubectl get pods');
    await expect.poll(() => text(page), { timeout: 20_000 }).toMatch(/^web\s+\d\/1/m);
    const box = page.locator(`course-exercise[data-id="${EXERCISE}"]`);
    const termId = (await box.getAttribute('data-terminal'))!;
    await box.scrollIntoViewIfNeeded();
    await box.locator('[data-start-exercise]').click();
    await page.waitForSelector(`#${termId}[data-ready]`, { timeout: 30_000 });
    await box.locator('[data-check]').click();
    await expect.poll(() => box.locator('.check[data-state="failed"], .check[data-state="passed"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);

    await page.goto(server.url + '/en/progress/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
    await server.close();
  }, 120_000);
});

describe('offline', () => {
  it('reloads a lesson and runs a command with the network off, after one visit', async () => {
    const server = await serveStatic(DIST);
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    await page.goto(server.url + LESSON);
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await untilOfflineReady(page);

    await context.setOffline(true);
    await server.close(); // no server at all, not only a flag
    await page.reload();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await run(page, 'kubectl create deployment web --image=nginx:1.27 && kubectl get deployments');
    await expect.poll(() => text(page), { timeout: 20_000 }).toMatch(/^web\s+\d\/1/m);
    // Another page, never opened before, and the help texts loaded on first use.
    await page.goto(server.url + '/en/lessons/deployment/');
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await run(page, 'kubectl explain pod.spec.restartPolicy | grep FIELD');
    await expect.poll(() => text(page), { timeout: 20_000 }).toMatch(/FIELD:\s+restartPolicy/);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('offers a new version when one is deployed, and Reload brings it', async () => {
    const root = join(scratch, 'site');
    cpSync(DIST, root, { recursive: true });
    const server = await serveStatic(root);
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    await page.goto(server.url + LESSON);
    await untilOfflineReady(page);
    expect(await page.locator('#course-update').isVisible()).toBe(false);

    // A new deployment: another version in sw.js (as any changed file gives).
    const sw = join(root, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = "([0-9a-f]+)"/, 'const VERSION = "$1-next"'));
    await page.reload();
    await expect.poll(() => page.locator('#course-update').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('#course-update').innerText()).toMatch(/A new version of the course is available\.\s*Reload/);
    await Promise.all([page.waitForEvent('load'), page.locator('#course-update button').click()]);
    expect(await page.locator('#course-update').isVisible()).toBe(false);
    const names: string[] = await page.evaluate(() => caches.keys());
    expect(names).toEqual([expect.stringMatching(/^course@\/:[0-9a-f]+-next$/)]);
    expect(problems).toEqual([]);
    await context.close();
    await server.close();
  }, 120_000);

  it('gives way to the dev server: its sw.js removes the offline copy and itself', async () => {
    const root = join(scratch, 'dev');
    cpSync(DIST, root, { recursive: true });
    const server = await serveStatic(root);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + '/en/');
    await untilOfflineReady(page);
    expect(await page.evaluate(() => caches.keys())).toHaveLength(1);
    // What `npm run dev` serves at /sw.js (public/sw.js), in place of the built one.
    cpSync(resolve('public/sw.js'), join(root, 'sw.js'));
    await page.reload();
    await expect
      .poll(async () => page.evaluate(async () => ({ workers: (await navigator.serviceWorker.getRegistrations()).length, caches: (await caches.keys()).length })), { timeout: 20_000 })
      .toEqual({ workers: 0, caches: 0 });
    await context.close();
    await server.close();
  }, 60_000);

  it('says how to serve the course when a page is opened as a file', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`file://${join(DIST, 'en/lessons/pods/index.html')}`);
    const notice = page.locator('#course-file-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toMatch(/opened as a file[\s\S]*npx serve[\s\S]*python3 -m http\.server 8000/);
    await context.close();
  });

  it('ships dist/course.zip, which unpacks into a working course', async () => {
    const out = join(scratch, 'unzipped');
    execFileSync('python3', ['-m', 'zipfile', '-e', join(DIST, 'course.zip'), out]);
    const root = join(out, 'kubernetes-course');
    expect(readFileSync(join(root, 'README.txt'), 'utf8')).toMatch(/python3 -m http\.server/);
    const server = await serveStatic(root);
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    await page.goto(server.url + LESSON);
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await run(page, 'kubectl get nodes');
    await expect.poll(() => text(page), { timeout: 20_000 }).toMatch(/Ready\s+control-plane/);
    expect(problems).toEqual([]);
    await context.close();
    await server.close();
  }, 120_000);
});
