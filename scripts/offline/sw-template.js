/**
 * The course's service worker: after the first visit, every page and every file of the
 * terminal comes from the browser's cache, so the course works without a network.
 *
 * The build (scripts/offline/integration.mjs) writes this file as dist/sw.js, prefixed with
 * the site's base path, a version (a hash of every file's content) and the list of files:
 *   const BASE = '/k8s/'; const VERSION = '3f9c...'; const FILES = ['/k8s/', '/k8s/en/', ...];
 * A new deployment changes the version, hence the bytes of sw.js: the browser installs the new
 * worker beside the old one, which keeps serving until the page asks it to step aside (the
 * "new version" prompt); then the old cache is deleted. Files whose names carry a content
 * hash (`_astro/`) are copied from the old cache instead of downloaded again.
 *
 * Requests are answered cache first; what is not in the precache (nothing, normally) goes to
 * the network and is kept for next time.
 */
/* global BASE, VERSION, FILES */

const PREFIX = `course@${BASE}:`;
const CACHE = PREFIX + VERSION;
/** Files downloaded at once while installing. */
const PARALLEL = 6;

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  event.respondWith(respond(request, url));
});

/** Fills this version's cache with every file of the site. */
async function precache() {
  const cache = await caches.open(CACHE);
  const queue = [...FILES];
  const worker = async () => {
    for (let url; (url = queue.shift()) !== undefined; ) {
      const kept = url.includes('/_astro/') ? await caches.match(url) : undefined;
      await cache.put(url, kept ?? (await download(url)));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** `url` from the network, bypassing the HTTP cache; a redirect is followed and stored as its target's page. */
async function download(url) {
  const response = await fetch(new Request(url, { cache: 'reload' }));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  // A redirected response cannot answer a navigation: store a plain copy.
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Cache first; pages also under their address with a trailing slash; the network for the rest. */
async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const hit =
    (await cache.match(request, { ignoreSearch: true })) ??
    (request.mode === 'navigate' && !url.pathname.endsWith('/') ? await cache.match(url.pathname + '/') : undefined);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic' && !response.redirected) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const notFound = request.mode === 'navigate' ? await cache.match(BASE + '404.html') : undefined;
    if (notFound) return notFound;
    throw error;
  }
}
