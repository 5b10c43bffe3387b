/**
 * The build's offline step (scripts/offline/): the Content-Security-Policy each page gets, the
 * service worker's file list and version, and the zip, checked on a miniature site.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { policyFor, withPolicy } from '../../scripts/offline/csp.mjs';
import { addressOf, finishSite, serviceWorkerSource } from '../../scripts/offline/integration.mjs';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A miniature built site: a home page, a lesson with a terminal, a hashed chunk. */
function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'course-site-'));
  dirs.push(root);
  mkdirSync(join(root, 'en/lessons/pods'), { recursive: true });
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><script>document.documentElement.classList.add("js");</script><style>p{color:red}</style></head><body><p>Home</p></body></html>');
  writeFileSync(
    join(root, 'en/lessons/pods/index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/_astro/a.js"></script><script type="application/json" id="c">{"seed":1}</script></head><body><pre style="color:#fff">x</pre><course-terminal id="t"></course-terminal></body></html>',
  );
  writeFileSync(join(root, '_astro/a.1234.js'), 'export const a = 1;');
  return root;
}

describe('the pages\' Content-Security-Policy', () => {
  it('hashes each inline script and style of a page without a terminal, and allows no inline style attribute', () => {
    const html = '<head><script>one()</script><script>two()</script><script src="/x.js"></script><style>p{}</style></head>';
    const policy = policyFor(html);
    expect(policy).toContain(`script-src 'self' ${sha('one()')} ${sha('two()')};`);
    expect(policy).toContain(`style-src-elem 'self' ${sha('p{}')};`);
    expect(policy).toMatch(/style-src-attr 'none'$/);
    expect(policy).not.toMatch(/unsafe/);
  });

  it('gives a page with a terminal inline styles (xterm) but never inline or eval\'d scripts', () => {
    const policy = policyFor('<script>boot()</script><course-terminal id="t"></course-terminal>');
    expect(policy).toContain("style-src-elem 'self' 'unsafe-inline';");
    expect(policy).toMatch(/style-src-attr 'unsafe-inline'$/);
    expect(policy).toContain(`script-src 'self' ${sha('boot()')};`);
  });

  it('allows WebAssembly compilation only where the site has a WebAssembly search index', () => {
    expect(policyFor('<p>', { wasm: true })).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policyFor('<p>')).not.toContain('wasm');
  });

  it('goes right after <meta charset>, and replaces itself when the step runs again', () => {
    const once = withPolicy('<html><head><meta charset="utf-8"><title>x</title></head></html>');
    expect(once).toMatch(/^<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="[^"]+"><title>/);
    const twice = withPolicy(once, { wasm: true });
    expect(twice.match(/content-security-policy/g)).toHaveLength(1);
    expect(twice).toContain('wasm-unsafe-eval');
    // A redirect page has no <head>: the policy follows the doctype.
    expect(withPolicy('<!doctype html><title>Redirecting</title>')).toMatch(/^<!doctype html><meta http-equiv="content-security-policy"/);
  });
});

describe('the service worker\'s list', () => {
  it('names pages by their address under the base path', () => {
    expect(addressOf('index.html', '/')).toBe('/');
    expect(addressOf('en/lessons/pods/index.html', '/k8s/')).toBe('/k8s/en/lessons/pods/');
    expect(addressOf('_astro/a.js', '/k8s')).toBe('/k8s/_astro/a.js');
    expect(addressOf('404.html', '/')).toBe('/404.html');
  });

  it('lists every file but itself and the zip, and changes version when any file changes', () => {
    const root = site();
    writeFileSync(join(root, 'course.zip'), 'old');
    const a = serviceWorkerSource(root, '/k8s/', '/* template */');
    expect(a.source).toContain('const BASE = "/k8s/";');
    expect(a.source).toContain('const FILES = ["/k8s/_astro/a.1234.js","/k8s/en/lessons/pods/","/k8s/"];');
    expect(a.source.endsWith('/* template */')).toBe(true);
    expect(serviceWorkerSource(root, '/k8s/', '').version).toBe(a.version);
    writeFileSync(join(root, '_astro/a.1234.js'), 'export const a = 2;');
    expect(serviceWorkerSource(root, '/k8s/', '').version).not.toBe(a.version);
  });
});

describe('the whole step', () => {
  it('writes the policies, sw.js and a zip that unpacks to the same files', () => {
    const root = site();
    const said = finishSite(root, '/');
    expect(said).toMatch(/^sw\.js precaches 3 files \(version [0-9a-f]{16}\); course\.zip: 5 files/);
    expect(readFileSync(join(root, 'index.html'), 'utf8')).toContain(sha('document.documentElement.classList.add("js");'));
    const out = mkdtempSync(join(tmpdir(), 'course-unzip-'));
    dirs.push(out);
    execFileSync('python3', ['-m', 'zipfile', '-e', join(root, 'course.zip'), out]);
    for (const f of ['index.html', 'en/lessons/pods/index.html', '_astro/a.1234.js', 'sw.js']) {
      expect(readFileSync(join(out, 'kubernetes-course', f), 'utf8'), f).toBe(readFileSync(join(root, f), 'utf8'));
    }
    expect(readFileSync(join(out, 'kubernetes-course', 'README.txt'), 'utf8')).toMatch(/npx serve/);
    // Checked by an independent reader: every entry's CRC matches.
    expect(execFileSync('python3', ['-m', 'zipfile', '-t', join(root, 'course.zip')]).toString()).toMatch(/Done testing/);
  });
});
