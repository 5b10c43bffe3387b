/**
 * The JSONPath printer on first use. `-o jsonpath=...`, `-o custom-columns=...` and
 * `--sort-by` need it, most commands never do, so it is not part of the terminal's start: the
 * dispatcher awaits `loadJsonPath` before a command whose flags ask for it (cli/on-demand.ts);
 * the printers then read it synchronously through `jsonPath()`.
 */
import type * as JsonPath from './jsonpath.ts';
import { onDemand } from '../../command/on-demand.ts';

const printer = onDemand('the JSONPath printer', () => import('./jsonpath.ts'));

/** Loads the JSONPath printer (once; later calls share the first load). */
export const loadJsonPath = (): Promise<void> => printer.load();

/** The loaded JSONPath printer; throws if `loadJsonPath()` has not resolved. */
export const jsonPath = (): typeof JsonPath => printer.get();

/** Whether a command's flags may ask for JSONPath: `-o jsonpath...`, `-o custom-columns...`, `--sort-by`. */
export function mayUseJsonPath(flags: { str(name: string): string }): boolean {
  const o = flags.str('output');
  return o.startsWith('jsonpath') || o.startsWith('custom-columns') || flags.str('sort-by') !== '';
}
