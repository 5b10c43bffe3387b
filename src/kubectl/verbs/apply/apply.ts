/**
 * `kubectl apply -f`: creates what does not exist, otherwise merges the manifest onto the
 * live object (server-set fields kept, fields dropped since the last apply removed) and
 * prints `created` / `configured` / `unchanged`. The manifest is stored in the
 * `kubectl.kubernetes.io/last-applied-configuration` annotation as kubectl does.
 */
import { ApiError, clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { toCompactJson } from '../../printers/json.ts';
import { LAST_APPLIED, lastAppliedOf } from '../../resource/last-applied.ts';
import { CollectedErrors } from '../../resource/collected-errors.ts';
import { buildFromDir } from '../../kustomize/from-dir.ts';
import { manifestNamespace, toManifest, visitManifests, type Manifest } from '../../resource/manifests.ts';
import { pruneRemoved, strategicMerge } from '../../resource/merge.ts';
import { keyOf } from '../../resource/resolve.ts';
import { LAST_APPLIED_COMMANDS } from './last-applied.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf, type DryRun } from '../../resource/write.ts';
import { prepareManifests } from '../../resource/prepare.ts';


function gvr(t: ResourceType): string {
  return `${t.group ? t.group + '/' : '/'}${t.version}`;
}

function mergedObject(live: KubeObject, manifest: KubeObject, previous: KubeObject | undefined): KubeObject {
  const merged = strategicMerge(clone(live), manifest) as KubeObject;
  if (previous) pruneRemoved(merged, previous, manifest);
  merged.metadata = { ...merged.metadata, name: live.metadata.name, namespace: live.metadata.namespace };
  return merged;
}

function applyOne(inv: Invocation, m: Manifest, dry: DryRun): void {
  const t = m.type;
  const manifest = clone(m.obj);
  const ns = manifestNamespace(inv, m);
  if (ns) manifest.metadata.namespace = ns;
  if (!manifest.metadata.name) {
    throw new CliError(
      `error when retrieving current configuration of:\nResource: "${gvr(t)}, Resource=${t.plural}", GroupVersionKind: "${gvr(t)}, Kind=${t.kind}"\nName: "", Namespace: "${ns ?? ''}"\nfrom server for: "${m.source}": resource name may not be empty`,
    );
  }
  const applied = lastAppliedOf(manifest);
  manifest.metadata.annotations = { ...(manifest.metadata.annotations ?? {}), [LAST_APPLIED]: applied };
  const key = keyOf(t);
  const opts = { dryRun: dry === 'server', fieldValidation: validationOf(inv) };
  const live = inv.client.tryGet(key, ns, manifest.metadata.name);
  if (!live) {
    if (dry === 'client') return printWritten(inv, t, manifest, 'created', dry);
    const res = inv.client.create(key, manifest, opts);
    printWarnings(inv, res.warnings);
    return printWritten(inv, t, res.object, 'created', dry);
  }
  const previousText = live.metadata.annotations?.[LAST_APPLIED];
  if (previousText === undefined) {
    inv.err(
      `Warning: resource ${t.plural}/${live.metadata.name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`,
    );
  }
  let previous: KubeObject | undefined;
  try {
    previous = previousText ? (JSON.parse(previousText) as KubeObject) : undefined;
  } catch {
    previous = undefined;
  }
  const merged = mergedObject(live, manifest, previous);
  if (toCompactJson(merged) === toCompactJson(live)) return printWritten(inv, t, live, 'unchanged', dry);
  if (dry === 'client') return printWritten(inv, t, merged, 'configured', dry);
  const res = inv.client.update(key, merged, opts);
  printWarnings(inv, res.warnings);
  printWritten(inv, t, res.object, 'configured', dry);
}

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.list('filename').length && !inv.flags.str('kustomize')) throw new CliError('must specify one of -f and -k');
  if (inv.flags.list('filename').length && inv.flags.str('kustomize')) throw new CliError('only one of -f or -k can be specified');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const dir = inv.flags.str('kustomize');
  const visited: (Manifest | CliError)[] = dir ? buildFromDir(inv, dir).flatMap((o) => toManifest(o, dir)) : visitManifests(inv);
  const manifests = visited.filter((v): v is Manifest => !(v instanceof CliError));
  const errors = new CollectedErrors();
  // kubectl apply keeps the builder's errors (unreadable documents, unknown kinds) as one
  // aggregate, applies every object it could read, then reports them all after the output.
  errors.addGroup(visited.filter((v): v is CliError => v instanceof CliError));
  if (!manifests.length && !errors.size) throw new CliError('no objects passed to apply');
  if (dry !== 'client') await prepareManifests(inv, manifests);
  for (const m of manifests) {
    try {
      applyOne(inv, m, dry);
    } catch (e) {
      if (e instanceof CliError) {
        errors.add(e);
        continue;
      }
      if (!(e instanceof ApiError)) throw e;
      const exists = inv.client.tryGet(keyOf(m.type), m.type.namespaced ? (m.obj.metadata.namespace || inv.namespace) : undefined, m.obj.metadata.name ?? '');
      errors.add(e, { file: m.source, op: exists ? 'patching' : 'creating' });
    }
  }
  return errors.report((t) => inv.err(t));
}

registerVerb({ name: 'apply', short: 'Apply a configuration to a resource by file name or stdin', subcommands: LAST_APPLIED_COMMANDS, run });
