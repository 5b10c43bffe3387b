/**
 * The go-template printer on first use. Few commands use it, so it is not part of the
 * terminal's start: the dispatcher awaits `loadGoTemplate` before a command whose `-o` or
 * `--template` asks for a template (cli/on-demand.ts); the printers then read it synchronously
 * through `goTemplatePrinter()`.
 */
import type * as GoTemplatePrinter from './gotemplate/index.ts';
import { onDemand } from '../../command/on-demand.ts';

const printer = onDemand('the go-template printer', () => import('./gotemplate/index.ts'));

/** Loads the go-template printer (once; later calls share the first load, and a failure is tried again). */
export const loadGoTemplate = (): Promise<void> => printer.load();

/** The loaded go-template printer; throws if `loadGoTemplate()` has not resolved. */
export const goTemplatePrinter = (): typeof GoTemplatePrinter => printer.get();

/** Whether a command's flags may ask for the go-template printer (load it first). */
export function mayUseGoTemplate(flags: { str(name: string): string }): boolean {
  return flags.str('output').includes('template') || flags.str('template') !== '';
}
