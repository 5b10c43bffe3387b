/**
 * The progress page and the teacher's check, in Chromium against the built site (run
 * `npm run build` first): a learner solves an exercise, downloads the progress file from the
 * progress page, `verify` replays it and passes it; a hand-edited copy (a "done" added, the
 * solution cut from the journal) fails; the file loads into another browser.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';
import { verifyFile } from '../../scripts/verify/verify-export.ts';
import { getExercise } from '../../src/exercises/registry.ts';

const DIST = resolve('dist');
const EXERCISE = 'pods/fix-db';

let server: StaticServer;
let browser: Browser;

async function untilWithSkips(skip: Locator, done: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`not done after ${timeoutMs} ms`);
    if (await skip.isVisible()) await skip.click().catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('progress file', () => {
  it('is made by the progress page, verified by replaying it, and not fooled by editing', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(server.url + '/en/lessons/pods/');
    const box = page.locator(`course-exercise[data-id="${EXERCISE}"]`);
    const termId = (await box.getAttribute('data-terminal'))!;
    await box.locator('[data-start-exercise]').click();
    await page.waitForSelector(`#${termId}[data-ready]`, { timeout: 30_000 });
    await box.locator('details[data-solution] summary').click();
    await box.locator('[data-send-solution]').click();
    await untilWithSkips(page.locator(`button[data-skip="${termId}"]`), async () => (await box.getAttribute('data-done')) === 'now');
    await page.evaluate((t) => window.__terminals![t]!.save(), termId);

    await page.goto(server.url + '/en/progress/');
    const row = page.locator(`tr[data-exercise="${EXERCISE}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('done');
    expect(await row.locator('[data-cell="solution"]').innerText()).toMatch(/^Yes/);
    expect(await page.locator('section[data-lesson="en/pods"] [data-lesson-state]').innerText()).toMatch(/In progress · 1\/\d+ exercises/);
    await page.locator('#progress-name').fill('Ada Lovelace');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#progress-export').click()]);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));

    const rows = await verifyFile('ada.json', text);
    const mine = rows.find((r) => r.exercise === EXERCISE)!;
    expect(mine).toMatchObject({ learner: 'Ada Lovelace', claimed: 'done', verified: true });

    // Tampered: another exercise marked done by hand, and this one's journal cut after its setup.
    const file = JSON.parse(text);
    file.progress.exercises['pods/web'] = { doneAt: '2026-12-01T22:00:00.000Z' };
    const setupCount = getExercise(EXERCISE)!.setup.length;
    file.exercises[EXERCISE].entries = file.exercises[EXERCISE].entries.slice(0, setupCount);
    const tampered = await verifyFile('ada-edited.json', JSON.stringify(file));
    expect(tampered.find((r) => r.exercise === 'pods/web')).toMatchObject({ claimed: 'done', verified: false, detail: 'no journal in the file' });
    expect(tampered.find((r) => r.exercise === EXERCISE)).toMatchObject({ claimed: 'done', verified: false });

    // Another machine: load the file, the progress and the exercise's cluster come along.
    const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page2 = await other.newPage();
    await page2.goto(server.url + '/en/progress/');
    await page2.locator('#progress-import').setInputFiles({ name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page2.locator('#progress-message').innerText()).toMatch(/^Loaded: /);
    expect(await page2.locator(`tr[data-exercise="${EXERCISE}"]`).getAttribute('data-status')).toBe('done');
    expect(await page2.locator('#progress-name').inputValue()).toBe('Ada Lovelace');
    await page2.screenshot({ path: resolve('test-results', 'progress-page.png'), fullPage: false });
    await context.close();
    await other.close();
  }, 180_000);
});
