/**
 * `kubectl scale (TYPE NAME | TYPE/NAME | -l sel) --replicas=N [--current-replicas=M]`:
 * writes spec.replicas of Deployments, ReplicaSets, StatefulSets and ReplicationControllers
 * (`deployment.apps/web scaled`, printed even when nothing changes).
 */
import { ApiError, clone, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { isNotFound, listObjects, withKind } from '../../resource/fetch.ts';
import { keyOf, kindPrefix, parseRequests } from '../../resource/resolve.ts';
import { NO_RESOURCES, type Target } from '../../resource/workloads.ts';
import { drySuffix, dryRunOf } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';

const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

function collect(inv: Invocation): { found: Target[]; firstError?: ApiError } {
  const found: Target[] = [];
  let firstError: ApiError | undefined;
  const selecting = inv.flags.bool('all') || inv.flags.str('selector') !== '';
  for (const r of parseRequests(inv.args)) {
    if (!r.names) {
      if (!selecting) throw new CliError('resource(s) were provided, but no name was specified');
      for (const o of listObjects(inv, r.type)) found.push({ type: r.type, obj: withKind(o, r.type) });
      continue;
    }
    for (const n of r.names) {
      try {
        found.push({ type: r.type, obj: withKind(inv.client.get(keyOf(r.type), r.type.namespaced ? inv.namespace : undefined, n), r.type) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        firstError ??= e;
      }
    }
  }
  return { found, firstError };
}

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.has('replicas')) throw new CliError('required flag(s) "replicas" not set');
  if (inv.args.length === 0) throw new CliError(NO_RESOURCES);
  const replicas = inv.flags.int('replicas');
  if (replicas < 0) throw new CliError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  const dry = dryRunOf(inv);
  const { found, firstError } = collect(inv);
  if (!found.length) throw new CliError(`no objects passed to scale${firstError ? ' ' + firstError.message : ''}`);
  const current = inv.flags.int('current-replicas');
  for (const { type, obj } of found) {
    if (!SCALABLE.has(type.kind)) throw new ApiError('NotFound', 'the server could not find the requested resource');
    const have = Number(obj.spec?.replicas ?? 1);
    if (current >= 0 && current !== have) throw new CliError(`Expected replicas to be ${current}, was ${have}`);
    if (dry !== 'client') {
      const copy = clone(obj);
      copy.spec.replicas = replicas;
      delete copy.metadata.resourceVersion;
      try {
        inv.client.update(keyOf(type), copy, { dryRun: dry === 'server' });
      } catch (e) {
        if (isNotFound(e)) continue;
        throw e;
      }
    }
    inv.out(`${kindPrefix(type as ResourceType)}/${obj.metadata.name} scaled${drySuffix(dry)}\n`);
  }
  return 0;
}

registerVerb({
  name: 'scale',
  short: 'Set a new size for a deployment, replica set, or replication controller',
  run,
  complete: completeResources,
});
