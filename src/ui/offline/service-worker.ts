/**
 * Registers the course's service worker (the build writes `<base>sw.js`, see
 * scripts/offline/integration.mjs) so that, after the first visit, the course works without a
 * network; and offers the reader a reload when a new version of the course has been deployed.
 *
 * The new version waits beside the old one until the reader presses "Reload" in the prompt:
 * reloading on its own would throw away what the reader is typing. Under `astro dev` there is
 * no worker at all, and one left over from a preview on the same address is removed, so the
 * dev server's files are never hidden behind an old cache.
 */

/** The prompt element the page renders (hidden) and the worker registration it needs. */
export interface UpdatePrompt {
  /** Shows the prompt; `reload` runs when its button is pressed. */
  show(reload: () => void): void;
}

/** Registers `<base>sw.js` with scope `<base>`; `prompt` is shown when a new version is installed. */
export async function registerCourseWorker(base: string, prompt: UpdatePrompt, production: boolean): Promise<void> {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw || location.protocol === 'file:') return;
  if (!production) {
    for (const r of await sw.getRegistrations()) await r.unregister();
    return;
  }
  const registration = await sw.register(`${base}sw.js`, { scope: base, updateViaCache: 'none' });
  let wanted = false;
  // The first worker claims the page too (a controllerchange): only a reload the reader asked for follows it.
  sw.addEventListener('controllerchange', () => {
    if (wanted) location.reload();
  });
  const offer = (worker: ServiceWorker): void =>
    prompt.show(() => {
      wanted = true;
      worker.postMessage('skip-waiting');
    });
  // A version that finished installing during an earlier visit.
  if (registration.waiting && sw.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // Without a controller this is the first install, not an update.
      if (worker.state === 'installed' && sw.controller) offer(worker);
    });
  });
}

/** The prompt inside `element` (its button reloads), shown by removing `hidden`. */
export function promptIn(element: HTMLElement): UpdatePrompt {
  return {
    show(reload) {
      const button = element.querySelector('button');
      button?.addEventListener('click', () => {
        button.disabled = true;
        reload();
      });
      element.hidden = false;
    },
  };
}
