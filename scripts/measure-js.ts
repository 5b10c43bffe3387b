/**
 * How much JavaScript a lesson page costs, from the built site (dist/; run `npm run build`
 * first), in three honest parts:
 * - before the terminal starts: `initial`, the module scripts the HTML references and the
 *   chunks they import statically (read from the files), and `loaded`, what Chromium actually
 *   fetched with the page in a small viewport (terminal below the fold, so not started);
 * - at terminal start (`terminal`): what Chromium fetched after the terminal was scrolled into
 *   view until it was ready: everything starting a terminal requires (xterm, simulator, glue);
 * - on demand (`onDemand`): chunks the code can still import() later (help texts, the YAML
 *   parser for `-f`, explain's schemas...), found by following the dynamic imports of what was
 *   fetched through dist/; they cost nothing until a command needs them.
 * Sizes are raw bytes and gzip -9 bytes.
 *
 *   npx node --experimental-strip-types --no-warnings scripts/measure-js.ts [dist] [/en/lessons/pods/]
 */
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic } from '../tests/e2e/static-server.ts';

export interface JsFile {
  path: string;
  raw: number;
  gzip: number;
}

export interface JsGroup {
  files: JsFile[];
  raw: number;
  gzip: number;
}

export interface JsReport {
  page: string;
  /** Module scripts of the HTML plus their static imports (from dist/, no browser). */
  initial: JsGroup;
  /** JS the browser fetched before the terminal started. */
  loaded: JsGroup;
  /** JS fetched when the terminal started (its dynamic chunks). */
  terminal: JsGroup;
  /** loaded + terminal. */
  total: JsGroup;
  /** Chunks not fetched so far that the fetched code may import() later (with their static imports). */
  onDemand: JsGroup;
}

function group(files: JsFile[]): JsGroup {
  return { files, raw: files.reduce((a, f) => a + f.raw, 0), gzip: files.reduce((a, f) => a + f.gzip, 0) };
}

function sizes(path: string, body: Buffer): JsFile {
  return { path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** The first lesson's page, the Pods lesson of dist/en/lessons (its URL path). */
export async function firstLessonPath(dist: string): Promise<string> {
  const dir = join(dist, 'en', 'lessons');
  const slugs = await readdir(dir);
  if (!slugs.includes('pods')) throw new Error(`no Pods lesson under ${dir}`);
  return '/en/lessons/pods/';
}

/** Static import closure of the page's module scripts, read from dist/. */
async function staticClosure(dist: string, pagePath: string): Promise<JsFile[]> {
  const html = await readFile(join(dist, pagePath, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const out: JsFile[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const body = await readFile(join(dist, url));
    out.push(sizes(url, body));
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`), not `import("./x.js")`.
    queue.push(...staticImports(url, body.toString('utf8')));
  }
  return out;
}

/** `import("./x.js")` targets of a chunk (rolldown writes them with backquotes), as dist/ URLs. */
function dynamicImports(url: string, body: string): string[] {
  return [...body.matchAll(/\bimport\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g)].map((m) => posix.join(posix.dirname(url), m[1]!));
}

/** Static `import ... from "./x.js"` targets of a chunk, as dist/ URLs. */
function staticImports(url: string, body: string): string[] {
  return [...body.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)].map((m) => posix.join(posix.dirname(url), m[1]!));
}

/**
 * Chunks reachable from `fetched` only through dynamic imports (each with its static imports),
 * minus what was fetched: the parts the page loads later, when a command uses them.
 */
async function onDemandChunks(dist: string, fetched: string[]): Promise<JsFile[]> {
  const have = new Set(fetched);
  const seen = new Set<string>();
  const out: JsFile[] = [];
  const queue: string[] = [];
  for (const url of fetched) queue.push(...dynamicImports(url, await readFile(join(dist, url), 'utf8')));
  while (queue.length) {
    const url = queue.shift()!;
    if (have.has(url) || seen.has(url) || !existsSync(join(dist, url))) continue;
    seen.add(url);
    const body = await readFile(join(dist, url));
    out.push(sizes(url, body));
    const text = body.toString('utf8');
    queue.push(...staticImports(url, text), ...dynamicImports(url, text));
  }
  return out;
}

/** Measures a lesson page of the built site. */
export async function measureJs(opts: { dist?: string; page?: string } = {}): Promise<JsReport> {
  const dist = resolve(opts.dist ?? 'dist');
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: run \`npm run build\` first`);
  const page = opts.page ?? (await firstLessonPath(dist));
  const initial = group(await staticClosure(dist, page));

  const server = await serveStatic(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    // Narrow and short: the terminal floats at the bottom, collapsed (not started).
    const context = await browser.newContext({ viewport: { width: 600, height: 500 } });
    const tab = await context.newPage();
    const fetched: JsFile[] = [];
    const pending: Promise<void>[] = [];
    tab.on('response', (res) => {
      const url = new URL(res.url());
      if (!url.pathname.endsWith('.js')) return;
      pending.push(res.body().then((b) => void fetched.push(sizes(url.pathname, b)), () => {}));
    });
    await tab.goto(server.url + page, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const before = fetched.length;
    const started = await tab.evaluate(() => document.querySelector('course-terminal')?.getAttribute('data-state'));
    // Narrow screens float the terminal at the bottom, collapsed until opened: open it.
    const toggle = tab.locator('[data-dock-toggle]').first();
    if ((await toggle.count()) && (await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    else await tab.locator('course-terminal').first().scrollIntoViewIfNeeded();
    await tab.waitForSelector('course-terminal[data-ready]', { timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    await Promise.all(pending);
    if (started && started !== 'idle') console.warn(`note: the terminal had already started (${started}) before scrolling`);
    const loaded = group(fetched.slice(0, before));
    const terminal = group(fetched.slice(before));
    await context.close();
    const onDemand = group(await onDemandChunks(dist, fetched.map((f) => f.path)));
    return { page, initial, loaded, terminal, total: group([...loaded.files, ...terminal.files]), onDemand };
  } finally {
    await browser.close();
    await server.close();
  }
}

function kb(n: number): string {
  return `${(n / 1024).toFixed(1)} KiB`.padStart(10);
}

/** A readable table of a report. */
export function formatReport(r: JsReport): string {
  const lines = [`JavaScript on ${r.page} (raw / gzip -9; 1 KiB = 1024 bytes)`];
  const section = (title: string, g: JsGroup) => {
    lines.push('', `${title.padEnd(44)}${kb(g.raw)} ${kb(g.gzip)}`);
    for (const f of g.files) lines.push(`  ${f.path.padEnd(42)}${kb(f.raw)} ${kb(f.gzip)}`);
  };
  section('1. before the terminal starts (HTML scripts)', r.initial);
  section('   fetched before the terminal starts', r.loaded);
  section('2. at terminal start (what starting requires)', r.terminal);
  section('3. on demand (loaded later, only when used)', r.onDemand);
  lines.push(
    '',
    `${'page + terminal started (1 + 2)'.padEnd(44)}${kb(r.total.raw)} ${kb(r.total.gzip)}`,
    `${'terminal and everything behind it (2)'.padEnd(44)}${kb(r.terminal.raw)} ${kb(r.terminal.gzip)}  = ${(r.terminal.gzip / 1000).toFixed(1)} kB gzip`,
  );
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const report = await measureJs({ dist: process.argv[2] ?? join(root, 'dist'), ...(process.argv[3] ? { page: process.argv[3] } : {}) });
  console.log(formatReport(report));
}
