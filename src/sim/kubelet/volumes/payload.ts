/**
 * What the files of a ConfigMap, Secret, downwardAPI or projected volume are, computed from
 * the API as the kubelet's volume plugins do, with their error texts when a source is missing
 * (`configmap "game-config" not found`, `configmap references non-existent config key: x`).
 */
import { base64DecodeBytes, base64Encode } from '../../api/base64.ts';
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Store } from '../../store/store.ts';
import type { Payload } from './atomic-writer.ts';
import { setOwn } from '../../api/own-keys.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The files, or the reason the volume cannot be set up. */
export type PayloadResult = { payload: Payload } | { error: string };

const DEFAULT_MODE = 0o644;
const ROOT_CA = 'kube-root-ca.crt';
const CLUSTER_CA = '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIsimulated\n-----END CERTIFICATE-----\n';

/** Base64 (Secret data, ConfigMap binaryData) to text, bytes read as UTF-8 where they are. */
export function decodeData(b64: string): string {
  let bytes: number[];
  try {
    bytes = base64DecodeBytes(b64);
  } catch {
    return '';
  }
  const pct = bytes.map((b) => '%' + b.toString(16).padStart(2, '0')).join('');
  try {
    return decodeURIComponent(pct);
  } catch {
    return String.fromCharCode(...bytes);
  }
}

/** A ConfigMap's or Secret's values as text, or undefined when it does not exist. */
export function sourceValues(store: Store, ns: string, kind: 'configmap' | 'secret', name: string): Record<string, string> | undefined {
  const obj = store.get(kind === 'configmap' ? 'configmaps' : 'secrets', ns, name);
  if (!obj) return undefined;
  const out: Record<string, string> = {};
  if (kind === 'configmap') {
    Object.assign(out, (obj.data as Record<string, string>) ?? {});
    for (const [k, v] of Object.entries((obj.binaryData as Record<string, string>) ?? {})) setOwn(out, k, decodeData(v));
  } else {
    for (const [k, v] of Object.entries((obj.data as Record<string, string>) ?? {})) setOwn(out, k, decodeData(v));
  }
  return out;
}

function keyedFiles(
  data: Record<string, string> | undefined,
  kind: 'configmap' | 'secret',
  name: string,
  src: Obj,
  defaultMode: number,
): PayloadResult {
  if (!data) return src.optional ? { payload: {} } : { error: `${kind} "${name}" not found` };
  const payload: Payload = {};
  if (!src.items?.length) {
    for (const [k, v] of Object.entries(data)) setOwn(payload, k, { content: v, mode: defaultMode });
    return { payload };
  }
  for (const it of src.items as Obj[]) {
    if (!(it.key in data)) {
      if (src.optional) continue;
      return { error: kind === 'configmap' ? `configmap references non-existent config key: ${it.key}` : `references non-existent secret key: ${it.key}` };
    }
    setOwn(payload, it.path, { content: data[it.key]!, mode: it.mode ?? defaultMode });
  }
  return { payload };
}

/** `key="value"` lines in key order, as the kubelet formats labels and annotations. */
export function formatMap(m: Record<string, string> | undefined): string {
  return Object.keys(m ?? {})
    .sort()
    .map((k) => `${k}=${JSON.stringify(m![k])}`)
    .join('\n');
}

/** The value of a downward API `fieldRef` for a volume file. */
export function podFieldValue(pod: KubeObject, path: string): string | undefined {
  const one = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (one) return (pod.metadata[one[1] as 'labels'] as Record<string, string> | undefined)?.[one[2]!] ?? '';
  switch (path) {
    case 'metadata.name': return pod.metadata.name;
    case 'metadata.namespace': return pod.metadata.namespace;
    case 'metadata.uid': return pod.metadata.uid;
    case 'metadata.labels': return formatMap(pod.metadata.labels);
    case 'metadata.annotations': return formatMap(pod.metadata.annotations);
    default: return undefined;
  }
}

/**
 * A `resourceFieldRef` value: the container's limit (or request), falling back to the node's
 * allocatable for an unset limit, divided by the divisor and rounded up.
 */
export function resourceFieldValue(pod: KubeObject, ref: Obj, defaultContainer: string | undefined, allocatable: Record<string, string>): string {
  const name = ref.containerName ?? defaultContainer;
  const c = (pod.spec?.containers ?? []).find((x: Obj) => x.name === name);
  const [kind, res] = String(ref.resource ?? '').split('.') as [string, string];
  const value = c?.resources?.[kind]?.[res] ?? (kind === 'requests' && res === 'cpu' ? '0' : allocatable[res] ?? '0');
  // The API server defaults an unset divisor to "0", which the kubelet reads as 1.
  const parsed = parseQuantity(ref.divisor ?? '1');
  const divisor = milliValue(parsed) === 0 ? parseQuantity('1') : parsed;
  const q = parseQuantity(value);
  const n = milliValue(q) / Math.max(1, milliValue(divisor));
  if (res === 'cpu' || !Number.isFinite(n)) return String(Math.ceil(n));
  return String(Math.ceil(quantityValue(q) / Math.max(1, quantityValue(divisor))));
}

function downwardFiles(pod: KubeObject, src: Obj, defaultMode: number, allocatable: Record<string, string>): Payload {
  const payload: Payload = {};
  for (const it of (src.items ?? []) as Obj[]) {
    let v: string | undefined;
    if (it.fieldRef) v = podFieldValue(pod, it.fieldRef.fieldPath);
    else if (it.resourceFieldRef) v = resourceFieldValue(pod, it.resourceFieldRef, undefined, allocatable);
    if (v !== undefined) setOwn(payload, it.path, { content: v, mode: it.mode ?? defaultMode });
  }
  return payload;
}

/** A bound service account token as the kubelet projects it (a JWT whose content is not checked). */
function tokenFor(pod: KubeObject): string {
  const claims = `{"aud":["https://kubernetes.default.svc.cluster.local"],"sub":"system:serviceaccount:${pod.metadata.namespace}:${pod.spec?.serviceAccountName ?? 'default'}"}`;
  const b64url = base64Encode(claims).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `eyJhbGciOiJSUzI1NiIsImtpZCI6InNpbXVsYXRlZCJ9.${b64url}.c2lnbmF0dXJl`;
}

/**
 * The payload of an atomic-writer volume, or undefined for other volume types (emptyDir,
 * persistentVolumeClaim, hostPath).
 */
export function volumePayload(store: Store, pod: KubeObject, volume: Obj, allocatable: Record<string, string> = {}): PayloadResult | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  if (volume.configMap) {
    const src = volume.configMap;
    return keyedFiles(sourceValues(store, ns, 'configmap', src.name), 'configmap', src.name, src, src.defaultMode ?? DEFAULT_MODE);
  }
  if (volume.secret) {
    const src = volume.secret;
    return keyedFiles(sourceValues(store, ns, 'secret', src.secretName), 'secret', src.secretName, src, src.defaultMode ?? DEFAULT_MODE);
  }
  if (volume.downwardAPI) {
    return { payload: downwardFiles(pod, volume.downwardAPI, volume.downwardAPI.defaultMode ?? DEFAULT_MODE, allocatable) };
  }
  if (!volume.projected) return undefined;
  const mode = volume.projected.defaultMode ?? DEFAULT_MODE;
  const payload: Payload = {};
  for (const s of (volume.projected.sources ?? []) as Obj[]) {
    let part: PayloadResult;
    if (s.configMap) {
      // Every namespace has kube-root-ca.crt on a real cluster; clusters built without the namespace controller get the same file.
      const values = sourceValues(store, ns, 'configmap', s.configMap.name) ?? (s.configMap.name === ROOT_CA ? { 'ca.crt': CLUSTER_CA } : undefined);
      part = keyedFiles(values, 'configmap', s.configMap.name, s.configMap, mode);
    }
    else if (s.secret) part = keyedFiles(sourceValues(store, ns, 'secret', s.secret.name), 'secret', s.secret.name, s.secret, mode);
    else if (s.downwardAPI) part = { payload: downwardFiles(pod, s.downwardAPI, mode, allocatable) };
    else if (s.serviceAccountToken) part = { payload: { [s.serviceAccountToken.path ?? 'token']: { content: tokenFor(pod), mode } } };
    else continue;
    if ('error' in part) return part;
    Object.assign(payload, part.payload);
  }
  return { payload };
}
