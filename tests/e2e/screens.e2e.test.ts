/**
 * Any screen, any reader, in Chromium against the built site (run `npm run build` first):
 * - a phone (360 px, touch) and its landscape: no sideways scroll, Run does not move the page
 *   (the terminal floats at the bottom), the on-screen key bar types into the shell;
 * - a tablet and a laptop: screenshots (test-results/screen-*.png) to look at;
 * - a button-started stream (`kubectl get pods -w`) gives way to the next Run button;
 * - a long `sleep` offers Fast-forward and ends at once when it is pressed;
 * - the accessibility tree has the terminal's output, and a Run button reports what it ran and
 *   what came back;
 * - cold Run click to first output row (printed; median of five fresh pages).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');
const LESSON = '/en/lessons/pods/';

let server: StaticServer;
let browser: Browser;

const text = (page: Page, id = 'terminal'): Promise<string> => page.evaluate((t) => window.__terminals?.[t]?.text() ?? '', id);

async function open(opts: BrowserContextOptions) {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + LESSON);
  return { context, page, errors };
}

/** Sideways overflow of the page, in px (0 when the page does not scroll sideways). */
const sideways = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Lets a jump settle: the lesson sections it passed render (they stood in with an estimated
 * height) and the browser keeps the view where it is, adjusting scrollY.
 */
const settle = (page: Page): Promise<unknown> => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Adds a code block with a Run button for `commands` after the first paragraph of the lesson. */
async function addRunBlock(page: Page, commands: string[], id: string): Promise<void> {
  await page.evaluate(
    ([cmds, bid]) => {
      const block = document.createElement('div');
      block.className = 'code-block';
      block.id = bid!;
      const pre = document.createElement('pre');
      pre.textContent = (cmds as string[]).join('\n');
      const button = document.createElement('button');
      button.className = 'code-button';
      button.dataset.run = JSON.stringify(cmds);
      button.textContent = 'Run';
      const report = document.createElement('p');
      report.className = 'code-report';
      block.append(pre, button, report);
      document.querySelector('.lesson-body p')!.after(block);
    },
    [commands, id] as const,
  );
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

describe('any screen', () => {
  it('on a 360 px phone: no sideways scroll, Run keeps the page still, the key bar types', async () => {
    const { context, page, errors } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: join(RESULTS, 'screen-360-top.png') });
    // The terminal waits, collapsed, at the bottom of the screen.
    const dock = page.locator('.terminal-dock.docked');
    expect(await dock.getAttribute('data-collapsed')).toBe('');
    const dockBox = (await dock.boundingBox())!;
    expect(dockBox.y + dockBox.height).toBeCloseTo(740, -1);

    const run = page.locator('.code-block button[data-run]').first();
    await run.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await settle(page);
    const before = await page.evaluate(() => scrollY);
    const buttonBefore = (await run.boundingBox())!.y;
    await run.tap();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    const first = (JSON.parse((await run.getAttribute('data-run'))!) as string[])[0]!;
    await expect.poll(() => text(page), { timeout: 20_000 }).toContain(first);
    await expect.poll(() => run.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    // The page did not move, the button is where it was (above the terminal), the terminal is
    // open on screen.
    expect(await page.evaluate(() => scrollY)).toBe(before);
    expect((await run.boundingBox())!.y).toBe(buttonBefore);
    expect(buttonBefore + 40).toBeLessThan((await dock.boundingBox())!.y);
    expect(await dock.getAttribute('data-collapsed')).toBeNull();
    const term = (await page.locator('#terminal').boundingBox())!;
    expect(term.y + term.height).toBeLessThanOrEqual(740);
    expect(term.height).toBeGreaterThan(100);
    expect(await sideways(page)).toBe(0);
    // kubectl tables do not wrap: the terminal is at least 100 columns, scrolling inside its box.
    const cols = await page.evaluate(() => {
      const host = document.querySelector<HTMLElement>('#terminal')!;
      return { scroll: host.scrollWidth, client: host.clientWidth };
    });
    expect(cols.scroll).toBeGreaterThan(cols.client);
    await page.screenshot({ path: join(RESULTS, 'screen-360-run.png') });

    // The key bar: Up recalls the last command, Ctrl-C abandons the line.
    const bar = page.locator('[data-keys="terminal"]');
    expect(await bar.isVisible()).toBe(true);
    await bar.locator('button[data-key="up"]').tap();
    await expect.poll(async () => (await text(page)).split('\n').at(-1)).toContain(first.split('\n')[0]!);
    await bar.locator('button[data-key="ctrl-c"]').tap();
    await expect.poll(async () => (await text(page)).split('\n').at(-1)?.trimEnd()).toBe('learner@course:~$');

    // Taller with the keyboard on its top edge; the height is remembered for the page.
    const screenH = async () => (await page.locator('#terminal').boundingBox())!.height;
    const h0 = await screenH();
    await page.locator('[data-dock-resize="terminal"]').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await screenH()).toBeGreaterThan(h0 + 40);
    const h1 = await screenH();

    // Collapse and reopen; the state is remembered for the page.
    await page.locator('[data-dock-toggle]').tap();
    expect(await dock.getAttribute('data-collapsed')).toBe('');
    await page.reload();
    expect(await page.locator('.terminal-dock.docked').getAttribute('data-collapsed')).toBe('');
    await page.locator('[data-dock-toggle]').tap();
    expect(Math.round(await screenH())).toBe(Math.round(h1));
    await page.locator('[data-dock-toggle]').tap();

    // A Run button low on the screen, where the opening terminal would cover it: the page
    // moves just enough to keep it in sight above the terminal.
    const low = page.locator('.code-block button[data-run]').nth(2);
    await low.evaluate((el) => {
      const r = el.getBoundingClientRect();
      scrollBy(0, r.bottom - innerHeight + 70);
    });
    const lowY = await page.evaluate(() => scrollY);
    await low.tap();
    await expect.poll(() => low.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    const moved = (await page.evaluate(() => scrollY)) - lowY;
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(740 * 0.6);
    expect((await low.boundingBox())!.y + 30).toBeLessThan((await dock.boundingBox())!.y);

    // Landscape: the same, on a short screen.
    await page.setViewportSize({ width: 740, height: 360 });
    await page.locator('[data-dock-toggle]').tap();
    const run2 = page.locator('.code-block button[data-run]').nth(1);
    await run2.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await settle(page);
    const y2 = await page.evaluate(() => scrollY);
    await run2.tap();
    await expect.poll(() => run2.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    expect(await page.evaluate(() => scrollY)).toBe(y2);
    // The button stays above the open terminal.
    const dockTop = (await page.locator('.terminal-dock.docked').boundingBox())!.y;
    expect((await run2.boundingBox())!.y + 10).toBeLessThan(dockTop);
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: join(RESULTS, 'screen-740-landscape.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a tablet and a laptop: the text and the terminal side by side or floating, no sideways scroll', async () => {
    for (const [width, height] of [
      [768, 1024],
      [1280, 800],
    ] as const) {
      const { context, page, errors } = await open({ viewport: { width, height }, hasTouch: width < 1000 });
      const run = page.locator('.code-block button[data-run]').first();
      await run.scrollIntoViewIfNeeded();
      await settle(page);
      const before = await page.evaluate(() => scrollY);
      await run.click();
      await expect.poll(() => run.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
      expect(await page.evaluate(() => scrollY)).toBe(before);
      expect(await sideways(page)).toBe(0);
      await page.screenshot({ path: join(RESULTS, `screen-${width}.png`) });
      // A table of the text scrolls inside its own box.
      const table = page.locator('.lesson-body table').first();
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(RESULTS, `screen-${width}-table.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('Run buttons', () => {
  it('interrupt a button-started stream at the next button, and show their states', async () => {
    const { context, page, errors } = await open({ viewport: { width: 1280, height: 800 } });
    await addRunBlock(page, ['kubectl get pods -w'], 'watch-block');
    const watch = page.locator('#watch-block button');
    await watch.click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await expect.poll(() => watch.getAttribute('data-state'), { timeout: 20_000 }).toBe('running');
    // A second click while it runs does nothing.
    await watch.click();
    const next = page.locator('.code-block button[data-run]').nth(1);
    const nextCommand = (JSON.parse((await next.getAttribute('data-run'))!) as string[])[0]!;
    await next.click();
    await expect.poll(() => watch.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    await expect.poll(() => next.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    const out = await text(page);
    expect(out).toContain(nextCommand);
    expect(out.match(/kubectl get pods -w/g)?.length).toBe(1);
    expect(out).toMatch(/\^C/);
    expect(await page.locator('#watch-block .code-report').innerText()).toMatch(/Ran kubectl get pods -w\..*stopped/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, show Fast-forward and Reset inside the bar, without scrolling the terminal sideways', async () => {
    const { context, page, errors } = await open({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await addRunBlock(page, ['sleep 150; echo slept'], 'sleep-block');
    await page.locator('#sleep-block button').click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    const skip = page.locator('button[data-skip="terminal"]');
    await expect.poll(() => skip.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => text(page)).toMatch(/Waiting 2m30s\./);
    for (const button of [skip, page.locator('button[data-reset="terminal"]')]) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360, String(JSON.stringify(box))).toBe(true);
    }
    // The wait's cue line leaves the cursor at its start: the terminal wider than the phone stays put.
    expect(await page.evaluate(() => document.querySelector('#terminal')!.scrollLeft)).toBe(0);
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: join(RESULTS, 'fast-forward-phone.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offer Fast-forward on a long wait, which ends it at once where it would end', async () => {
    const { context, page, errors } = await open({ viewport: { width: 1280, height: 800 } });
    await addRunBlock(page, ['sleep 150; echo slept'], 'sleep-block');
    const button = page.locator('#sleep-block button');
    await button.click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    const skip = page.locator('button[data-skip="terminal"]');
    await expect.poll(() => skip.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => text(page)).toMatch(/Waiting 2m30s\. Ctrl\+F or Fast-forward skips ahead\./);
    await page.screenshot({ path: join(RESULTS, 'fast-forward-offer.png') });
    const t0 = await page.evaluate(() => window.__terminals!.terminal!.now());
    const wall = Date.now();
    await skip.click();
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
    expect(Date.now() - wall).toBeLessThan(10_000);
    const t1 = await page.evaluate(() => window.__terminals!.terminal!.now());
    expect(t1 - t0).toBeGreaterThanOrEqual(145_000);
    expect(t1 - t0).toBeLessThan(152_000);
    expect(await text(page)).toMatch(/^slept$/m);
    expect(await text(page)).not.toContain('Waiting 2m30s');
    expect(await skip.isVisible()).toBe(false);
    expect(await page.locator('[data-term-status="terminal"]').innerText()).toMatch(/Skipped 2m\d+s of waiting/);

    // Ctrl+F does the same from the keyboard.
    await page.locator('#terminal .xterm').click();
    await page.keyboard.type('sleep 60; echo again');
    await page.keyboard.press('Enter');
    await expect.poll(() => skip.isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Control+f');
    await expect.poll(() => text(page), { timeout: 10_000 }).toMatch(/^again$/m);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('any reader', () => {
  it('hears the terminal: its output is in the accessibility tree, and Run reports what came back', async () => {
    const { context, page, errors } = await open({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
    // Every code block has a Copy button.
    const block = page.locator('.lesson-body .code-block[data-code-action="run"]').first();
    await block.locator('button[data-copy]').click();
    const commands = JSON.parse((await block.locator('button[data-run]').getAttribute('data-run'))!) as string[];
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(commands[0]!);
    expect(await block.locator('.code-report').innerText()).toBe('Copied');
    expect(await page.locator('.lesson-body .code-block:not(.code-output)').count()).toBe(
      await page.locator('.lesson-body .code-block button[data-copy]').count(),
    );
    await addRunBlock(page, ['kubectl get namespaces'], 'ns-block');
    const button = page.locator('#ns-block button');
    await button.click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    // The accessibility tree (what a screen reader reads) has the output, line by line.
    const region = page.getByRole('region', { name: 'Terminal output, line by line, newest last' });
    await expect.poll(() => region.ariaSnapshot(), { timeout: 10_000 }).toMatch(/listitem: kube-system +Active/);
    expect(await region.ariaSnapshot()).toContain('Command: kubectl get namespaces');
    // A typed command is announced when it ends, long output as a summary.
    await page.locator('#terminal .xterm').click();
    await page.keyboard.type('kubectl get pods -n kube-system');
    await page.keyboard.press('Enter');
    const live = page.locator('[data-log-live="terminal"]');
    await expect.poll(() => live.innerText(), { timeout: 20_000 }).toMatch(/^\d+ lines, starting: NAME +READY +STATUS +RESTARTS +AGE; /);
    await page.keyboard.type('echo hello');
    await page.keyboard.press('Enter');
    await expect.poll(() => live.innerText(), { timeout: 20_000 }).toBe('hello');
    // The way there from the keyboard: a link after the terminal, shown when focused.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Read the terminal output line by line');
    // The button's report: what ran, and the start of what came back.
    expect(await page.locator('#ns-block .code-report').innerText()).toMatch(
      /^Ran kubectl get namespaces\. Output, \d+ lines, starting: NAME +STATUS +AGE; default +Active/,
    );
    // Real buttons say what they run.
    const label = await page.locator('.lesson-body .code-block:not(#ns-block) button[data-run]').first().getAttribute('aria-label');
    expect(label).toMatch(/^Run in the terminal: kubectl /);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cold Run click to first output row (median of five fresh pages)', { timeout: 120_000 }, async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A narrow window: the terminal is collapsed at the bottom, so nothing of it has loaded.
      const { context, page } = await open({ viewport: { width: 800, height: 700 } });
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#terminal').getAttribute('data-state')).toBe('idle');
      const run = page.locator('.code-block button[data-run]').first();
      const first = (JSON.parse((await run.getAttribute('data-run'))!) as string[])[0]!;
      await page.evaluate((cmd) => {
        const w = window as Window & { __firstRow?: number; __clickAt?: number };
        document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
        const poll = (): void => {
          const t = window.__terminals?.terminal?.text() ?? '';
          const at = t.indexOf(cmd);
          if (at >= 0 && t.slice(at + cmd.length).trim().length > 0) w.__firstRow = performance.now();
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }, first);
      await run.click();
      await page.waitForFunction(() => (window as Window & { __firstRow?: number }).__firstRow !== undefined, undefined, { timeout: 30_000 });
      times.push(await page.evaluate(() => {
        const w = window as Window & { __firstRow?: number; __clickAt?: number };
        return w.__firstRow! - w.__clickAt!;
      }));
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[2]!;
    console.log(`cold Run click to first output row: median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
    // The course's target is 400 ms on an idle machine; this guards against a hang or a large
    // regression on a busy test machine, where the figure printed above is what to read.
    expect(median).toBeLessThan(5000);
  });
});
