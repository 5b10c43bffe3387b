/**
 * Storage and tabs in Chromium against the built site (run `npm run build` first): a full
 * storage is said in the terminal and never brings back an older cluster after a reload; two
 * tabs of one lesson do not both save (the second says so, refuses typing and Run buttons, and
 * can take over); a command that
 * throws inside the page ends with `bash: internal error` and Run buttons keep working.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const LESSON = '/en/lessons/pods/';

let server: StaticServer;
let browser: Browser;

function terminalText(page: Page, id = 'terminal'): Promise<string> {
  return page.evaluate((tid) => window.__terminals?.[tid]?.text() ?? '', id);
}

/** Types `line` through the terminal's probe and waits for it to finish. */
function run(page: Page, line: string): Promise<void> {
  return page.evaluate((l) => window.__terminals!.terminal!.run(l), line);
}

async function openLesson(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + LESSON);
  await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
  return { page, errors };
}

beforeAll(async () => {
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('storage', () => {
  it('says so in the terminal when the storage is full, and a reload brings back nothing older', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, errors } = await openLesson(context);
    await run(page, 'kubectl create deployment old --image=nginx:1.27');
    await page.evaluate(() => window.__terminals!.terminal!.save());
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith(':journal')))).toBe(true);

    // Fill the origin's storage with something that is not the course's, as another app would.
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      for (let i = 0; chunk.length > 16; ) {
        try {
          localStorage.setItem(`other-app-${i++}`, chunk);
        } catch {
          chunk = chunk.slice(0, chunk.length >> 1);
        }
      }
    });
    await run(page, 'kubectl create deployment new --image=nginx:1.27 && cat <<EOF > big.txt\n' + 'y'.repeat(4000) + '\nEOF');
    await page.evaluate(() => window.__terminals!.terminal!.save());
    await expect.poll(() => terminalText(page)).toMatch(/storage is full or disabled/);

    await page.reload();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await run(page, 'kubectl get deployments');
    const text = await terminalText(page);
    // Not the older cluster (with `old` only) as if it were the latest.
    expect(text).not.toMatch(/^old\s/m);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets one tab own a lesson; the other says so and can take over with the owner\'s latest work', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const first = await openLesson(context);
    await run(first.page, 'kubectl create deployment web --image=nginx:1.27');
    const second = await openLesson(context);
    await expect.poll(() => second.page.locator('.terminal-tab-notice').count()).toBe(1);
    expect(await second.page.locator('#terminal').getAttribute('data-read-only')).toBe('');
    expect(await terminalText(second.page)).toMatch(/open in another tab/);
    // Read-only really: typed keys and Run buttons reach no shell; the terminal says why.
    await second.page.locator('#terminal .xterm-helper-textarea').focus();
    await second.page.keyboard.type('echo typed-$((40+2))');
    await second.page.keyboard.press('Enter');
    await expect.poll(() => terminalText(second.page)).toMatch(/terminal is read-only while another tab owns this lesson/);
    await second.page.locator('.code-block button[data-run]').first().click();
    await second.page.waitForTimeout(500);
    expect(await terminalText(second.page)).not.toMatch(/typed-|echo typed/);
    expect(await second.page.locator('.code-block button[data-run]').first().getAttribute('data-state')).toBe('done');

    // The first tab did more after the second opened: the take-over must bring that too.
    await run(first.page, 'kubectl create deployment api --image=nginx:1.27');
    await second.page.locator('.terminal-tab-notice button').click();
    await second.page.waitForLoadState('load');
    await second.page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    expect(await second.page.locator('.terminal-tab-notice').count()).toBe(0);
    await run(second.page, 'kubectl get deployments -o name');
    await expect.poll(() => terminalText(second.page)).toMatch(/deployment\.apps\/api\r?\n?.*deployment\.apps\/web|deployment\.apps\/api[\s\S]*deployment\.apps\/web/);
    await expect.poll(() => terminalText(first.page)).toMatch(/another tab took over/);
    expect(first.errors.concat(second.errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it('ends a command that throws with "bash: internal error" and Run buttons keep working', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page } = await openLesson(context);
    // A fault inside the course: printing the next List as JSON throws.
    await page.evaluate(() => {
      const stringify = JSON.stringify;
      JSON.stringify = function (this: unknown, ...args: Parameters<typeof JSON.stringify>) {
        // `-o json` escapes each string through JSON.stringify; the List's kind is one of them.
        if (args[0] === 'List') {
          JSON.stringify = stringify;
          throw new TypeError("Cannot read properties of undefined (reading 'items')");
        }
        return stringify.apply(JSON, args);
      } as typeof JSON.stringify;
    });
    await run(page, 'kubectl get pods -o json');
    expect(await terminalText(page)).toMatch(/bash: internal error/);
    expect(await terminalText(page)).not.toMatch(/Cannot read properties/);
    // Two Run buttons in a row: the queue behind the failed command is alive.
    const runs = page.locator('.code-block button[data-run]');
    for (const i of [0, 1]) {
      const commands = JSON.parse((await runs.nth(i).getAttribute('data-run'))!) as string[];
      const before = (await terminalText(page)).length;
      await runs.nth(i).click();
      await expect.poll(async () => (await terminalText(page)).slice(before - 50), { timeout: 20_000 }).toContain(commands[0]!);
    }
    await run(page, 'echo still-here');
    // xterm draws asynchronously: wait for the line rather than read the screen once.
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/^still-here$/m);
    await context.close();
  }, 120_000);
});
