/**
 * The lesson page between the docked breakpoint and the sidebar column (72rem to 96rem, 1152 to
 * 1536 px), in Chromium against the built site (run `npm run build` first):
 * - "On this page" stays in view under the docked terminal while the text scrolls, without
 *   overlapping the terminal or the text, and marks the section being read; the layouts
 *   narrower and wider keep theirs;
 * - the docked terminal starts by itself once the page has loaded and the browser is idle, in
 *   steps (performance measures `terminal:*`), and runs a command from a Run button; a Run click
 *   before that starts it at once. Long tasks seen during the start are printed.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');
const LESSON = '/en/lessons/deployment/';

let server: StaticServer;
let browser: Browser;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const box = (page: Page, selector: string): Promise<Box | null> =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el || getComputedStyle(el).display === 'none') return null;
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }, selector);

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function open(width: number, height: number, opts: { longTasks?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  if (opts.longTasks) {
    await context.addInitScript(() => {
      const w = window as Window & { __longTasks?: [number, number][] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks!.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + LESSON);
  return { context, page, errors };
}

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('"On this page" beside the docked terminal', () => {
  it('stays in view at 1280 px while the text scrolls, next to the terminal, over neither it nor the text', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await open(1280, 800);
    const sections = await page.locator('.lesson-body h2').evaluateAll((hs) => hs.map((h) => ({ id: h.id, text: h.textContent?.trim() ?? '' })));
    expect(sections.length).toBeGreaterThanOrEqual(3);
    const toc = page.locator('.dock-toc');
    // The same sections, in order, linking to their headings.
    expect(await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(sections.map((s) => `#${s.id}`));
    expect(await page.getByRole('navigation', { name: 'On this page' }).count()).toBe(1);
    // The copy at the top of the lesson gives way to it.
    expect(await box(page, '.lesson-header .toc')).toBeNull();
    for (const y of [0, 2500, 6000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
      const t = await box(page, '.dock-toc');
      const panel = await box(page, '.terminal-panel');
      expect(t, `at scroll ${y}`).not.toBeNull();
      expect(panel).not.toBeNull();
      expect(t!.top).toBeGreaterThanOrEqual(0);
      expect(t!.bottom).toBeLessThanOrEqual(800);
      expect(overlaps(t!, panel!), `terminal and "On this page" overlap at scroll ${y}`).toBe(false);
      expect(panel!.top).toBeGreaterThanOrEqual(0);
      for (const p of await page.locator('.lesson-body > p, .lesson-section > p').evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect().right)))
        expect(p).toBeLessThanOrEqual(t!.left);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // A link takes the reader to its section.
    const last = sections.at(-1)!;
    await toc.getByRole('link', { name: last.text }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${last.id}`);
    await expect.poll(async () => (await box(page, `#${last.id}`))!.top).toBeLessThan(400);
    // And it marks the section being read.
    const second = sections[1]!;
    await toc.getByRole('link', { name: second.text }).click();
    await expect.poll(() => toc.locator('a[aria-current="location"]').getAttribute('href')).toBe(`#${second.id}`);
    await page.screenshot({ path: `${RESULTS}/lesson-toc-1280.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is shown from 1152 to 1536 px only: narrower and wider screens keep their own "On this page"', { timeout: 90_000 }, async () => {
    for (const [width, dock, inline, sidebar] of [
      [1000, false, true, false],
      [1152, true, false, false],
      [1535, true, false, false],
      [1600, false, false, true],
    ] as const) {
      const { context, page } = await open(width, 800);
      expect((await box(page, '.dock-toc')) !== null, `dock toc at ${width}`).toBe(dock);
      expect((await box(page, '.lesson-header .toc')) !== null, `inline toc at ${width}`).toBe(inline);
      expect(await page.locator('.sidebar-toc').isVisible(), `sidebar toc at ${width}`).toBe(sidebar);
      await context.close();
    }
  });
});

describe('the docked terminal start', () => {
  it('starts by itself once the page is idle, in steps, and runs a command from a Run button', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await open(1280, 800, { longTasks: true });
    await page.waitForSelector('#terminal[data-ready]', { timeout: 60_000 });
    const timing = await page.evaluate(() => ({
      load: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
      start: performance.getEntriesByName('terminal-start:terminal')[0]?.startTime ?? -1,
      steps: performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('terminal:'))
        .map((m) => [m.name, Math.round(m.duration)] as const),
      longTasks: (window as Window & { __longTasks?: [number, number][] }).__longTasks ?? [],
    }));
    // Not before the page has loaded.
    expect(timing.start).toBeGreaterThanOrEqual(timing.load);
    expect(timing.steps.map(([n]) => n)).toEqual(
      expect.arrayContaining(['terminal:start-code', 'terminal:simulator-code', 'terminal:xterm-open', 'terminal:cluster', 'terminal:shell']),
    );
    const during = timing.longTasks.filter(([at]) => at >= timing.start);
    console.log(
      `terminal start steps: ${timing.steps.map(([n, d]) => `${n.slice(9)} ${d} ms`).join(', ')}; long tasks after its start: ${JSON.stringify(during)}`,
    );
    const run = page.locator('.lesson-body .code-block button[data-run]').first();
    const command = (JSON.parse((await run.getAttribute('data-run'))!) as string[])[0]!;
    await run.click();
    await expect.poll(() => page.evaluate(() => window.__terminals?.terminal?.text() ?? ''), { timeout: 30_000 }).toContain(command);
    await expect.poll(() => run.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    const text = await page.evaluate(() => window.__terminals!.terminal!.text());
    expect(text.slice(text.indexOf(command) + command.length).trim().length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts at once for a Run click made before the page is idle', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url + LESSON, { waitUntil: 'domcontentloaded' });
    const run = page.locator('.lesson-body .code-block button[data-run]').first();
    const command = (JSON.parse((await run.getAttribute('data-run'))!) as string[])[0]!;
    await run.click();
    await expect.poll(() => page.evaluate(() => window.__terminals?.terminal?.text() ?? ''), { timeout: 30_000 }).toContain(command);
    await expect.poll(() => run.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    await context.close();
  });
});
