/**
 * The printers of the non-table formats (output.ts: yaml, json, name, JSONPath, custom-columns,
 * go-template) on first use, for `get`, which is part of the terminal's start while most of its
 * runs print tables. The dispatcher awaits `loadObjectPrinters` before a command whose flags ask
 * for such a format (cli/on-demand.ts); `get` then reads them synchronously through
 * `objectPrinters()`. The commands that load on first use import output.ts themselves.
 */
import type * as ObjectPrinters from './output.ts';
import { onDemand } from '../../command/on-demand.ts';

const printers = onDemand('the output printers', () => import('./output.ts'));

/** Loads the printers (once; later calls share the first load, and a failure is tried again). */
export const loadObjectPrinters = (): Promise<void> => printers.load();

/** The loaded printers; throws if `loadObjectPrinters()` has not resolved. */
export const objectPrinters = (): typeof ObjectPrinters => printers.get();

/** Whether a command's flags may ask for a format other than a table (`-o yaml`, `--template`). */
export function mayPrintObjects(flags: { str(name: string): string }): boolean {
  const o = flags.str('output');
  return (o !== '' && o !== 'wide') || flags.str('template') !== '';
}
