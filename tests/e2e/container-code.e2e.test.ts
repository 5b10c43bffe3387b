/**
 * The containers' programs in the page (run `npm run build` first): the terminal starts without
 * them, the first Pod that needs them fetches them, and the Pod runs, logs and answers
 * `kubectl exec` as in Node; an exec into a preset Pod fetches them too when it comes first.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
let server: StaticServer;
let browser: Browser;

const terminalText = (page: Page): Promise<string> => page.evaluate(() => window.__terminals?.['terminal']?.text() ?? '');
const fetched = (page: Page): Promise<number> =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\/container-code\.[\w-]+\.js$/.test(r.name)).length);

async function openTerminal(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + '/en/lessons/pods/');
  await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
  return { page, errors, close: () => context.close() };
}

beforeAll(async () => {
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the containers' programs in the page", () => {
  it('load with the first Pod that needs them, which then runs and answers exec', async () => {
    const { page, errors, close } = await openTerminal();
    expect(await fetched(page)).toBe(0);
    await page.evaluate(() => window.__terminals!['terminal']!.run('kubectl run web --image=nginx:1.27 && kubectl wait --for=condition=Ready pod/web --timeout=60s'));
    await expect.poll(() => terminalText(page), { timeout: 60_000 }).toContain('pod/web condition met');
    expect(await fetched(page)).toBe(1);
    await page.evaluate(() => window.__terminals!['terminal']!.run('kubectl exec web -- nginx -v'));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('nginx version: nginx/1.27');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('an exec into a preset Pod waits for them', async () => {
    const { page, errors, close } = await openTerminal();
    await page.evaluate(() => window.__terminals!['terminal']!.run('kubectl exec -n kube-system ds/kube-proxy -- sh -c "echo from-kube-proxy"'));
    await expect.poll(() => terminalText(page), { timeout: 30_000 }).toMatch(/^from-kube-proxy$/m);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
