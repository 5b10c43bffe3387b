/**
 * When and how a terminal starts, so that starting it never holds the page up: the docked
 * terminal waits until the page has loaded and the browser is idle, and its start runs as a
 * series of short tasks with a turn for the browser (input, paint) between them, instead of one
 * long one. A reader's Run click skips the wait, and the rest of the start then runs without
 * yielding (run-in-tasks.ts, `StartPace`).
 */

/** Ends the current task and resumes in a new one, after whatever input and rendering is pending. */
export function nextTask(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/** Longest wait for an idle moment after load (a busy page still gets its terminal). */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `cb` once the page has loaded and the browser is next idle; returns a function that
 * cancels the call (a Run click that starts the terminal sooner).
 */
export function whenIdleAfterLoad(cb: () => void, win: Window = window): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onIdle = (): void => {
    if (!cancelled) cb();
  };
  const afterLoad = (): void => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function') idleId = win.requestIdleCallback(onIdle, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(onIdle, 200);
  };
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', afterLoad);
    if (idleId !== undefined) win.cancelIdleCallback(idleId);
    clearTimeout(timer);
  };
}

/**
 * Times a step of the terminal's start as a performance measure (`terminal:<step>`), so the
 * Performance panel and the browser tests see each step's duration.
 */
export async function step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    performance.measure(`terminal:${name}`, { start, end: performance.now() });
  }
}
