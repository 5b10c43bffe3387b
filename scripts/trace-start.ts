/**
 * Where a cold Run click's time goes, in a real browser (Chromium), on the built site (run
 * `npm run build` first):
 *
 *   npx node --experimental-strip-types --no-warnings scripts/trace-start.ts [lesson] [--narrow] [--profile FILE]
 *
 * Opens the lesson in a fresh context, clicks the first Run button once the page has loaded and
 * prints, relative to the click, the terminal's start measures (`terminal:*`, from
 * start-schedule.ts and terminal-element.ts), the script fetches and the first output row.
 * With --profile it also writes a CPU profile (.cpuprofile, for the Performance panel) of the
 * page from the click to the first row, and prints the heaviest functions by self time.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic } from '../tests/e2e/static-server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function selfTimes(profile: Profile): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const narrow = args.includes('--narrow');
  const pi = args.indexOf('--profile');
  const profileFile = pi >= 0 ? args[pi + 1] : undefined;
  const lesson = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--profile') ?? 'deployment';
  const dist = resolve(process.env.DIST ?? 'dist');
  if (!existsSync(resolve(dist, 'en', 'lessons', lesson, 'index.html'))) throw new Error(`no dist/en/lessons/${lesson}/ (npm run build first)`);
  const server = await serveStatic(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: narrow ? { width: 800, height: 700 } : { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${server.url}/en/lessons/${lesson}/`, { waitUntil: 'load' });
    const button = '.lesson-body .code-block button[data-run]';
    const first = (JSON.parse((await page.locator(button).first().getAttribute('data-run')) ?? '[]') as string[])[0]!;
    await page.evaluate((command) => {
      const w = window as unknown as Record<string, number | undefined>;
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true, once: true });
      const poll = (): void => {
        const text = (window as unknown as { __terminals?: Record<string, { text(): string }> }).__terminals?.terminal?.text() ?? '';
        const at = text.indexOf(command);
        const after = at >= 0 ? text.slice(at + command.length).replace(/^[^\n]*\n/, '') : '';
        if (at >= 0 && after.trim().length > 0) w.__firstRow = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }, first);
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.locator(button).first().click();
    await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, undefined, { timeout: 60_000 });
    const report = await page.evaluate(() => {
      const w = window as unknown as Record<string, number>;
      const t0 = w.__clickAt!;
      const rows: [number, number, string][] = [];
      for (const e of performance.getEntriesByType('measure')) {
        if (e.name.startsWith('terminal:') && e.startTime + e.duration >= t0 - 1) rows.push([e.startTime - t0, e.duration, e.name]);
      }
      for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        if (e.responseEnd >= t0 && e.name.endsWith('.js')) rows.push([e.startTime - t0, e.responseEnd - e.startTime, `fetch ${e.name.split('/').pop()}`]);
      }
      rows.sort((a, b) => a[0] - b[0]);
      return { rows, firstRow: w.__firstRow! - t0 };
    });
    const tasks = report.rows.filter((r) => r[2].endsWith('-task'));
    for (const [at, dur, name] of report.rows.filter((r) => !r[2].endsWith('-task'))) console.log(`${at.toFixed(0).padStart(6)} +${dur.toFixed(0).padStart(5)} ms  ${name}`);
    if (tasks.length) console.log(`  (${tasks.length} cluster tasks, longest ${Math.max(...tasks.map((t) => t[1])).toFixed(0)} ms)`);
    console.log(`first output row at ${report.firstRow.toFixed(0)} ms after the click`);
    if (profileFile) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      writeFileSync(profileFile, JSON.stringify(profile));
      for (const { name, ms } of selfTimes(profile).slice(0, 40)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
