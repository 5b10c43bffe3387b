/**
 * The `pods/NAME/ephemeralcontainers` subresource (what `kubectl debug` patches): the only way
 * to change a Pod's ephemeral containers. Entries may be added, never changed or removed;
 * names are unique among all the Pod's containers; a target container must exist. New entries
 * get the container defaults. The kubelet then starts them (they never restart).
 */
import { ApiError } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { defaultPullPolicy } from './pod-spec-defaults.ts';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function invalid(pod: string, causes: { field: string; message: string; type: string }[]): ApiError {
  const text = causes.map((c) => `${c.field}: ${c.message}`);
  return new ApiError('Invalid', `Pod "${pod}" is invalid: ${text.length > 1 ? `[${text.join(', ')}]` : text[0]}`, {
    kind: 'Pod',
    name: pod,
    causes: causes.map((c) => ({ reason: c.type, message: `${c.field}: ${c.message}`, field: c.field })),
  });
}

/** Replaces the Pod's ephemeral containers with `wanted` (the old ones plus new ones); returns the stored Pod. */
export function updateEphemeralContainers(cluster: Cluster, namespace: string, name: string, wanted: Obj[]): KubeObject {
  const pod = cluster.api.get('pods', namespace, name);
  const old: Obj[] = pod.spec?.ephemeralContainers ?? [];
  const causes: { field: string; message: string; type: string }[] = [];
  const regular = new Set([...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].map((c: Obj) => c.name));
  const seen = new Set<string>();
  wanted.forEach((c, i) => {
    const at = `spec.ephemeralContainers[${i}]`;
    if (!c.name) causes.push({ field: `${at}.name`, message: 'Required value', type: 'FieldValueRequired' });
    else if (regular.has(c.name) || seen.has(c.name))
      causes.push({ field: `${at}.name`, message: `Duplicate value: "${c.name}"`, type: 'FieldValueDuplicate' });
    seen.add(c.name);
    if (!c.image) causes.push({ field: `${at}.image`, message: 'Required value', type: 'FieldValueRequired' });
    if (c.targetContainerName && !regular.has(c.targetContainerName))
      causes.push({ field: `${at}.targetContainerName`, message: `Not found: "${c.targetContainerName}"`, type: 'FieldValueNotFound' });
    for (const f of ['ports', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle']) {
      if (c[f] !== undefined) causes.push({ field: `${at}.${f}`, message: `Forbidden: cannot be set for an Ephemeral Container`, type: 'FieldValueForbidden' });
    }
  });
  old.forEach((c, i) => {
    const now = wanted.find((w) => w.name === c.name);
    if (!now)
      causes.push({
        field: 'spec.ephemeralContainers',
        message: `Forbidden: existing ephemeral containers "${c.name}" may not be removed`,
        type: 'FieldValueForbidden',
      });
    else if (Object.keys(now).some((k) => JSON.stringify(now[k]) !== JSON.stringify(c[k]))) {
      causes.push({
        field: `spec.ephemeralContainers[${i}]`,
        message: 'Forbidden: existing ephemeral containers may not be changed',
        type: 'FieldValueForbidden',
      });
    }
  });
  if (causes.length) throw invalid(name, causes);
  const added = wanted
    .filter((w) => !old.some((c) => c.name === w.name))
    .map((c) => {
      const d: Obj = { ...c };
      d.imagePullPolicy ??= defaultPullPolicy(d.image);
      d.resources ??= {};
      d.terminationMessagePath ??= '/dev/termination-log';
      d.terminationMessagePolicy ??= 'File';
      return d;
    });
  return cluster.api.modifyStatus('pods', namespace, name, (o) => {
    o.spec.ephemeralContainers = [...old, ...added];
  });
}
