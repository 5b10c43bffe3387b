/**
 * What the API server's admission plugins add to a Pod on create (ServiceAccount,
 * DefaultTolerationSeconds, Priority) and the Pod-only defaults of SetDefaults_Pod, plus the
 * QoS class the registry writes into status.
 */
import { forbidden } from '../../api/errors.ts';
import { parseQuantity, compareQuantity } from '../../api/quantity.ts';
import type { KubeObject } from '../../api/types.ts';
import type { AdmissionContext } from '../admission.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Where the service account token volume is mounted in every container. */
export const SA_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

/** The projected service-account token volume every Pod gets (`kube-api-access-xxxxx`). */
export function tokenVolume(name: string): Obj {
  return {
    name,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
        {
          downwardAPI: {
            items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }],
          },
        },
      ],
    },
  };
}

/** The two NoExecute tolerations DefaultTolerationSeconds adds (300 s). */
export const DEFAULT_TOLERATIONS: readonly Obj[] = [
  { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
  { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
];

function toleratesKey(tols: Obj[], key: string): boolean {
  return tols.some(
    (t) => (t.key === key || (!t.key && t.operator === 'Exists')) && (!t.effect || t.effect === 'NoExecute'),
  );
}

function allContainers(spec: Obj): Obj[] {
  return [...(Array.isArray(spec.initContainers) ? spec.initContainers : []), ...(Array.isArray(spec.containers) ? spec.containers : [])];
}

/** Pod QoS class (BestEffort / Burstable / Guaranteed) from cpu and memory requests/limits. */
export function podQosClass(spec: Obj | undefined): string {
  const containers = spec ? allContainers(spec) : [];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const req: Obj = c?.resources?.requests ?? {};
    const lim: Obj = c?.resources?.limits ?? {};
    for (const r of ['cpu', 'memory']) {
      const hasReq = req[r] !== undefined && !isZero(req[r]);
      const hasLim = lim[r] !== undefined && !isZero(lim[r]);
      if (hasReq || hasLim) any = true;
      if (!hasLim) guaranteed = false;
      else if (hasReq && !sameQuantity(req[r], lim[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function isZero(v: unknown): boolean {
  try {
    return parseQuantity(v as string).mantissa === 0n;
  } catch {
    return false;
  }
}

function sameQuantity(a: unknown, b: unknown): boolean {
  try {
    return compareQuantity(parseQuantity(a as string), parseQuantity(b as string)) === 0;
  } catch {
    return false;
  }
}

/**
 * Applies create-time Pod defaults in place: enableServiceLinks, requests from limits,
 * priority, service account + token volume and mounts, default tolerations, and the initial
 * status (`Pending` with its QoS class). Throws the ServiceAccount admission Forbidden error
 * when a named (non-default) service account does not exist.
 */
export function admitNewPod(pod: KubeObject, ctx: AdmissionContext): void {
  const spec: Obj = pod.spec;
  spec.enableServiceLinks ??= true;
  for (const c of allContainers(spec)) {
    const lim = c?.resources?.limits;
    if (!lim || typeof lim !== 'object') continue;
    const req = (c.resources.requests ??= {});
    for (const [k, v] of Object.entries(lim)) if (req[k] === undefined) req[k] = v;
  }
  spec.priority ??= 0;
  spec.preemptionPolicy ??= 'PreemptLowerPriority';

  const ns = pod.metadata.namespace ?? 'default';
  const saName: string = spec.serviceAccountName || spec.serviceAccount || 'default';
  const sa = ctx.store.get('serviceaccounts', ns, saName);
  // The namespace controller recreates `default` within the same settle, so a missing
  // `default` is only a transient state here; a missing named account is the user's error.
  if (!sa && saName !== 'default') {
    throw forbidden(
      `pods "${pod.metadata.name}" is forbidden: error looking up service account ${ns}/${saName}: serviceaccount "${saName}" not found`,
    );
  }
  spec.serviceAccount = saName;
  spec.serviceAccountName = saName;
  const automount = spec.automountServiceAccountToken ?? (sa as Obj | undefined)?.automountServiceAccountToken ?? true;
  if (automount) {
    const volumes: Obj[] = (spec.volumes ??= []);
    const existing = volumes.find((v) => typeof v?.name === 'string' && v.name.startsWith('kube-api-access-') && v.projected);
    const volName = existing?.name ?? `kube-api-access-${ctx.random.suffix(5)}`;
    if (!existing) volumes.push(tokenVolume(volName));
    for (const c of allContainers(spec)) {
      if (!c || typeof c !== 'object') continue;
      const mounts: Obj[] = (c.volumeMounts ??= []);
      if (mounts.some((m) => m?.mountPath === SA_TOKEN_MOUNT_PATH)) continue;
      mounts.push({ mountPath: SA_TOKEN_MOUNT_PATH, name: volName, readOnly: true });
    }
  }

  const tols: Obj[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  for (const t of DEFAULT_TOLERATIONS) if (!toleratesKey(tols, t.key)) tols.push({ ...t });
  spec.tolerations = tols;

  pod.status = { phase: 'Pending', qosClass: podQosClass(spec) };
}
