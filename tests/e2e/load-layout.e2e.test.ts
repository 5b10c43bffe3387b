/**
 * No page's own script makes the browser lay the page out while it loads (run `npm run build`
 * first). A script that reads layout (`getBoundingClientRect`, `offsetHeight`, even
 * `innerHeight`) before the browser's first layout forces one there and then, in the middle of
 * the page's start: on a long lesson and a phone's slow processor, that one pass is the longest
 * task of the load. Whether a read forces it depends on whether the browser has laid the page
 * out yet, which depends on timing, so this checks for the reads themselves: none before the
 * page's `load` event.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveStatic, type StaticServer } from './static-server.ts';

const DIST = resolve('dist');
const PAGES = ['/', '/en/lessons/pods/', '/en/lessons/services/', '/en/lessons/capstone/', '/en/progress/', '/en/glossary/'];

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(resolve('test-results'), { recursive: true });
  server = await serveStatic(DIST);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Before the page's own code runs, wraps what reads layout (boxes, offsets, scroll sizes, the
 * window's inner size) to note each read made before the page's `load` event, with the caller,
 * except in a resize or intersection observer's callback.
 */
function watchLayoutReads(): void {
  const reads: string[] = [];
  (window as Window & { __layoutReads?: string[] }).__layoutReads = reads;
  let loading = true;
  addEventListener('load', () => (loading = false), { once: true });
  // A resize or intersection observer reports after the browser's layout: reads there are free.
  let observing = 0;
  for (const name of ['ResizeObserver', 'IntersectionObserver'] as const) {
    const Base = window[name] as unknown as new (cb: (...a: unknown[]) => void, o?: unknown) => object;
    const Watched = function (cb: (...a: unknown[]) => void, o?: unknown) {
      return new Base((...a: unknown[]) => {
        observing++;
        try {
          cb(...a);
        } finally {
          observing--;
        }
      }, o);
    };
    Watched.prototype = Base.prototype;
    (window as unknown as Record<string, unknown>)[name] = Watched;
  }
  const note = (what: string): void => {
    if (!loading || observing > 0) return;
    const caller = (new Error().stack ?? '').split('\n').find((l) => /https?:/.test(l) && !l.includes('watchLayoutReads'));
    reads.push(`${what} ${caller?.trim() ?? ''}`);
  };
  const wrapMethod = (proto: object, name: string): void => {
    const f = (proto as Record<string, unknown>)[name] as (...a: unknown[]) => unknown;
    (proto as Record<string, unknown>)[name] = function (this: unknown, ...a: unknown[]) {
      note(name);
      return f.apply(this, a);
    };
  };
  const wrapGetter = (owner: object, name: string): void => {
    let proto: object | null = owner;
    while (proto && !Object.getOwnPropertyDescriptor(proto, name)) proto = Object.getPrototypeOf(proto);
    const d = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (!d?.get || !d.configurable) return;
    const get = d.get;
    Object.defineProperty(proto, name, {
      ...d,
      get(this: unknown) {
        note(name);
        return get.call(this);
      },
    });
  };
  wrapMethod(Element.prototype, 'getBoundingClientRect');
  wrapMethod(Element.prototype, 'getClientRects');
  for (const n of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight', 'scrollTop']) wrapGetter(Element.prototype, n);
  for (const n of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft']) wrapGetter(HTMLElement.prototype, n);
  for (const n of ['innerHeight', 'innerWidth', 'scrollY']) wrapGetter(window, n);
}

/** What the page's own scripts read of layout while `path` loads. */
async function layoutReads(path: string, width: number, height: number): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(watchLayoutReads);
  await page.goto(server.url + path, { waitUntil: 'load' });
  const reads = await page.evaluate(() => (window as Window & { __layoutReads?: string[] }).__layoutReads ?? ['(not watched)']);
  await context.close();
  return reads.map((r) => r.replace(server.url, ''));
}

describe('a page loading', () => {
  for (const path of PAGES) {
    it(`${path} on a phone: no script reads layout`, async () => {
      expect(await layoutReads(path, 375, 667)).toEqual([]);
    });
  }
  it('a lesson on a laptop: no script reads layout', async () => {
    expect(await layoutReads('/en/lessons/pods/', 1280, 800)).toEqual([]);
  });
});
