/**
 * `kubectl set selector (-f FILE | TYPE NAME) EXPRESSIONS` (set_selector.go): replaces a
 * Service's `spec.selector` with the labels of a selector expression (`app=web,tier=fe`).
 * Set-based requirements (`app in (a)`) and other kinds are refused as kubectl refuses them;
 * it prints `service/web selector updated` even when the selector was already that.
 */
import { parseLabelSelector, type Requirement } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Verb } from '../../cli/verb.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { finish, patchTargets } from './patch.ts';

const OPERATOR: Record<string, string> = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' };

/** ParseToLabelSelector: equality requirements become matchLabels, the others match expressions (Go's %v of them). */
function toSelector(text: string): { labels: Record<string, string>; expressions: string[] } {
  let reqs: Requirement[];
  try {
    reqs = parseLabelSelector(text).requirements;
  } catch (e) {
    throw new CliError(`couldn't parse the selector string "${text}": ${e instanceof Error ? e.message : String(e)}`);
  }
  const labels: Record<string, string> = {};
  const expressions: string[] = [];
  for (const r of reqs) {
    if (r.operator === '=' || r.operator === '==') labels[r.key] = r.values[0] ?? '';
    else expressions.push(`{${r.key} ${OPERATOR[r.operator] ?? r.operator} [${r.values.join(' ')}]}`);
  }
  return { labels, expressions };
}

export const selectorCommand: Verb = {
  name: 'selector',
  short: 'Set the selector on a resource',
  run: async (inv) => {
    const hasFiles = inv.flags.list('filename').length > 0;
    // The selector is the last argument; with -f it may be the only one.
    if (!inv.args.length || (!hasFiles && inv.args.length < 2 && !inv.flags.bool('all'))) {
      if (!inv.args.length) throw new CliError('one selector is required');
      throw new CliError(NO_RESOURCES);
    }
    const text = inv.args[inv.args.length - 1]!;
    const resources = inv.args.slice(0, -1);
    const { labels, expressions } = toSelector(text);
    const errors = patchTargets(
      inv,
      resources,
      (obj) => {
        if (expressions.length) throw new CliError(`match expression [${expressions.join(' ')}] not supported on this object`);
        if (obj.kind !== 'Service') throw new CliError('setting a selector is only supported for Services');
        obj.spec = { ...obj.spec, selector: { ...labels } };
      },
      'selector updated',
      { printUnchanged: true },
    );
    return finish(inv, errors);
  },
};
