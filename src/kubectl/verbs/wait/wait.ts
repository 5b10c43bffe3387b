/**
 * `kubectl wait --for=condition=Ready|delete|create|jsonpath='{...}'=value`: polls each
 * object in cluster time until the condition holds (`pod/web condition met`) or the
 * timeout (default 30s) passes (`error: timed out waiting for the condition on pods/web`).
 */
import type { KubeObject, ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { evalPath, parseTemplate, textOf } from '../../printers/jsonpath.ts';
import { notFoundError } from '../../resource/errors.ts';
import { listObjects, namespaceFor } from '../../resource/fetch.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { keyOf, kindPrefix, parseRequests, qualifiedPlural } from '../../resource/resolve.ts';
import { completeResources } from '../complete.ts';

type Check = (obj: KubeObject | undefined) => boolean;

const STEP = 100;

/** Parses `--for` into a predicate over the current object (undefined = gone). */
function parseFor(spec: string): { check: Check; kind: 'delete' | 'create' | 'other' } {
  const lower = spec.toLowerCase();
  if (lower === 'delete') return { check: (o) => !o, kind: 'delete' };
  if (lower === 'create') return { check: (o) => !!o, kind: 'create' };
  if (lower.startsWith('condition=')) {
    const rest = spec.slice('condition='.length);
    const eq = rest.indexOf('=');
    const type = (eq < 0 ? rest : rest.slice(0, eq)).toLowerCase();
    const want = (eq < 0 ? 'true' : rest.slice(eq + 1)).toLowerCase();
    return {
      kind: 'other',
      check: (o) =>
        ((o?.status?.conditions ?? []) as { type: string; status: string }[]).some(
          (c) => c.type.toLowerCase() === type && String(c.status).toLowerCase() === want,
        ),
    };
  }
  if (lower.startsWith('jsonpath=')) {
    const rest = spec.slice('jsonpath='.length);
    const m = /^(\{.*\}|[^=]+)(?:=(.*))?$/.exec(rest);
    if (!m) throw new CliError(`unrecognized condition: "${spec}"`);
    const tpl = m[1]!.startsWith('{') ? m[1]! : `{${m[1]}}`;
    const node = parseTemplate(tpl).find((n) => n.t === 'expr');
    if (!node || node.t !== 'expr') throw new CliError(`unrecognized condition: "${spec}"`);
    const want = m[2];
    return {
      kind: 'other',
      check: (o) => {
        if (!o) return false;
        const vals = evalPath(node.path, o);
        if (want === undefined) return vals.length > 0;
        return vals.length === 1 && textOf(vals[0]) === want;
      },
    };
  }
  throw new CliError(`unrecognized condition: "${spec}"`);
}

interface Target {
  type: ResourceType;
  name: string;
  namespace?: string;
}

function targets(inv: Invocation): Target[] {
  if (inv.flags.list('filename').length) {
    return readManifests(inv).map((m) => ({ type: m.type, name: m.obj.metadata.name ?? '', namespace: manifestNamespace(inv, m) }));
  }
  const out: Target[] = [];
  for (const r of parseRequests(inv.args)) {
    if (r.names) for (const n of r.names) out.push({ type: r.type, name: n, namespace: namespaceFor(inv, r.type) });
    else for (const o of listObjects(inv, r.type, inv.flags.bool('all-namespaces'))) out.push({ type: r.type, name: o.metadata.name!, namespace: o.metadata.namespace });
  }
  return out;
}

async function run(inv: Invocation): Promise<number> {
  const { check, kind } = parseFor(inv.flags.str('for'));
  const timeout = inv.flags.duration('timeout');
  const list = targets(inv);
  // wait.go ignores NotFound for --for=delete: what is already gone is not visited, and no match is no error.
  if (!list.length && kind !== 'delete') throw new CliError('no matching resources found');
  for (const t of list) {
    const get = () => inv.client.tryGet(keyOf(t.type), t.namespace, t.name);
    let obj = get();
    if (!obj && kind === 'other') throw new CliError(notFoundError(t.type, t.name), { plain: true });
    if (!obj && kind === 'delete') continue;
    const uid = obj?.metadata.uid;
    let waited = 0;
    for (;;) {
      obj = get();
      const current = kind === 'delete' && obj && obj.metadata.uid !== uid ? undefined : obj;
      if (check(current)) break;
      if (waited >= timeout) {
        throw new CliError(`timed out waiting for the condition on ${qualifiedPlural(t.type)}/${t.name}`);
      }
      const step = Math.min(STEP, timeout - waited);
      if (!(await inv.ctx.sleep(step))) return 1;
      waited += step;
    }
    inv.out(`${kindPrefix(t.type)}/${t.name} condition met\n`);
  }
  return 0;
}

registerVerb({
  name: 'wait',
  short: 'Experimental: Wait for a specific condition on one or many resources',
  run,
  complete: completeResources,
});
