/**
 * The printers of the non-table formats (output.ts: yaml, json, name, JSONPath, custom-columns,
 * go-template) on first use, for `get`, which is part of the terminal's start while most of its
 * runs print tables. The dispatcher awaits `loadObjectPrinters` before a command whose flags ask
 * for such a format (cli/on-demand.ts); `get` then reads them synchronously through
 * `objectPrinters()`. The commands that load on first use import output.ts themselves.
 */
import type * as ObjectPrinters from './output.ts';

let loaded: typeof ObjectPrinters | undefined;
let loading: Promise<void> | undefined;

/** Loads the printers (once; later calls share the first load, and a failure is tried again). */
export function loadObjectPrinters(): Promise<void> {
  loading ??= import('./output.ts').then(
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

/** The loaded printers; throws if `loadObjectPrinters()` has not resolved. */
export function objectPrinters(): typeof ObjectPrinters {
  if (!loaded) throw new Error('the output printers are not loaded (await loadObjectPrinters() first)');
  return loaded;
}

/** Whether a command's flags may ask for a format other than a table (`-o yaml`, `--template`). */
export function mayPrintObjects(flags: { str(name: string): string }): boolean {
  const o = flags.str('output');
  return (o !== '' && o !== 'wide') || flags.str('template') !== '';
}
