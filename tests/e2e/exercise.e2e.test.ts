/**
 * One exercise in Chromium, as a learner takes it (run `npm run build` first): Start gives it
 * its own cluster and terminal (the lesson's cluster stays clean), a hint at a time, a wrong
 * attempt that reveals what is missing, Reset that prepares it again while keeping files and
 * history, the solution sent to its terminal, waits skipped with Fast-forward, and completion
 * (with hints, attempts and the solution recorded) that survives a reload, as does its cluster.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { getExercise } from '../../src/exercises/registry.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');
const LESSON = '/en/lessons/pods/';
const EXERCISE = 'pods/fix-db';

let server: StaticServer;
let browser: Browser;

const text = (page: Page, id: string): Promise<string> => page.evaluate((t) => window.__terminals?.[t]?.text() ?? '', id);
const run = (page: Page, id: string, line: string): Promise<void> =>
  page.evaluate(([t, l]) => window.__terminals![t!]!.run(l!), [id, line] as const);

/** Presses Fast-forward whenever it is offered, until `done` holds. */
async function untilWithSkips(box: Locator, skip: Locator, done: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`not done after ${timeoutMs} ms: ${await box.innerText()}`);
    if (await skip.isVisible()) await skip.click().catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
  }
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

describe('an exercise', () => {
  it('goes through Start, a hint, a wrong attempt, Reset, the solution, and stays done after a reload', { timeout: 180_000 }, async () => {
    const exercise = getExercise(EXERCISE)!;
    expect(exercise.setup.length).toBeGreaterThan(0);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await page.goto(server.url + LESSON);

    const box = page.locator(`course-exercise[data-id="${EXERCISE}"]`);
    const termId = (await box.getAttribute('data-terminal'))!;
    const skip = page.locator(`button[data-skip="${termId}"]`);
    await box.scrollIntoViewIfNeeded();
    // Before Start: the task and the goal, no terminal, no verdicts.
    expect(await box.locator('.exercise-terminal').isVisible()).toBe(false);
    expect(await box.locator('.check[data-state="unknown"]').count()).toBe(exercise.checks.length);

    // Start: its own cluster, prepared by the setup.
    await box.locator('[data-start-exercise]').click();
    await page.waitForSelector(`#${termId}[data-ready]`, { timeout: 30_000 });
    await run(page, termId, 'kubectl get pods -o name');
    await expect.poll(() => text(page, termId), { timeout: 20_000 }).toMatch(/^pod\/db$/m);
    // ...which is not the lesson's: the lesson's terminal has no exercise objects.
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await run(page, 'terminal', 'kubectl get pods');
    await expect.poll(() => text(page, 'terminal'), { timeout: 20_000 }).toContain('No resources found in default namespace.');
    // Until the first attempt only the labels show.
    expect(await box.locator('.check[data-state="failed"]').count()).toBe(0);
    expect(await box.locator('.check-detail:not(:empty)').count()).toBe(0);

    // A hint, one at a time.
    const hints = box.locator('.hint');
    const visibleHints = () => hints.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
    expect(await visibleHints()).toBe(0);
    await box.locator('[data-hint-next]').click();
    expect(await visibleHints()).toBe(1);
    expect(await box.locator('[data-hint-next]').innerText()).toContain(`2 of ${exercise.hints.length}`);

    // A wrong attempt: checking before fixing anything reveals what is missing.
    await box.locator('[data-check]').click();
    await expect.poll(() => box.locator('.check[data-state="failed"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await box.locator('.check-detail:not(:empty)').count()).toBeGreaterThan(0);
    expect(await box.getAttribute('data-done')).toBeNull();
    await page.screenshot({ path: join(RESULTS, 'exercise-attempt.png') });

    // Break it further, write a file, then Reset: the setup is back, the file and history stay.
    await run(page, termId, 'echo kept > note.txt; kubectl delete pod db --wait=false');
    await run(page, termId, 'kubectl get pods');
    await expect.poll(() => text(page, termId), { timeout: 20_000 }).toMatch(/No resources found|Terminating/);
    const reset = box.locator(`button[data-reset="${termId}"]`);
    await reset.click();
    await expect.poll(() => reset.isEnabled(), { timeout: 30_000 }).toBe(true);
    await run(page, termId, 'kubectl get pods -o name; cat note.txt; history 2');
    await expect.poll(() => text(page, termId), { timeout: 20_000 }).toMatch(/^pod\/db$/m);
    expect(await text(page, termId)).toMatch(/^kept$/m);
    expect(await text(page, termId)).toMatch(/\d+\s+kubectl get pods$/m);

    // The solution: shown, sent to the exercise's terminal; its waits skipped.
    await box.locator('details[data-solution] summary').click();
    await box.locator('[data-send-solution]').click();
    await untilWithSkips(box, skip, async () => (await box.getAttribute('data-done')) === 'now');
    expect(await box.locator('.check[data-state="passed"]').count()).toBe(exercise.checks.length);
    expect(await box.locator('.exercise-status').innerText()).toMatch(/Done, with the solution shown/);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'exercise-done.png') });
    const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('course:progress') ?? '{}'));
    expect(progress.version).toBe(2);
    expect(progress.exercises[EXERCISE]).toMatchObject({ hintsUsed: 1, withSolution: true });
    expect(progress.exercises[EXERCISE].attempts).toBeGreaterThanOrEqual(1);
    expect(typeof progress.exercises[EXERCISE].doneAt).toBe('string');

    // After a reload: done and the hint count are remembered; the exercise's cluster comes
    // back (journal replay) once it is on screen, still solved.
    await page.evaluate((t) => window.__terminals![t]!.save(), termId);
    await page.reload();
    await box.scrollIntoViewIfNeeded();
    expect(await box.getAttribute('data-done')).toMatch(/^(now|before)$/);
    expect(await visibleHints()).toBe(1);
    await page.waitForSelector(`#${termId}[data-ready]`, { timeout: 30_000 });
    await expect.poll(() => box.getAttribute('data-done'), { timeout: 20_000 }).toBe('now');
    await run(page, termId, 'kubectl get pod db -o jsonpath="{.status.phase}{\\"\\\\n\\"}"');
    await expect.poll(() => text(page, termId), { timeout: 20_000 }).toMatch(/^Running$/m);
    expect(errors).toEqual([]);
    await context.close();
  });
});
