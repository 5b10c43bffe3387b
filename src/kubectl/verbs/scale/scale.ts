/**
 * `kubectl scale (TYPE NAME | TYPE/NAME | -l sel) --replicas=N [--current-replicas=M]
 * [--resource-version=V]`: as kubectl's scaler does, reads each object's `scale` subresource,
 * checks the preconditions against it and writes the Scale back with the resourceVersion it
 * read (`deployment.apps/web scaled`, printed even when nothing changes). Kinds without a
 * scale subresource get the server's 404.
 */
import { ApiError, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { listObjects, withKind } from '../../resource/fetch.ts';
import { keyOf, kindPrefix, parseRequests } from '../../resource/resolve.ts';
import { NO_RESOURCES, type Target } from '../../resource/workloads.ts';
import { drySuffix, dryRunOf, type DryRun } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';

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

/** kubectl's ScalePrecondition: `--current-replicas` (-1 = none) and `--resource-version`. */
interface Precondition {
  size: number;
  resourceVersion: string;
}

/** The precondition that the Scale read does not meet, as kubectl's PreconditionError words it. */
function unmet(p: Precondition, replicas: number, resourceVersion: string): string | undefined {
  if (p.size !== -1 && replicas !== p.size) return `Expected replicas to be ${p.size}, was ${replicas}`;
  if (p.resourceVersion && resourceVersion !== p.resourceVersion) return `Expected resource version to be ${p.resourceVersion}, was ${resourceVersion}`;
  return undefined;
}

/** GET the Scale, check the preconditions, PUT it back with the new size (kubectl's ScaleSimple). */
function scaleOne(inv: Invocation, type: ResourceType, name: string, replicas: number, pre: Precondition, dry: DryRun): void {
  const key = keyOf(type);
  const namespace = type.namespaced ? inv.namespace : undefined;
  const scale = inv.client.getScale(key, namespace, name);
  const failure = unmet(pre, Number(scale.spec?.replicas ?? 0), scale.metadata.resourceVersion ?? '');
  if (failure) throw new CliError(failure);
  inv.client.updateScale(key, namespace, name, { metadata: { resourceVersion: scale.metadata.resourceVersion }, spec: { replicas } }, { dryRun: dry === 'server' });
}

/** Several failures print as kubectl's aggregate error (`[a, b]`); one prints as itself. */
function aggregate(errors: unknown[]): unknown {
  if (errors.length === 1) return errors[0];
  const text = (e: unknown) => (e instanceof Error ? e.message : String(e));
  return new CliError(`[${errors.map(text).join(', ')}]`);
}

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.has('replicas')) throw new CliError('required flag(s) "replicas" not set');
  if (inv.args.length === 0) throw new CliError(NO_RESOURCES);
  const replicas = inv.flags.int('replicas');
  if (replicas < 0) throw new CliError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  const dry = dryRunOf(inv);
  const { found, firstError } = collect(inv);
  if (!found.length) throw new CliError(`no objects passed to scale${firstError ? ' ' + firstError.message : ''}`);
  const pre: Precondition = { size: inv.flags.int('current-replicas'), resourceVersion: inv.flags.str('resource-version') };
  const errors: unknown[] = [];
  for (const { type, obj } of found) {
    const name = obj.metadata.name ?? '';
    if (dry !== 'client') {
      try {
        scaleOne(inv, type, name, replicas, pre, dry);
      } catch (e) {
        if (!(e instanceof ApiError || e instanceof CliError)) throw e;
        errors.push(e);
        continue;
      }
    }
    inv.out(`${kindPrefix(type)}/${name} scaled${drySuffix(dry)}\n`);
  }
  if (errors.length) throw aggregate(errors);
  return 0;
}

registerVerb({
  name: 'scale',
  short: 'Set a new size for a deployment, replica set, or replication controller',
  run,
  complete: completeResources,
});
