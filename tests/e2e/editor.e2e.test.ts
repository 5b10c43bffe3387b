/**
 * The terminal's editor in Chromium, against the built site (run `npm run build` first): a
 * manifest's Edit button opens the file in the editor panel, Save writes what the terminal
 * then applies; `kubectl edit` in the page opens the same panel and patches the object; Escape
 * cancels; the manifest is checked as it is typed; focus comes back to the terminal; the panel
 * loads only when first used.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');

let server: StaticServer;
let browser: Browser;

function terminalText(page: Page): Promise<string> {
  return page.evaluate(() => window.__terminals?.terminal?.text() ?? '');
}

/** Types `line` into the terminal without waiting for it to finish (it may wait for the editor). */
function start(page: Page, line: string): Promise<void> {
  return page.evaluate((l) => void window.__terminals!.terminal!.run(l), line);
}

/** Puts the caret on `needle` in the editor's textarea, selecting it. */
async function select(page: Page, needle: string): Promise<void> {
  await page.locator('.course-editor textarea').evaluate((ta: HTMLTextAreaElement, n) => {
    const at = ta.value.indexOf(n);
    if (at < 0) throw new Error(`no ${n} in the editor`);
    ta.focus();
    ta.setSelectionRange(at, at + n.length);
  }, needle);
}

async function open(path: string, width = 1300) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + path);
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

describe('the terminal editor', () => {
  it('Edit on a manifest opens it; Save writes the file kubectl apply then reads', async () => {
    const { context, page, errors } = await open('/en/lessons/statefulset/');
    await page.waitForLoadState('networkidle');
    const panelLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /editor-panel\.[\w-]+\.js/.test(r.name)));
    // The panel is not part of the terminal's start.
    expect(await panelLoaded()).toBe(false);
    const edit = page.locator('.code-block button[data-edit="sample-statefulset-fixed.yaml"]');
    expect(await edit.getAttribute('aria-label')).toBe("Edit sample-statefulset-fixed.yaml in the terminal's editor");
    await edit.click();
    const dialog = page.locator('dialog.course-editor');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await panelLoaded()).toBe(true);
    expect(await terminalText(page)).toContain('edit sample-statefulset-fixed.yaml');
    expect(await dialog.getByRole('heading').textContent()).toBe('Editing sample-statefulset-fixed.yaml');
    const textarea = dialog.getByRole('textbox', { name: 'Contents of sample-statefulset-fixed.yaml' });
    expect(await textarea.inputValue()).toMatch(/^# file: sample-statefulset-fixed.yaml\napiVersion: apps\/v1\nkind: StatefulSet\n/);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('No problems found.');
    // The highlighted copy and the line numbers follow the text.
    expect(await dialog.locator('.ce-key').first().textContent()).toBe('apiVersion');
    expect(await dialog.locator('.ce-gutter').textContent()).toMatch(/^1\n2\n3\n/);

    // A broken line is reported live, in kubectl's words.
    await select(page, '  replicas: 3\n');
    await page.keyboard.insertText('  replicas: 3\n   oops: x\n');
    await expect.poll(() => dialog.getByRole('status').textContent()).toMatch(/^error: error parsing sample-statefulset-fixed\.yaml: error converting YAML to JSON: yaml: line \d+: /);
    await select(page, '  replicas: 3\n   oops: x\n');
    await page.keyboard.insertText('  replicas: 2\n');
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('No problems found.');
    await page.screenshot({ path: join(RESULTS, 'editor.png') });
    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });
    // Focus is back in the terminal.
    expect(await page.evaluate(() => !!document.activeElement?.closest('course-terminal'))).toBe(true);

    await page.evaluate(() => window.__terminals!.terminal!.run('kubectl apply -f sample-statefulset-fixed.yaml'));
    await page.evaluate(() => window.__terminals!.terminal!.run("kubectl get sts sample-statefulset -o jsonpath='{.spec.replicas}{\"\\n\"}'"));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/statefulset\.apps\/sample-statefulset (created|configured)\n[^]*\n2$/m);

    // Edit again: the terminal's copy opens (with the change), not the block's text.
    await edit.click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByRole('textbox').inputValue()).toContain('  replicas: 2\n');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('kubectl edit opens the object in the panel and patches it on Save; Escape cancels', async () => {
    const { context, page, errors } = await open('/en/lessons/deployment/');
    await page.locator('#terminal').scrollIntoViewIfNeeded();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await page.evaluate(() => window.__terminals!.terminal!.run('kubectl create deployment web --image=nginx:1.27'));
    await start(page, 'kubectl edit deploy/web');
    const dialog = page.locator('dialog.course-editor');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const title = await dialog.getByRole('heading').textContent();
    expect(title).toMatch(/^Editing kubectl-edit-[a-z0-9]{5}\.yaml \(vi\)$/);
    const text = await dialog.getByRole('textbox').inputValue();
    expect(text.startsWith("# Please edit the object below. Lines beginning with a '#' will be ignored,\n")).toBe(true);
    await select(page, 'replicas: 1');
    await page.keyboard.type('replicas: 4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('deployment.apps/web edited');
    await page.evaluate(() => window.__terminals!.terminal!.run("kubectl get deploy web -o jsonpath='{.spec.replicas}{\"\\n\"}'"));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/^4$/m);

    await start(page, 'kubectl edit deploy/web');
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('Edit cancelled, no changes made.');
    expect(errors).toEqual([]);

    // The edit is journaled: after a reload the rebuilt cluster has the edited Deployment.
    await page.evaluate(() => window.__terminals!.terminal!.save());
    await page.reload();
    await page.locator('#terminal').scrollIntoViewIfNeeded();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await page.evaluate(() => window.__terminals!.terminal!.run("kubectl get deploy web -o jsonpath='{.spec.replicas}-rebuilt{\"\\n\"}'"));
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/^4-rebuilt$/m);
    await context.close();
  });

  it('Ctrl+V pastes into the terminal, and help says so', async () => {
    const { context, page, errors } = await open('/en/lessons/pods/');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.locator('#terminal').scrollIntoViewIfNeeded();
    await page.waitForSelector('#terminal[data-ready]', { timeout: 30_000 });
    await page.evaluate(() => navigator.clipboard.writeText('echo pasted-$((40+2))'));
    await page.locator('#terminal .xterm').click();
    await page.keyboard.press('Control+v');
    await page.keyboard.press('Enter');
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toMatch(/^pasted-42$/m);
    await page.keyboard.type('help');
    await page.keyboard.press('Enter');
    await expect.poll(() => terminalText(page), { timeout: 20_000 }).toContain('Ctrl+V pastes.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
