/**
 * `kubectl explain TYPE[.field[.field]]`: the kind's (or field's) documentation in kubectl
 * 1.32's plaintext layout (GROUP/KIND/VERSION, FIELD, ENUM, DESCRIPTION, FIELDS), with
 * descriptions wrapped at 80 columns. The schema texts and their rendering (render.ts) load
 * on first use.
 */
import { registerVerb } from '../../cli/registry.ts';
import { completeExplain } from '../complete.ts';
import { loadPart } from '../../cli/on-demand.ts';

registerVerb({
  name: 'explain',
  short: 'Get documentation for a resource',
  run: async (inv) => (await inv.ctx.loadCode(loadPart('explain code', () => import('./render.ts')))).explain(inv),
  complete: completeExplain,
});
