/**
 * `kubectl taint node NAME KEY[=VALUE]:EFFECT ... KEY[:EFFECT]-` (or `--all`, `-l`): adds,
 * overwrites (`--overwrite`) and removes node taints with kubectl's messages
 * (`node/x tainted`, `untainted`, `modified`) and refusals.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { getObject, listObjects } from '../../resource/fetch.ts';
import { resolveType } from '../../resource/resolve.ts';
import { drySuffix, dryRunOf } from '../../resource/write.ts';
import { completeTaint } from '../complete.ts';

interface Taint {
  key: string;
  value?: string;
  effect?: string;
  timeAdded?: string;
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const NAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/** `key=value:Effect` as Taint.ToString prints it. */
export function taintString(t: Taint): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}${t.effect ? `:${t.effect}` : ''}`;
}

function checkKey(key: string, spec: string): void {
  const slash = key.lastIndexOf('/');
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (!NAME.test(name) || name.length > 63) throw usageError('taint', `invalid taint spec: ${spec}, ${NAME_MSG}`);
}

function parseTaint(spec: string, shown: string): Taint {
  const parts = spec.split(':');
  let key = parts[0]!;
  let value: string | undefined;
  let effect: string | undefined;
  if (parts.length === 2) {
    effect = parts[1]!;
    if (!EFFECTS.includes(effect)) throw usageError('taint', `invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = parts[0]!.split('=');
    if (kv.length > 2) throw usageError('taint', `invalid taint spec: ${shown}`);
    key = kv[0]!;
    if (kv.length === 2) {
      value = kv[1]!;
      if (!VALUE.test(value) || value.length > 63) throw usageError('taint', `invalid taint spec: ${shown}, ${VALUE_MSG}`);
    }
  } else if (parts.length > 2) throw usageError('taint', `invalid taint spec: ${shown}`);
  checkKey(key, shown);
  return { key, ...(value !== undefined ? { value } : {}), ...(effect ? { effect } : {}) };
}

function parseTaints(specs: string[]): { add: Taint[]; remove: Taint[] } {
  const add: Taint[] = [];
  const remove: Taint[] = [];
  for (const s of specs) {
    if (s.endsWith('-')) {
      const t = parseTaint(s.slice(0, -1), s.slice(0, -1));
      remove.push({ key: t.key, ...(t.effect ? { effect: t.effect } : {}) });
      continue;
    }
    const t = parseTaint(s, s);
    if (!t.effect) throw usageError('taint', `invalid taint spec: ${s}`);
    if (add.some((a) => a.key === t.key && a.effect === t.effect)) {
      throw usageError('taint', `duplicated taints with the same key and effect: {${t.key} ${t.value ?? ''} ${t.effect} <nil>}`);
    }
    add.push(t);
  }
  return { add, remove };
}

/** reorganizeTaints: the new taint list and the operation word. */
function reorganize(old: Taint[], overwrite: boolean, add: Taint[], remove: Taint[]): { op: string; taints: Taint[]; errors: string[] } {
  const taints = [...add];
  for (const o of old) if (!taints.some((t) => t.key === o.key && t.effect === o.effect)) taints.push(o);
  const added = old.length !== taints.length;
  let next = taints;
  let removed = false;
  const errors: string[] = [];
  for (const r of remove) {
    const before = next.length;
    next = next.filter((t) => !(t.key === r.key && (!r.effect || t.effect === r.effect)));
    removed = next.length !== before;
    if (!removed) errors.push(`taint ${JSON.stringify(taintString(r))} not found`);
  }
  const op = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { op, taints: next, errors };
}

function nodes(inv: Invocation, resources: string[]): KubeObject[] {
  const type = resolveType('nodes');
  const first = resources[0]!;
  const [typeWord, slashName] = first.includes('/') ? [first.slice(0, first.indexOf('/')), first.slice(first.indexOf('/') + 1)] : [first, undefined];
  if (!['node', 'nodes', 'no'].includes(typeWord.toLowerCase())) {
    throw new CliError(`invalid resource type ${typeWord}, only ["node" "nodes"] are supported`);
  }
  const names = slashName !== undefined ? [slashName, ...resources.slice(1).map((r) => r.slice(r.indexOf('/') + 1))] : resources.slice(1);
  if (names.length) return names.map((n) => getObject(inv, type, n));
  if (inv.flags.bool('all') || inv.flags.str('selector')) return listObjects(inv, type);
  throw new CliError('resource(s) were provided, but no name was specified');
}

async function run(inv: Invocation): Promise<number> {
  const isSpec = (s: string) => s.includes('=') || s.includes(':') || s.endsWith('-');
  const resources = inv.args.filter((a) => !isSpec(a) || a.startsWith('node/') || a.startsWith('nodes/'));
  const specs = inv.args.filter((a) => !resources.includes(a));
  if (!resources.length) throw new CliError('one or more resources must be specified as <resource> <name>');
  if (!specs.length) throw new CliError('at least one taint update is required');
  const { add, remove } = parseTaints(specs);
  const dry = dryRunOf(inv);
  const overwrite = inv.flags.bool('overwrite');
  const errors: string[] = [];
  for (const node of nodes(inv, resources)) {
    const old = ((node.spec?.taints ?? []) as Taint[]).map((t) => ({ ...t }));
    if (!overwrite) {
      const exists = add.filter((t) => old.some((o) => o.key === t.key && o.effect === t.effect)).map((t) => t.key);
      if (exists.length) {
        errors.push(`node ${node.metadata.name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`);
        continue;
      }
    }
    const { op, taints, errors: errs } = reorganize(old, overwrite, add, remove);
    if (errs.length) {
      errors.push(errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`);
      continue;
    }
    if (dry !== 'client') {
      const copy = clone(node);
      copy.spec ??= {};
      if (taints.length) copy.spec.taints = taints;
      else delete copy.spec.taints;
      delete copy.metadata.resourceVersion;
      inv.client.update('nodes', copy, { dryRun: dry === 'server' });
    }
    inv.out(`node/${node.metadata.name} ${op}${drySuffix(dry)}\n`);
  }
  if (!errors.length) return 0;
  throw new CliError(errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`);
}

registerVerb({
  name: 'taint',
  short: 'Update the taints on one or more nodes',
  run,
  complete: completeTaint,
});
