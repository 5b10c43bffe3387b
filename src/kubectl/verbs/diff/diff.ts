/**
 * `kubectl diff -f FILE`: what `apply` would change. For each object kubectl writes the live
 * object to `/tmp/LIVE-N/<group.>version.Kind.namespace.name` and the result of a server-side
 * dry-run of the apply patch to `/tmp/MERGED-N/...` (managedFields stripped from both unless
 * `--show-managed-fields`), then runs `diff -u -N` on the two directories: exit 0 when
 * nothing differs, 1 when something does. As in kubectl, the patch leaves the
 * last-applied-configuration annotation as it is (kubectl builds it without the annotation).
 */
import { ApiError, clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { toYaml } from '../../printers/yaml.ts';
import { LAST_APPLIED } from '../../resource/last-applied.ts';
import { buildFromDir } from '../../kustomize/from-dir.ts';
import { loadManifestParser, manifestNamespace, readManifests, toManifest, type Manifest } from '../../resource/manifests.ts';
import { pruneRemoved, strategicMerge } from '../../resource/merge.ts';
import { keyOf } from '../../resource/resolve.ts';
import { validationOf } from '../../resource/write.ts';
import { unifiedHunks } from './unified.ts';
import { prepareManifests } from '../../resource/prepare.ts';

function fileName(t: ResourceType, obj: KubeObject, ns: string | undefined): string {
  return `${t.group ? `${t.group}.` : ''}${t.version}.${t.kind}.${ns ?? ''}.${obj.metadata.name}`;
}

/** The live object and what applying the manifest would make of it (server-side dry run). */
function pair(inv: Invocation, m: Manifest): { live?: KubeObject; merged: KubeObject; ns?: string } {
  const manifest = clone(m.obj);
  const ns = manifestNamespace(inv, m);
  if (ns) manifest.metadata.namespace = ns;
  const key = keyOf(m.type);
  const opts = { dryRun: true, fieldValidation: validationOf(inv) };
  const live = inv.client.tryGet(key, ns, manifest.metadata.name ?? '');
  if (!live) return { merged: inv.client.create(key, manifest, opts).object, ns };
  // kubectl's modified configuration always carries an annotations map, without its own annotation.
  const { [LAST_APPLIED]: _own, ...annotations } = manifest.metadata.annotations ?? {};
  manifest.metadata.annotations = annotations;
  let previous: KubeObject | undefined;
  try {
    const text = live.metadata.annotations?.[LAST_APPLIED];
    previous = text ? (JSON.parse(text) as KubeObject) : undefined;
  } catch {
    previous = undefined;
  }
  const merged = strategicMerge(clone(live), manifest) as KubeObject;
  if (previous) pruneRemoved(merged, previous, manifest);
  merged.metadata = { ...merged.metadata, name: live.metadata.name, namespace: live.metadata.namespace };
  const result = inv.client.update(key, merged, opts).object;
  return { live, merged: result, ns };
}

function text(inv: Invocation, obj: KubeObject | undefined): string {
  if (!obj) return '';
  const o = clone(obj);
  if (!inv.flags.bool('show-managed-fields')) delete o.metadata.managedFields;
  return toYaml(o);
}

/** `2026-11-30 03:03:16.257547061 +0000`, as diff prints a file's modification time. */
function stamp(ms: number, nanos: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}.${String(nanos).padStart(9, '0')} +0000`;
}

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.list('filename').length && !inv.flags.str('kustomize')) throw new CliError('must specify one of -f and -k');
  if (inv.flags.list('filename').length && inv.flags.str('kustomize')) throw new CliError('only one of -f or -k can be specified');
  await inv.ctx.loadCode(loadManifestParser());
  const dir = inv.flags.str('kustomize');
  const manifests = dir ? buildFromDir(inv, dir).flatMap((o) => toManifest(o, dir)) : readManifests(inv);
  await prepareManifests(inv, manifests);
  const liveDir = `/tmp/LIVE-${inv.random.int(100_000_000, 4_294_967_295)}`;
  const mergedDir = `/tmp/MERGED-${inv.random.int(100_000_000, 4_294_967_295)}`;
  // Both files of a pair are written within the same clock tick.
  const written = stamp(inv.client.now(), inv.random.int(0, 999_999_999));
  let out = '';
  for (const m of manifests) {
    let p: ReturnType<typeof pair>;
    try {
      p = pair(inv, m);
    } catch (e) {
      if (e instanceof ApiError) throw new CliError(formatApiError(e), { plain: true });
      throw e;
    }
    const hunks = unifiedHunks(text(inv, p.live), text(inv, p.merged));
    if (!hunks) continue;
    const name = fileName(m.type, m.obj, p.ns);
    out += `diff -u -N ${liveDir}/${name} ${mergedDir}/${name}\n`;
    out += `--- ${liveDir}/${name}\t${p.live ? written : '1970-01-01 00:00:00.000000000 +0000'}\n`;
    out += `+++ ${mergedDir}/${name}\t${written}\n`;
    out += hunks;
  }
  inv.out(out);
  return out ? 1 : 0;
}

registerVerb({ name: 'diff', short: 'Diff the live version against a would-be applied version', run });
