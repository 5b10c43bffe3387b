/**
 * The build's last step. After `astro build` has written the site:
 *
 * 0. each page gets its Content-Security-Policy <meta> (csp.mjs), before anything is hashed;
 * 1. `sw.js`: the service worker (sw-template.js) with the list of every file the site has
 *    (pages by their address, `en/lessons/pods/` for `en/lessons/pods/index.html`), under the
 *    site's base path, and a version that is a hash of all their contents, so any change in
 *    any file makes a new worker (and the "new version" prompt).
 * 2. `course.zip`: the whole site in a folder, to unpack and serve from a local static server
 *    (see README.txt in it), for a classroom without a network.
 *
 * The zip and the worker are left out of the precache; everything else is in it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { zipFiles } from './zip.mjs';
import { withPolicy } from './csp.mjs';

/** Files that are not part of the site a learner browses. */
const NOT_PRECACHED = new Set(['sw.js', 'course.zip']);
/** The folder the zip unpacks to. */
const ZIP_FOLDER = 'kubernetes-course';

/** Every file under `root`, as paths relative to it with forward slashes, sorted. */
export function listFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** The address a file is requested at: `en/index.html` -> `/base/en/`, `_astro/x.js` -> `/base/_astro/x.js`. */
export function addressOf(file, base) {
  const b = base.endsWith('/') ? base : `${base}/`;
  if (file === 'index.html') return b;
  if (file.endsWith('/index.html')) return b + file.slice(0, -'index.html'.length);
  return b + file;
}

/**
 * The service worker's source for the site in `root` served at `base`: the template with its
 * base, version and file list in front.
 */
export function serviceWorkerSource(root, base, template) {
  const files = listFiles(root).filter((f) => !NOT_PRECACHED.has(f));
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0`).update(createHash('sha256').update(readFileSync(join(root, f))).digest()).update('\0');
  const version = hash.digest('hex').slice(0, 16);
  const urls = files.map((f) => addressOf(f, base));
  const head = [
    '// Written by the build (scripts/offline/integration.mjs): do not edit.',
    `const BASE = ${JSON.stringify(base.endsWith('/') ? base : `${base}/`)};`,
    `const VERSION = ${JSON.stringify(version)};`,
    `const FILES = ${JSON.stringify(urls)};`,
    '',
  ].join('\n');
  return { source: head + template, version, count: urls.length };
}

/** What the zip carries besides the site. */
function readme(base) {
  return [
    'Kubernetes Workloads, hands-on: the whole course, to run without a network.',
    '',
    'The terminals need a web server (a browser loads a page\'s modules only from one, not from',
    'a file opened directly). In this folder, run one of:',
    '',
    '  npx serve                     then open http://localhost:3000/',
    '  python3 -m http.server 8000   then open http://localhost:8000/',
    '',
    base === '/' ? 'Serve the folder at the root of the server, as above.' : `This copy was built for the sub-path ${base}: serve this folder at ${base} (for example, put it in a folder named "${base.replace(/^\/|\/$/g, '')}" inside the web root).`,
    '',
  ].join('\n');
}

/**
 * Runs the step on the built site in `root`, served at `base`: policies, sw.js, course.zip.
 * Returns a line saying what it did.
 */
export function finishSite(root, base) {
  const all = listFiles(root);
  const site = { wasm: all.some((f) => f.startsWith('pagefind/') && f.endsWith('.wasm')) };
  for (const f of all.filter((f) => f.endsWith('.html'))) {
    const path = join(root, f);
    writeFileSync(path, withPolicy(readFileSync(path, 'utf8'), site));
  }
  const template = readFileSync(fileURLToPath(new URL('./sw-template.js', import.meta.url)), 'utf8');
  const sw = serviceWorkerSource(root, base, template);
  writeFileSync(join(root, 'sw.js'), sw.source);
  const files = listFiles(root)
    .filter((f) => f !== 'course.zip')
    .map((f) => ({ name: `${ZIP_FOLDER}/${f}`, data: readFileSync(join(root, f)) }));
  files.push({ name: `${ZIP_FOLDER}/README.txt`, data: Buffer.from(readme(base)) });
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const zip = zipFiles(files, Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date());
  writeFileSync(join(root, 'course.zip'), zip);
  return `sw.js precaches ${sw.count} files (version ${sw.version}); course.zip: ${files.length} files, ${(zip.length / 1024 / 1024).toFixed(1)} MB`;
}

/** The Astro integration: the step runs when `astro build` has written the site. */
export function offline() {
  let base = '/';
  return {
    name: 'course:offline',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = config.base;
      },
      'astro:build:done': ({ dir, logger }) => {
        logger.info(finishSite(fileURLToPath(dir), base));
      },
    },
  };
}
