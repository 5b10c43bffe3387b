/**
 * Pod admission: strict decoding, defaulting (SetDefaults_Pod + create-time admission
 * plugins), validation, and the update rule that a Pod's spec is nearly immutable.
 */
import type { StatusCause } from '../../api/errors.ts';
import { clone, type KubeObject } from '../../api/types.ts';
import { forbiddenField, validateObjectMeta } from '../validation.ts';
import { admitNewPod } from './pod-admission.ts';
import { defaultPodSpec, objectMetaUnknownFields, podSpecDecodeError, podSpecUnknownFields, sortFieldPaths, validatePodSpec } from './pod-spec.ts';
import { setOwn } from '../../api/own-keys.ts';
import type { ApiRegistries } from '../registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const TOP_LEVEL = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);

/** The detail of the Forbidden cause for a changed Pod spec (before the diff). */
export const POD_UPDATE_FORBIDDEN =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/** Field names as the Go struct prints them in the update diff (`RestartPolicy`). */
function goName(k: string): string {
  return k.charAt(0).toUpperCase() + k.slice(1);
}

/** A short cmp.Diff-shaped listing of the PodSpec fields that differ. */
function specDiff(oldSpec: Obj, newSpec: Obj): string {
  const keys = [...new Set([...Object.keys(oldSpec), ...Object.keys(newSpec)])];
  const lines = ['  core.PodSpec{'];
  let same = 0;
  const flush = (): void => {
    if (same) lines.push(`  \t... // ${same} identical field${same === 1 ? '' : 's'}`);
    same = 0;
  };
  for (const k of keys) {
    const a = JSON.stringify(oldSpec[k]);
    const b = JSON.stringify(newSpec[k]);
    if (a === b) {
      same++;
      continue;
    }
    flush();
    if (a !== undefined) lines.push(`- \t${goName(k)}: ${a},`);
    if (b !== undefined) lines.push(`+ \t${goName(k)}: ${b},`);
  }
  flush();
  lines.push('  }');
  return lines.join('\n');
}

/**
 * ValidatePodUpdate's spec rule: only images, activeDeadlineSeconds, added tolerations and
 * terminationGracePeriodSeconds may change (binding a pod to a node is allowed too, as the
 * binding subresource does).
 */
export function validatePodSpecUpdate(oldSpec: Obj, newSpec: Obj): StatusCause[] {
  const mutable = clone(newSpec);
  const copyImages = (key: 'containers' | 'initContainers'): void => {
    const o = oldSpec[key];
    const n = mutable[key];
    if (!Array.isArray(o) || !Array.isArray(n) || o.length !== n.length) return;
    n.forEach((c: Obj, i: number) => {
      if (c && o[i]) c.image = o[i].image;
    });
  };
  copyImages('containers');
  copyImages('initContainers');
  for (const k of ['activeDeadlineSeconds', 'terminationGracePeriodSeconds']) {
    if (oldSpec[k] === undefined) delete mutable[k];
    else mutable[k] = oldSpec[k];
  }
  const oldTols: Obj[] = oldSpec.tolerations ?? [];
  const newTols: Obj[] = mutable.tolerations ?? [];
  const keptAll = oldTols.every((t) => newTols.some((n) => JSON.stringify(n) === JSON.stringify(t)));
  if (keptAll) {
    if (oldSpec.tolerations === undefined) delete mutable.tolerations;
    else mutable.tolerations = oldSpec.tolerations;
  }
  if (!oldSpec.nodeName && mutable.nodeName) delete mutable.nodeName;
  if (JSON.stringify(canonical(mutable)) === JSON.stringify(canonical(oldSpec))) return [];
  return [forbiddenField('spec', `${POD_UPDATE_FORBIDDEN}\n${specDiff(oldSpec, newSpec)}`)];
}

/** JSON with sorted keys, so key order never counts as a change. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    const out: Obj = {};
    for (const k of Object.keys(v).sort()) setOwn(out, k, canonical((v as Obj)[k]));
    return out;
  }
  return v;
}

function unknownFields(obj: KubeObject): string[] {
  const out = Object.keys(obj).filter((k) => !TOP_LEVEL.has(k));
  out.push(...objectMetaUnknownFields(obj.metadata, 'metadata'));
  out.push(...podSpecUnknownFields(obj.spec, 'spec'));
  return sortFieldPaths(out);
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installPodsAdmission(api: ApiRegistries): void {
  api.admission.register('pods', {
    unknownFields,
    decodeError: (obj) => podSpecDecodeError(obj.spec),
    default(obj, ctx, old) {
      obj.spec ??= {};
      defaultPodSpec(obj.spec, ctx);
      if (!old) admitNewPod(obj, ctx);
    },
    validate(obj, _ctx, old) {
      const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
      causes.push(...validatePodSpec(obj.spec, 'spec'));
      if (old && causes.length === 0) {
        // Compare against the old spec with defaults filled in, so that objects written
        // straight into the store without them do not read as changed.
        const oldSpec = clone(old.spec ?? {});
        defaultPodSpec(oldSpec);
        causes.push(...validatePodSpecUpdate(oldSpec, obj.spec ?? {}));
      }
      return causes;
    },
  });
}
