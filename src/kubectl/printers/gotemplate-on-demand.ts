/**
 * The go-template printer on first use. Few commands use it, so it is not part of the
 * terminal's start: the dispatcher awaits `loadGoTemplate` before a command whose `-o` or
 * `--template` asks for a template (cli/on-demand.ts); the printers then read it synchronously
 * through `goTemplatePrinter()`.
 */
import type * as GoTemplatePrinter from './gotemplate/index.ts';

let goTemplate: typeof GoTemplatePrinter | undefined;
let goTemplateLoading: Promise<void> | undefined;

/** Loads the go-template printer (once; later calls share the first load, and a failure is tried again). */
export function loadGoTemplate(): Promise<void> {
  goTemplateLoading ??= import('./gotemplate/index.ts').then(
    (m) => {
      goTemplate = m;
    },
    (e: unknown) => {
      goTemplateLoading = undefined;
      throw e;
    },
  );
  return goTemplateLoading;
}

/** The loaded go-template printer; throws if `loadGoTemplate()` has not resolved. */
export function goTemplatePrinter(): typeof GoTemplatePrinter {
  if (!goTemplate) throw new Error('the go-template printer is not loaded (await loadGoTemplate() first)');
  return goTemplate;
}

/** Whether a command's flags may ask for the go-template printer (load it first). */
export function mayUseGoTemplate(flags: { str(name: string): string }): boolean {
  return flags.str('output').includes('template') || flags.str('template') !== '';
}
