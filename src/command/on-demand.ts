/**
 * Code fetched on first use. `lazyModule` shares one download among its callers and tries
 * again after a failure (offline, the next command fetches it); `onDemand` adds a synchronous
 * read for code that a caller awaits once up front (the dispatcher, before a command whose
 * flags ask for a printer) and then uses from code that cannot await.
 */

/** `load`, called at most once (until it fails): modules several commands share download once. */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () =>
    (p ??= load().catch((e: unknown) => {
      p = undefined;
      throw e;
    }));
}

/** A module loaded by `load()` and read by `get()` once that has resolved. */
export interface OnDemand<T> {
  load(): Promise<void>;
  /** The module; throws (naming `what`) if `load()` has not resolved yet. */
  get(): T;
}

/** `what` names the code in the error a premature `get()` throws ("the JSONPath printer"). */
export function onDemand<T>(what: string, importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  const fetch = lazyModule(() => importer().then((m) => (loaded = m)));
  return {
    load: () => fetch().then(() => undefined),
    get() {
      if (loaded === undefined) throw new Error(`${what} is not loaded (await its load first)`);
      return loaded;
    },
  };
}
