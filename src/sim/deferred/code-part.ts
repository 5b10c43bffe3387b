/**
 * Simulator code that loads on first use: a `CodePart` names a module the cluster can do
 * without until something needs it (the StatefulSet controller before the first StatefulSet).
 * Loading is the host's business (the page downloads a chunk; Node imports a file), so a part
 * is only a name and a `load` function returning the module's promise.
 *
 * Where a cluster gets its parts from is a `CodeSource`. The shared one keeps each module once
 * per process: whatever one cluster loaded, the next cluster finds at once, and a host that
 * loads everything first (`loadAllParts`: the tests, `npm run sim`) gets clusters that never
 * wait. `coldCode()` is a source that has loaded nothing yet, as a page that just opened: the
 * lazy path, for tests that compare it with the eager one.
 */

/** A module the simulator loads when it first needs it. */
export interface CodePart<T> {
  /** Unique among parts (`statefulset-controller`). */
  readonly name: string;
  /** Imports the module (`() => import('./x.ts')`). */
  load(): Promise<T>;
}

/** A part named `name`, loaded by `load`. */
export function codePart<T>(name: string, load: () => Promise<T>): CodePart<T> {
  return { name, load };
}

/** Where a cluster takes its parts from. */
export interface CodeSource {
  /** The part's module if it has been loaded, else undefined. */
  loaded<T>(part: CodePart<T>): T | undefined;
  /** Loads the part once (a second call gets the same promise). */
  load<T>(part: CodePart<T>): Promise<T>;
}

/** A source with nothing loaded yet, keeping what it loads. */
export function coldCode(): CodeSource {
  const modules = new Map<string, unknown>();
  const loading = new Map<string, Promise<unknown>>();
  return {
    loaded: <T>(part: CodePart<T>) => modules.get(part.name) as T | undefined,
    load<T>(part: CodePart<T>): Promise<T> {
      let p = loading.get(part.name) as Promise<T> | undefined;
      if (!p) {
        p = part.load().then((m) => {
          modules.set(part.name, m);
          return m;
        });
        loading.set(part.name, p);
        // A failed download may be retried by the next request.
        p.catch(() => loading.delete(part.name));
      }
      return p;
    },
  };
}

/** The process's own source: what one cluster loaded, every later cluster has. */
export const SHARED_CODE: CodeSource = coldCode();

/** Loads every part into `source` (default the shared one): afterwards no cluster of it waits for code. */
export async function loadAllParts(parts: readonly CodePart<unknown>[], source: CodeSource = SHARED_CODE): Promise<void> {
  await Promise.all(parts.map((p) => source.load(p)));
}
