/**
 * The service worker `npm run dev` serves (the build replaces this file with the real one,
 * scripts/offline/sw-template.js). A browser that kept the offline copy of a built course on
 * this address (after `npm run preview`, say) checks sw.js on its next visit, gets this one,
 * and this one removes itself and that copy, then reloads the open pages: the dev server's
 * pages are never hidden behind an old cache. Serving this file in place of the real one also
 * takes a deployed course's offline copy away from every learner's browser.
 */
self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const scope = new URL(self.registration.scope).pathname;
      for (const name of await caches.keys()) if (name.startsWith(`course@${scope}:`)) await caches.delete(name);
      await self.registration.unregister();
      for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
    })(),
  );
});
