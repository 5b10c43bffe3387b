/**
 * `kubectl create poddisruptionbudget NAME --selector=SELECTOR (--min-available=N | --max-unavailable=N)`
 * (alias `pdb`, create_pdb.go) and `kubectl create priorityclass NAME --value=N [--global-default]
 * [--description=...] [--preemption-policy=...]` (alias `pc`, create_priorityclass.go).
 */
import { parseLabelSelector } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

/** intstr.Parse: a whole number stays a number, anything else (`50%`) a string. */
const intOrString = (s: string): number | string => (/^-?\d+$/.test(s) ? Number(s) : s);

/** metav1.ParseToLabelSelector: equality into matchLabels, the rest into matchExpressions. */
function labelSelector(text: string): Record<string, unknown> {
  let parsed;
  try {
    parsed = parseLabelSelector(text);
  } catch (e) {
    throw new CliError(`couldn't parse the selector string "${text}": ${(e as Error).message}`);
  }
  const matchLabels: Record<string, string> = {};
  const matchExpressions: { key: string; operator: string; values?: string[] }[] = [];
  const ops: Record<string, string> = { in: 'In', notin: 'NotIn', '!=': 'NotIn', exists: 'Exists', '!': 'DoesNotExist' };
  for (const r of parsed.requirements) {
    if (r.operator === '=' || r.operator === '==') matchLabels[r.key] = r.values[0]!;
    else matchExpressions.push({ key: r.key, operator: ops[r.operator] ?? r.operator, ...(r.values.length ? { values: r.values } : {}) });
  }
  return { ...(Object.keys(matchLabels).length ? { matchLabels } : {}), ...(matchExpressions.length ? { matchExpressions } : {}) };
}

function buildPdb(inv: Invocation, name: string) {
  const selector = inv.flags.str('selector');
  const min = inv.flags.str('min-available');
  const max = inv.flags.str('max-unavailable');
  if (!selector) throw new CliError('a selector must be specified');
  if (!min && !max) throw new CliError('one of min-available or max-unavailable must be specified');
  if (min && max) throw new CliError('min-available and max-unavailable cannot be both specified');
  // A whole number or a percentage, as create_pdb.go's Validate checks before sending anything.
  if (min && !/^[0-9]+%?$/.test(min)) throw new CliError('invalid format specified for min-available');
  if (max && !/^[0-9]+%?$/.test(max)) throw new CliError('invalid format specified for max-unavailable');
  const spec: Record<string, unknown> = {};
  if (min) spec.minAvailable = intOrString(min);
  if (max) spec.maxUnavailable = intOrString(max);
  spec.selector = labelSelector(selector);
  // The status counters are not omitempty: a generated budget shows them as 0.
  const status = { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 };
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec, status };
}

function buildPriorityClass(inv: Invocation, name: string) {
  const policy = inv.flags.str('preemption-policy') || 'PreemptLowerPriority';
  return {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name },
    value: Number(inv.flags.str('value') || 0),
    ...(inv.flags.bool('global-default') ? { globalDefault: true } : {}),
    ...(inv.flags.str('description') ? { description: inv.flags.str('description') } : {}),
    preemptionPolicy: policy,
  };
}

const pdbCommand: Verb = {
  name: 'poddisruptionbudget',
  aliases: ['pdb'],
  short: 'Create a pod disruption budget with the specified name',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'poddisruptionbudgets.policy', buildPdb(inv, name), 'failed to create poddisruptionbudgets: ');
  },
};

const priorityClassCommand: Verb = {
  name: 'priorityclass',
  aliases: ['pc'],
  short: 'Create a priority class with the specified name',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'priorityclasses.scheduling.k8s.io', buildPriorityClass(inv, name), 'failed to create priorityclass: ');
  },
};

registerSubcommand('create', pdbCommand);
registerSubcommand('create', priorityClassCommand);
