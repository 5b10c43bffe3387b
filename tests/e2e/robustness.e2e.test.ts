/**
 * A lesson terminal under hostile input, in Chromium against the built site (run `npm run
 * build` first): a ~10 MB paste and a paste of random bytes must leave the page answering
 * `kubectl get ns` with the lesson text intact, and an output flood must stop on Ctrl-C.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');

let server: StaticServer;
let browser: Browser;
let lessonPath: string;

/** The terminal's text, through the probe the page exposes for tests. */
function terminalText(page: Page, id = 'terminal'): Promise<string> {
  return page.evaluate((tid) => window.__terminals?.[tid]?.text() ?? '', id);
}

/** The lesson's own text, without the terminals' contents and the exercises' live check results. */
function lessonText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.querySelector('article.lesson')!.cloneNode(true) as HTMLElement;
    // The terminals' panels (screen, status line, accessible output) change with use; the text must not.
    for (const t of body.querySelectorAll('.terminal-panel, course-exercise .check-detail, course-exercise .check-state, course-exercise .check')) t.remove();
    return body.textContent ?? '';
  });
}

/** Pastes `text` into the terminal as the browser's clipboard would (xterm's paste handler). */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const area = document.querySelector('course-terminal textarea')!;
    const data = new DataTransfer();
    data.setData('text/plain', t);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Waits until the terminal shows new output matching `re` after `before` characters of text. */
async function expectAfter(page: Page, before: number, re: RegExp, timeout = 20_000): Promise<void> {
  await expect.poll(async () => (await terminalText(page)).slice(Math.max(0, before - 200)), { timeout }).toMatch(re);
}

beforeAll(async () => {
  const lessons = readdirSync(join(DIST, 'en', 'lessons'));
  const pods = lessons.find((s) => s === 'pods');
  if (!pods) throw new Error(`no Pods lesson in ${DIST}/en/lessons (run npm run build first)`);
  lessonPath = `/en/lessons/${pods}/`;
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('lesson terminal under hostile input', () => {
  it('survives a 10 MB paste and random bytes, then answers kubectl get ns', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + lessonPath);
    await page.waitForSelector('course-terminal[data-ready]', { timeout: 30_000 });
    const lesson = await lessonText(page);
    expect(lesson.length).toBeGreaterThan(5000);
    await page.locator('course-terminal .xterm').click();

    // ~10 MB on one line: the editor cuts it with a message instead of freezing.
    await paste(page, 'echo ' + 'x'.repeat(10 * 1024 * 1024));
    await expect.poll(() => terminalText(page), { timeout: 30_000 }).toContain('input cut');
    await page.keyboard.press('Control+C');

    // Random bytes (a seeded generator; every code 1-255 and some astral characters).
    let x = 7;
    let bytes = '';
    for (let i = 0; i < 200_000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const b = x >>> 24;
      bytes += b === 0 ? '\u{1F600}' : String.fromCharCode(b);
    }
    await paste(page, bytes);
    await page.keyboard.insertText(bytes.slice(0, 2000).replace(/[\x00-\x1f\x7f-\x9f]/g, ''));
    await page.keyboard.press('Control+C');
    await page.keyboard.press('Control+C');

    const before = (await terminalText(page)).length;
    await page.keyboard.type('kubectl get ns');
    await page.keyboard.press('Enter');
    await expectAfter(page, before, /kube-system\s+Active/, 60_000);
    expect(await lessonText(page)).toBe(lesson);
    expect(await terminalText(page)).not.toMatch(/TypeError|internal error|undefined is not|at Object\./);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('stops an output flood on Ctrl-C within a few seconds', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + lessonPath);
    await page.waitForSelector('course-terminal[data-ready]', { timeout: 30_000 });
    await page.locator('course-terminal .xterm').click();
    await page.keyboard.type('while true; do echo y; done');
    await page.keyboard.press('Enter');
    await expect.poll(async () => ((await terminalText(page)).match(/^y$/gm) ?? []).length, { timeout: 10_000 }).toBeGreaterThan(50);
    await page.waitForTimeout(1500);

    const t0 = Date.now();
    await page.keyboard.press('Control+C');
    await expect.poll(async () => (await terminalText(page)).trimEnd(), { timeout: 5000 }).toMatch(/\^C\n.*\$$/);
    expect(Date.now() - t0).toBeLessThan(5000);
    // The loop has stopped and the terminal takes commands again.
    const after = (await terminalText(page)).length;
    await page.keyboard.type('echo still-here');
    await page.keyboard.press('Enter');
    await expectAfter(page, after, /^still-here$/m, 10_000);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
