/**
 * `kubectl delete`: by name, TYPE/NAME, `-f`, `-l`, `--all`; `--grace-period`, `--force`
 * (with its warning), `--now`, `--cascade`, `--ignore-not-found`, and `--wait` (default):
 * after printing `pod "x" deleted` kubectl waits, in cluster time, until the object is gone.
 */
import { ApiError, type KubeObject, type PropagationPolicy, type ResourceType } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { isNotFound, listObjects, namespaceFor } from '../../resource/fetch.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { keyOf, kindPrefix, parseRequests } from '../../resource/resolve.ts';
import { drySuffix, dryRunOf } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';

const NO_RESOURCES = `error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'
`;

const FORCE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';

interface Target {
  type: ResourceType;
  name: string;
  namespace?: string;
  /** `-f` source, for `error when deleting "file"` wrapping. */
  source?: string;
}

function cascadeOf(inv: Invocation): PropagationPolicy {
  const c = inv.flags.str('cascade');
  if (c === 'background' || c === 'true') return 'Background';
  if (c === 'foreground') return 'Foreground';
  if (c === 'orphan' || c === 'false') return 'Orphan';
  throw new CliError(`invalid cascade value (${c}). Must be "background", "foreground", or "orphan".`);
}

function targets(inv: Invocation): Target[] | undefined {
  if (inv.flags.list('filename').length) {
    return readManifests(inv).map((m) => ({ type: m.type, name: m.obj.metadata.name ?? '', namespace: manifestNamespace(inv, m), source: m.source }));
  }
  const requests = parseRequests(inv.args);
  const selecting = inv.flags.bool('all') || inv.flags.str('selector') !== '' || inv.flags.str('field-selector') !== '';
  const out: Target[] = [];
  const allNs = inv.flags.bool('all-namespaces');
  for (const r of requests) {
    if (r.names) {
      for (const name of r.names) out.push({ type: r.type, name, namespace: namespaceFor(inv, r.type) });
    } else if (selecting) {
      for (const o of listObjects(inv, r.type, allNs)) out.push({ type: r.type, name: o.metadata.name ?? '', namespace: o.metadata.namespace });
    } else throw new CliError('resource(s) were provided, but no name was specified');
  }
  return out.length || !selecting ? out : undefined;
}

async function waitGone(inv: Invocation, t: Target, uid: string | undefined): Promise<boolean> {
  for (;;) {
    const cur = inv.client.tryGet(keyOf(t.type), t.namespace, t.name);
    if (!cur || cur.metadata.uid !== uid) return true;
    if (!(await inv.ctx.sleep(100))) return false;
  }
}

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length === 0 && !inv.flags.list('filename').length) {
    inv.err(NO_RESOURCES);
    return 1;
  }
  const dry = dryRunOf(inv);
  const force = inv.flags.bool('force');
  let grace = inv.flags.int('grace-period');
  if (inv.flags.bool('now')) grace = 1;
  if (force && grace < 0) grace = 0;
  if (grace === 0 && !force) grace = 1;
  const policy = cascadeOf(inv);
  const list = targets(inv);
  if (list === undefined || (list.length === 0 && inv.args.length > 0 && !inv.flags.list('filename').length)) {
    // delete.go prints this on stdout, without the namespace get adds.
    inv.out('No resources found\n');
    return 0;
  }
  if (force && grace === 0) inv.err(FORCE_WARNING);
  let failed = false;
  const waits: { t: Target; uid?: string }[] = [];
  for (const t of list) {
    let gone: KubeObject;
    try {
      gone = inv.client.delete(keyOf(t.type), t.namespace, t.name, {
        gracePeriodSeconds: grace >= 0 ? grace : undefined,
        propagationPolicy: policy,
        dryRun: dry !== 'none',
      });
    } catch (e) {
      if (isNotFound(e) && inv.flags.bool('ignore-not-found')) continue;
      if (!(e instanceof ApiError)) throw e;
      inv.err(formatApiError(e, t.source ? { file: t.source, op: 'deleting' } : undefined) + '\n');
      failed = true;
      continue;
    }
    const verb = force && grace === 0 ? 'force deleted' : 'deleted';
    inv.out(`${kindPrefix(t.type)} "${t.name}" ${verb}${drySuffix(dry)}\n`);
    waits.push({ t, uid: gone.metadata.uid });
  }
  if (dry === 'none' && inv.flags.bool('wait')) {
    for (const w of waits) if (!(await waitGone(inv, w.t, w.uid))) return 1;
  }
  return failed ? 1 : 0;
}

registerVerb({
  name: 'delete',
  short: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  run,
  complete: completeResources,
});
