/**
 * The lesson page in Chromium, against the built site (run `npm run build` first): the text
 * without JavaScript, Run buttons, typing into the terminal, persistence and reset. Exercises
 * are in exercise.e2e.test.ts, screens and screen readers in screens.e2e.test.ts.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { getExercise } from '../../src/exercises/registry.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');

let server: StaticServer;
let browser: Browser;
let lessonPath: string;

/** The terminal's text, through the probe the page exposes for tests. */
function terminalText(page: Page, id = 'terminal'): Promise<string> {
  return page.evaluate((tid) => window.__terminals?.[tid]?.text() ?? '', id);
}

async function openLesson(opts: { width: number; height: number; js?: boolean }) {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: opts.height },
    javaScriptEnabled: opts.js ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + lessonPath);
  return { context, page, errors };
}

beforeAll(async () => {
  const lessons = readdirSync(join(DIST, 'en', 'lessons'));
  const pods = lessons.find((s) => s === 'pods');
  if (!pods) throw new Error(`no Pods lesson in ${DIST}/en/lessons (run npm run build first)`);
  lessonPath = `/en/lessons/${pods}/`;
  mkdirSync(RESULTS, { recursive: true });
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('lesson page', () => {
  it('reads without JavaScript', async () => {
    const { context, page } = await openLesson({ width: 1000, height: 800, js: false });
    expect(await page.locator('h1').textContent()).toMatch(/Pods/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Read as a reader scrolls: the browser renders a lesson section once it nears the screen.
    let text = await page.locator('.lesson-header').innerText();
    for (const section of await page.locator('.lesson-body > *').all()) {
      await section.scrollIntoViewIfNeeded();
      text += '\n' + (await section.innerText());
    }
    expect(text).toMatch(/kubectl apply -f/);
    expect(text.length).toBeGreaterThan(5000);
    await expect.poll(() => page.getByText('The terminal needs JavaScript').isVisible()).toBe(true);
    // Exercises read without JS: title and checklist labels are in the HTML.
    const firstExercise = await page.locator('course-exercise').first().getAttribute('data-id');
    const exercise = getExercise(firstExercise!)!;
    expect(await page.locator('course-exercise').first().innerText()).toContain(exercise.title);
    expect(await page.locator('course-exercise .check-label').first().innerText()).toBe(exercise.checks[0]!.label.replace(/`/g, ''));
    await context.close();
  });

  it('defers the terminal until needed, then runs a code block from its Run button', async () => {
    const { context, page, errors } = await openLesson({ width: 800, height: 700 });
    await page.waitForLoadState('networkidle');
    // Narrow screen: the terminal is further down the text and has not loaded anything yet.
    expect(await page.locator('#terminal').getAttribute('data-state')).toBe('idle');
    const heavy = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /session\.[\w-]+\.js/.test(r.name)).length);
    expect(heavy).toBe(0);

    const run = page.locator('.code-block button[data-run]').first();
    const commands = JSON.parse((await run.getAttribute('data-run'))!) as string[];
    expect(commands[0]).toMatch(/^kubectl /);
    await run.click();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain(commands[0]!);
    if (commands[0] === 'kubectl get nodes') {
      await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/control-plane\s+Ready\s+control-plane/);
    }
    // The terminal was brought on screen.
    const box = await page.locator('#terminal').boundingBox();
    expect(box!.y).toBeLessThan(700);
    expect(box!.y + box!.height).toBeGreaterThan(0);

    // Apply saves a manifest block as a file and applies it.
    const apply = page.locator('.code-block button[data-apply]').first();
    const file = (await apply.getAttribute('data-apply'))!;
    expect(await apply.getAttribute('aria-label')).toContain(file);
    await apply.click();
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain(`kubectl apply -f ${file}`);
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/^\w+\/[\w.-]+ (created|configured|unchanged)$/m);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs what is typed with the keyboard', async () => {
    const { context, page, errors } = await openLesson({ width: 1400, height: 900 });
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await page.locator('#terminal .xterm').click();
    await page.keyboard.type('kubectl get namespaces');
    await page.keyboard.press('Enter');
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('kube-node-lease');
    // The terminal is labelled for assistive technology.
    expect(await page.locator('#terminal textarea').getAttribute('aria-label')).toMatch(/Terminal/);
    await page.keyboard.type('kubectl run web --image=nginx:1.25');
    await page.keyboard.press('Enter');
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('pod/web created');
    await page.keyboard.type('kubectl get pods');
    await page.keyboard.press('Enter');
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/web\s+\d\/1/);
    await page.screenshot({ path: join(RESULTS, 'lesson.png') });

    // Tab completes inside the terminal; Escape then Tab leaves it.
    const inTerminal = () => page.evaluate(() => !!document.activeElement?.closest('course-terminal'));
    await page.keyboard.press('Tab');
    expect(await inTerminal()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await inTerminal()).toBe(false);

    // Files, history and the cluster survive a reload (the Pod keeps its generated uid).
    await page.evaluate(() => window.__terminals!.terminal!.run('echo kept-across-reloads > note.txt'));
    await page.evaluate(() => window.__terminals!.terminal!.run("kubectl get pod web -o jsonpath='{.metadata.uid}{\"\\n\"}'"));
    // xterm draws written text asynchronously: wait for the line rather than reading at once.
    const uidLine = /^([0-9a-f]{8}-[0-9a-f-]{27})$/m;
    await expect.poll(async () => uidLine.test(await terminalText(page)), { timeout: 20_000 }).toBe(true);
    const uidBefore = (await terminalText(page)).match(uidLine)?.[1];
    expect(uidBefore).toBeTruthy();
    await page.evaluate(() => window.__terminals!.terminal!.save());
    await page.reload();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await page.evaluate(() => window.__terminals!.terminal!.run('cat note.txt; history'));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/^kept-across-reloads$/m);
    expect(await terminalText(page)).toMatch(/\d+\s+kubectl get namespaces/);
    await page.evaluate(() => window.__terminals!.terminal!.run("kubectl get pod web -o jsonpath='{.metadata.uid}{\"\\n\"}'"));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain(uidBefore!);

    // Reset cluster: a fresh cluster (the Pod made above is gone); the reader's files and
    // history stay.
    page.on('dialog', (d) => void d.accept());
    const reset = page.locator('button[data-reset="terminal"]');
    await reset.click();
    await expect.poll(() => reset.isEnabled()).toBe(true);
    await page.evaluate(() => window.__terminals!.terminal!.run('kubectl get pod web; cat note.txt; history 3'));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('pods "web" not found');
    expect(await terminalText(page)).toMatch(/^kept-across-reloads$/m);
    expect(await terminalText(page)).toMatch(/\d+\s+cat note.txt; history$/m);
    expect(errors).toEqual([]);
    await context.close();
  });
});
