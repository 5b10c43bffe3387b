/**
 * What `kubectl label` and `kubectl annotate` share: `key=value` / `key-` arguments after
 * the resources, `--overwrite`, `-l`, `--all`, `--list`, and the per-object messages
 * (`labeled`, `not labeled`, `unlabeled`; `annotated`).
 */
import { ApiError, clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { getObject, listObjects } from '../../resource/fetch.ts';
import { keyOf, kindPrefix, parseRequests } from '../../resource/resolve.ts';
import { drySuffix, dryRunOf } from '../../resource/write.ts';
import { hasOwn, setOwn } from '../../../sim/index.ts';

export interface MetadataKind {
  field: 'labels' | 'annotations';
  /** `label` / `annotation`, for messages. */
  noun: string;
  /** Past tense: `labeled` / `annotated`. */
  done: string;
}

function splitArgs(args: string[]): { resources: string[]; changes: string[] } {
  // GetResourcesAndPairs: `key=value` and `key-` are changes, prefixed keys (`example.com/tier-`) too.
  const isChange = (a: string) => (a.includes('=') && a[0] !== '=') || (a.endsWith('-') && a !== '-');
  let i = args.length;
  while (i > 0 && isChange(args[i - 1]!)) i--;
  return { resources: args.slice(0, i), changes: args.slice(i) };
}

function targets(inv: Invocation, resources: string[]): { type: ResourceType; obj: KubeObject }[] {
  const out: { type: ResourceType; obj: KubeObject }[] = [];
  const selecting = inv.flags.bool('all') || inv.flags.str('selector') !== '' || inv.flags.str('field-selector') !== '';
  for (const r of parseRequests(resources)) {
    if (r.names) for (const n of r.names) out.push({ type: r.type, obj: getObject(inv, r.type, n) });
    else if (selecting) for (const o of listObjects(inv, r.type, inv.flags.bool('all-namespaces'))) out.push({ type: r.type, obj: o });
    else throw new CliError('resource(s) were provided, but no name was specified');
  }
  return out;
}

/** Runs label/annotate. */
export async function updateMetadata(inv: Invocation, kind: MetadataKind): Promise<number> {
  const { resources, changes } = splitArgs(inv.args);
  if (resources.length === 0 && !inv.flags.list('filename').length) {
    throw new CliError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  }
  const list = inv.flags.bool('list');
  if (!changes.length && !list) throw new CliError(`at least one ${kind.noun} update is required`);
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const c of changes) {
    const eq = c.indexOf('=');
    if (eq > 0) setOwn(set, c.slice(0, eq), c.slice(eq + 1));
    else if (c.endsWith('-') && eq < 0) remove.push(c.slice(0, -1));
    else throw new CliError(`invalid ${kind.noun} spec: ${c}`);
  }
  for (const k of remove) if (hasOwn(set, k)) throw new CliError(`can not both modify and remove ${kind.noun}s in the same command`);
  const dry = dryRunOf(inv);
  let failed = false;
  // IntoSingleItemImplied: one named object (no selector) lists without a header or indent.
  const requests = parseRequests(resources);
  const selecting = inv.flags.bool('all') || inv.flags.str('selector') !== '';
  const one = !selecting && requests.length === 1 && requests[0]!.names?.length === 1;
  for (const { type, obj } of targets(inv, resources)) {
    const current = { ...(obj.metadata[kind.field] ?? {}) } as Record<string, string>;
    if (list) {
      // "Listing labels for %s.%s/%s:" with Kind, Group and name (`Pod./web`, `Deployment.apps/web`).
      if (!one) inv.out(`Listing ${kind.noun}s for ${obj.kind}.${type.group}/${obj.metadata.name}:\n`);
      for (const k of Object.keys(current).sort()) inv.out(`${one ? '' : ' '}${k}=${current[k]}\n`);
      continue;
    }
    if (!inv.flags.bool('overwrite')) {
      for (const [k, v] of Object.entries(set)) {
        if (hasOwn(current, k) && current[k] !== v) throw new CliError(`'${k}' already has a value (${current[k]}), and --overwrite is false`);
      }
    }
    const next = { ...current };
    for (const k of remove) {
      if (!hasOwn(next, k) && kind.field === 'labels') inv.out(`${kind.noun} "${k}" not found.\n`);
      delete next[k];
    }
    for (const [k, v] of Object.entries(set)) setOwn(next, k, v);
    const changed = JSON.stringify(Object.entries(next).sort()) !== JSON.stringify(Object.entries(current).sort());
    let msg = kind.done;
    if (kind.field === 'labels') msg = !changed ? `not ${kind.done}` : remove.length && !Object.keys(set).length ? `un${kind.done}` : kind.done;
    if (changed && dry !== 'client') {
      try {
        const copy = clone(obj);
        copy.metadata[kind.field] = next;
        if (Object.keys(next).length === 0) delete copy.metadata[kind.field];
        delete copy.metadata.resourceVersion;
        inv.client.update(keyOf(type), copy, { dryRun: dry === 'server' });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        inv.err(formatApiError(e) + '\n');
        failed = true;
        continue;
      }
    }
    inv.out(`${kindPrefix(type)}/${obj.metadata.name} ${msg}${drySuffix(dry)}\n`);
  }
  return failed ? 1 : 0;
}
