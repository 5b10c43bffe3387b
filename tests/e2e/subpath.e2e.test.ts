/**
 * Hosting under a sub-path: the site built with BASE_PATH=/k8s/ and served only below /k8s/
 * (as a school web server would) loads every page asset, link and terminal chunk from there,
 * a lesson's Run button works, and search finds lessons and links below the sub-path. The
 * build goes to its own folder, so dist/ is untouched.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const PREFIX = '/k8s/';
let outDir: string;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'course-subpath-'));
  // Vitest puts Vite's own variables (BASE_URL, MODE, NODE_ENV, ...) into process.env; a build
  // started with them would take BASE_URL=/ over the configured base. Start from a clean copy.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(BASE_URL|MODE|DEV|PROD|SSR|NODE_ENV|VITEST.*|TEST)$/.test(k)),
  );
  // process.execPath is the Node the tests run on (>= 22.12, as Astro needs).
  await promisify(execFile)(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], {
    env: { ...env, BASE_PATH: PREFIX, OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  server = await serveStatic(outDir, PREFIX);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('a site built for a sub-path', () => {
  it('serves the home page, a lesson and its terminal from under the sub-path', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${server.url}${PREFIX}`);
    await page.locator('a[href$="/lessons/pods/"]').first().click();
    await page.waitForURL(new RegExp(`${PREFIX}en/lessons/pods/$`));
    for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href!.startsWith(PREFIX), `link ${href} leaves ${PREFIX}`).toBe(true);
    }

    await page.locator('.code-block button[data-run]').first().click();
    await page.waitForSelector('course-terminal[data-ready]', { timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => window.__terminals?.['terminal']?.text() ?? ''), { timeout: 20_000 })
      .toMatch(/control-plane\s+Ready\s+control-plane/);
    // The offline copy lives under the sub-path too: its worker's scope, its cache's name.
    const offline = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (let i = 0; i < 100 && !(await caches.keys()).length; i++) await new Promise((r) => setTimeout(r, 100));
      return { scope: registration.scope, caches: await caches.keys() };
    });
    expect(offline.scope).toBe(`${server.url}${PREFIX}`);
    expect(offline.caches).toEqual([expect.stringMatching(/^course@\/k8s\/:[0-9a-f]{16}$/)]);
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches from under the sub-path: the index loads from there and results link there', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${server.url}${PREFIX}en/`);
    await page.locator('.search-open').click();
    await page.locator('.search-input').fill('ReplicaSet');
    await page.waitForSelector('.search-results li a', { timeout: 15_000 });
    const hrefs = await page.locator('.search-results li a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${PREFIX}en/`), `result ${href} leaves ${PREFIX}`).toBe(true);
    await page.locator('.search-results li a').first().click();
    await page.waitForURL((u) => u.pathname === hrefs[0]!.split('#')[0]);
    expect(await page.locator('h1').innerText()).not.toBe('');
    expect(missing).toEqual([]);
    await context.close();
  });

  it('redirects the old numbered lesson addresses within the sub-path', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${PREFIX}en/lessons/01-pods/`);
    await page.waitForURL(new RegExp(`${PREFIX}en/lessons/pods/$`), { timeout: 10_000 });
    await context.close();
  });
});
