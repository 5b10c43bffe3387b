/**
 * `kubectl autoscale (TYPE NAME | TYPE/NAME | -f FILE) [--min=N] --max=N [--cpu-percent=P]`
 * (autoscale.go of kubectl 1.32): creates an autoscaling/v1 HorizontalPodAutoscaler for a
 * Deployment, ReplicaSet, StatefulSet or ReplicationController, named after it unless
 * `--name` is given; without --min the server's default (1) applies, without --cpu-percent the
 * server's default policy (80% CPU). Prints `horizontalpodautoscaler.autoscaling/NAME autoscaled`.
 */
import { apiVersionOf, resolveResourceType, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { loadManifestParser, manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { keyOf, parseRequests } from '../../resource/resolve.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';
import { prepareKinds } from '../../resource/prepare.ts';

const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

interface Ref {
  type: ResourceType;
  name: string;
  namespace: string;
}

async function targets(inv: Invocation): Promise<Ref[]> {
  if (inv.flags.list('filename').length) {
    await inv.ctx.loadCode(loadManifestParser());
    return readManifests(inv).map((m) => ({ type: m.type, name: m.obj.metadata.name ?? '', namespace: manifestNamespace(inv, m) ?? inv.namespace }));
  }
  if (!inv.args.length) throw new CliError(NO_RESOURCES);
  const out: Ref[] = [];
  for (const r of parseRequests(inv.args)) {
    if (!r.names) throw new CliError('resource(s) were provided, but no name was specified');
    for (const name of r.names) {
      // The object must exist: autoscale reads it first.
      inv.client.get(keyOf(r.type), inv.namespace, name);
      out.push({ type: r.type, name, namespace: inv.namespace });
    }
  }
  return out;
}

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.has('max')) throw new CliError('required flag(s) "max" not set');
  const max = inv.flags.int('max');
  const min = inv.flags.int('min');
  const cpu = inv.flags.int('cpu-percent');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const refs = await targets(inv);
  if (max < 1) throw new CliError(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min) throw new CliError(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  const hpaType = resolveResourceType('horizontalpodautoscalers.autoscaling')!;
  if (dry !== 'client') await prepareKinds(inv, [keyOf(hpaType)]);
  for (const ref of refs) {
    if (!SCALABLE.has(ref.type.kind)) throw new CliError(`cannot autoscale a ${ref.type.kind}: ${ref.type.plural}/${ref.name} is not scalable`);
    const name = inv.flags.str('name') || ref.name;
    const hpa: KubeObject = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name, namespace: ref.namespace },
      spec: {
        scaleTargetRef: { apiVersion: apiVersionOf(ref.type), kind: ref.type.kind, name: ref.name },
        maxReplicas: max,
        ...(min > 0 ? { minReplicas: min } : {}),
        ...(cpu >= 0 ? { targetCPUUtilizationPercentage: cpu } : {}),
      },
    };
    if (dry === 'client') {
      printWritten(inv, hpaType, hpa, 'autoscaled', dry);
      continue;
    }
    const res = inv.client.create(keyOf(hpaType), hpa, { dryRun: dry === 'server' });
    printWarnings(inv, res.warnings);
    printWritten(inv, hpaType, inv.client.inServedVersion(keyOf(hpaType), res.object, 'v1'), 'autoscaled', dry);
  }
  return 0;
}

registerVerb({ name: 'autoscale', short: 'Auto-scale a deployment, replica set, stateful set, or replication controller', run, complete: completeResources });
