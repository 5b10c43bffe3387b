/**
 * Run-click latency in a real browser (Chromium, /usr/bin/chromium or $CHROMIUM_PATH), on the
 * built site (run `npm run build` first):
 *
 *   npm run bench:browser [lesson]        (default lesson: deployment)
 *
 * For each screen (wide: the terminal docked beside the text; narrow: floating, folded at the
 * bottom) it opens the lesson five times, each time in a new browser context (empty cache and
 * storage), clicks the first Run button as soon as the page has loaded, and measures the time
 * from the click to the first output row of that command in the terminal: the cold figure,
 * which includes whatever of the terminal's start was still to do. Then, the command done, it
 * clicks the same button again: the warm figure. Each is printed as the median of the five
 * loads, with the runs. The machine's load average is printed too: on a shared machine the
 * figures follow it.
 */
import { loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic } from '../tests/e2e/static-server.ts';

const LOADS = 5;
const SCREENS = [
  { name: 'wide (docked)', viewport: { width: 1280, height: 800 } },
  { name: 'narrow (floating)', viewport: { width: 800, height: 700 } },
];

interface Probe {
  __clickAt?: number;
  __firstRow?: number;
}

/** Arms the page: the next click's time, and the first frame where `cmd`'s output has begun after its `nth` echo. */
async function arm(page: Page, cmd: string, nth: number): Promise<void> {
  await page.evaluate(
    ([command, n]) => {
      const w = window as Window & Probe;
      w.__clickAt = undefined;
      w.__firstRow = undefined;
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true, once: true });
      const poll = (): void => {
        const text = window.__terminals?.terminal?.text() ?? '';
        let at = -1;
        for (let i = 0; i <= n; i++) {
          at = text.indexOf(command, at + 1);
          if (at < 0) break;
        }
        // The echoed command line, then at least one printed row after it.
        const after = at >= 0 ? text.slice(at + command.length).replace(/^[^\n]*\n/, '') : '';
        if (at >= 0 && after.trim().length > 0) w.__firstRow = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    },
    [cmd, nth] as const,
  );
}

/** Clicks `selector` and resolves with the ms from the click to the first output row. */
async function clickToFirstRow(page: Page, selector: string): Promise<number> {
  await page.locator(selector).first().click();
  await page.waitForFunction(() => (window as Window & Probe).__firstRow !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const w = window as Window & Probe;
    return w.__firstRow! - w.__clickAt!;
  });
}

/** One cold load and its warm second click. */
async function once(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<{ cold: number; warm: number }> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const button = '.lesson-body .code-block button[data-run]';
    const commands = JSON.parse((await page.locator(button).first().getAttribute('data-run')) ?? '[]') as string[];
    const first = commands[0];
    if (!first) throw new Error('no Run button on the page');
    await arm(page, first, 0);
    const cold = await clickToFirstRow(page, button);
    // Let the command (and the button's queue) finish before the warm click.
    await page.waitForFunction(() => !document.querySelector('.code-block button[data-run][aria-busy="true"]'), undefined, { timeout: 60_000 });
    await page.waitForTimeout(300);
    await arm(page, first, 1);
    const warm = await clickToFirstRow(page, button);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const lesson = process.argv[2] ?? 'deployment';
  const dist = resolve(process.env.DIST ?? 'dist');
  if (!existsSync(resolve(dist, 'en', 'lessons', lesson, 'index.html'))) {
    console.error(`bench:browser: no dist/en/lessons/${lesson}/ (run npm run build first)`);
    process.exit(1);
  }
  const server = await serveStatic(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    console.log(
      `Run click to first output row, lesson ${lesson}, median of ${LOADS} cold loads (load avg ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    for (const screen of SCREENS) {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        const r = await once(browser, `${server.url}/en/lessons/${lesson}/`, screen.viewport);
        cold.push(r.cold);
        warm.push(r.warm);
      }
      const list = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ');
      console.log(
        `  ${screen.name.padEnd(18)} cold ${median(cold).toFixed(0).padStart(5)} ms (${list(cold)})   warm ${median(warm).toFixed(0).padStart(4)} ms (${list(warm)})`,
      );
    }
    console.log(
      `  load avg after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
