/**
 * The documentation-site comforts in Chromium (run `npm run build` first): light and dark
 * themes (the toggle is remembered, no flash after a reload, code blocks and the terminal
 * follow, axe finds no violation in either), the lesson sidebar (every lesson, the current one
 * marked, progress that appears when an exercise is finished), search from the header and
 * the keyboard, no sideways scrolling at 360 px, and no teacher's page in a learner's build.
 * Search under a sub-path is in subpath.e2e.test.ts. Screenshots go to test-results/.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { getExercise } from '../../src/exercises/registry.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');
const AXE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = (page: Page, id: string): Promise<string> => page.evaluate((t) => window.__terminals?.[t]?.text() ?? '', id);
const run = (page: Page, id: string, line: string): Promise<void> => page.evaluate(([t, l]) => window.__terminals![t!]!.run(l!), [id, line] as const);

/** axe's WCAG 2 A/AA violations on the page as it is, as "rule: target" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
  return found;
}

/** The colour a computed style gives `selector`'s first element. */
const colourOf = (page: Page, selector: string, prop: 'color' | 'backgroundColor'): Promise<string> =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p as 'color'], prop);

describe('themes', () => {
  it('follow the system, switch with the toggle, are remembered, and take code and the terminal along', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + '/en/lessons/pods/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    const lightBg = await colourOf(page, 'body', 'backgroundColor');
    const lightCode = await colourOf(page, 'pre.astro-code', 'backgroundColor');
    expect(lightBg).toBe('rgb(255, 255, 255)');

    await page.locator('.code-block button[data-run]').first().click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await expect.poll(() => text(page, 'terminal'), { timeout: 20_000 }).toMatch(/control-plane/);
    const lightRows = await colourOf(page, '#terminal .xterm-rows', 'color');

    await page.locator('.theme-toggle').click();
    expect(await page.locator('.theme-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(await colourOf(page, 'body', 'backgroundColor')).toBe('rgb(13, 17, 23)');
    expect(await colourOf(page, 'pre.astro-code', 'backgroundColor')).not.toBe(lightCode);
    await expect.poll(() => colourOf(page, '#terminal .xterm-rows', 'color')).not.toBe(lightRows);
    await page.screenshot({ path: join(RESULTS, 'site-lesson-dark.png') });

    // Remembered, and applied before the first paint: the very first frame is dark already.
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await colourOf(page, 'body', 'backgroundColor')).toBe('rgb(13, 17, 23)');
    await page.locator('.theme-toggle').click();
    expect(await colourOf(page, 'body', 'backgroundColor')).toBe(lightBg);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`pass axe (contrast included) in the ${scheme} theme: home, a lesson with its terminal, the glossary and search`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, colorScheme: scheme, bypassCSP: true }); // axe is injected as an inline script, which the site's policy (rightly) refuses
      const page = await context.newPage();
      await page.goto(server.url + '/en/');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(server.url + '/en/glossary/');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(server.url + '/en/lessons/deployment/');
      await page.locator('.code-block button[data-run]').first().click();
      await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
      await expect.poll(() => text(page, 'terminal'), { timeout: 20_000 }).toMatch(/created/);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('.search-open').click();
      await page.locator('.search-input').fill('rollout');
      await page.waitForSelector('.search-results li', { timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(RESULTS, `site-search-${scheme}.png`) });
      await context.close();
    });
  }
});

describe('the lesson sidebar', () => {
  it('lists every lesson, marks the current one, and counts an exercise once it is done', { timeout: 150_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto(server.url + '/en/lessons/pods/');
    const items = page.locator('.sidebar-item');
    expect(await items.count()).toBe(await page.evaluate(() => Number(/of (\d+)/.exec(document.querySelector('.lesson-position')!.textContent!)![1])));
    const current = page.locator('.sidebar a[aria-current="page"]');
    expect(await current.innerText()).toMatch(/^Pods/);
    const count = current.locator('.sidebar-count');
    expect(await count.locator('[aria-hidden]').innerText()).toBe('0/4');
    expect(await page.locator('.sidebar-toc a').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.sidebar').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

    const ID = 'pods/web';
    const box = page.locator(`course-exercise[data-id="${ID}"]`);
    const termId = (await box.getAttribute('data-terminal'))!;
    await box.scrollIntoViewIfNeeded();
    await box.locator('[data-start-exercise]').click();
    await page.waitForSelector(`#${termId}[data-ready]`, { timeout: 30_000 });
    for (const line of getExercise(ID)!.solution) await run(page, termId, line);
    await expect.poll(() => text(page, termId), { timeout: 30_000 }).toMatch(/condition met/);
    await box.locator('[data-check]').click();
    await expect.poll(() => box.getAttribute('data-done'), { timeout: 20_000 }).toBe('now');
    await expect.poll(() => count.locator('[aria-hidden]').innerText()).toBe('1/4');
    expect(await count.locator('.visually-hidden').innerText()).toBe('1 of 4 exercises done');

    // The home page shows the partial progress and leads back to the lesson.
    await page.goto(server.url + '/en/');
    const card = page.locator('.lesson-item').first();
    expect(await card.locator('.lesson-partial').innerText()).toBe('1/4 exercises');
    const cont = page.locator('.home-continue a');
    expect(await cont.innerText()).toBe('Continue: Pods');
    await cont.click();
    await page.waitForURL(/\/en\/lessons\/pods\/$/);
    await context.close();
  });

  it('folds behind a button on a phone, and no page scrolls sideways at 360 px', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const path of ['/en/', '/en/glossary/', '/en/progress/', '/en/lessons/scheduling/', '/404.html']) {
      await page.goto(server.url + path);
      expect(await wide(), path).toBeLessThanOrEqual(360);
    }
    await page.goto(server.url + '/en/lessons/services/');
    expect(await page.locator('.sidebar-list').isVisible()).toBe(false);
    await page.locator('.sidebar-toggle').click();
    expect(await page.locator('.sidebar-list').isVisible()).toBe(true);
    expect(await wide()).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(RESULTS, 'site-sidebar-360.png') });
    await page.locator('.search-open').click();
    expect(await wide()).toBeLessThanOrEqual(360);
    // The floating terminal still starts and runs.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.locator('.code-block button[data-run]').first().click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await expect.poll(() => text(page, 'terminal'), { timeout: 20_000 }).not.toBe('');
    expect(await wide()).toBeLessThanOrEqual(360);
    await context.close();
  });
});

describe('search', () => {
  it('opens with / (not while typing in the terminal), finds a lesson section and goes there', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(server.url + '/en/');
    // Nothing of search is fetched until it is opened.
    expect(requests.filter((p) => p.includes('pagefind') || p.includes('search-dialog'))).toEqual([]);
    await page.keyboard.press('/');
    expect(await page.locator('#search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('DaemonSet');
    await page.waitForSelector('.search-results li a', { timeout: 15_000 });
    expect(await page.locator('.search-status').innerText()).toMatch(/results? for "DaemonSet"/);
    const href = (await page.locator('.search-results li a').first().getAttribute('href'))!;
    expect(href).toMatch(/^\/en\/(lessons\/[\w-]+\/|glossary\/)(#[\w-]+)?$/);
    await page.locator('.search-results li a').first().click();
    await page.waitForURL((u) => u.pathname === href.split('#')[0]);
    expect(await page.locator('#search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);

    // Ctrl+K too; Escape closes. In the terminal, / and Ctrl+K are the terminal's.
    await page.goto(server.url + '/en/lessons/pods/');
    await page.keyboard.press('Control+k');
    expect(await page.locator('#search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.locator('.code-block button[data-run]').first().click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await page.locator('#terminal').click();
    await page.keyboard.type('echo a/b');
    expect(await page.locator('#search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await context.close();
  });
});

describe("the teacher's page", () => {
  it('is not part of a learner build, nor linked from it', () => {
    expect(existsSync(join(DIST, 'en', 'teacher'))).toBe(false);
    expect(readFileSync(join(DIST, 'en', 'index.html'), 'utf8')).not.toContain('/teacher/');
  });
});
