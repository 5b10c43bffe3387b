/**
 * The JSONPath printer on first use. `-o jsonpath=...`, `-o custom-columns=...` and
 * `--sort-by` need it, most commands never do, so it is not part of the terminal's start: the
 * dispatcher awaits `loadJsonPath` before a command whose flags ask for it (cli/on-demand.ts);
 * the printers then read it synchronously through `jsonPath()`.
 */
import type * as JsonPath from './jsonpath.ts';

let loaded: typeof JsonPath | undefined;
let loading: Promise<void> | undefined;

/** Loads the JSONPath printer (once; later calls share the first load). */
export function loadJsonPath(): Promise<void> {
  loading ??= import('./jsonpath.ts').then(
    (m) => {
      loaded = m;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The loaded JSONPath printer; throws if `loadJsonPath()` has not resolved. */
export function jsonPath(): typeof JsonPath {
  if (!loaded) throw new Error('the JSONPath printer is not loaded (await loadJsonPath() first)');
  return loaded;
}

/** Whether a command's flags may ask for JSONPath: `-o jsonpath...`, `-o custom-columns...`, `--sort-by`. */
export function mayUseJsonPath(flags: { str(name: string): string }): boolean {
  const o = flags.str('output');
  return o.startsWith('jsonpath') || o.startsWith('custom-columns') || flags.str('sort-by') !== '';
}
