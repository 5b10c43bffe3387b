/**
 * What the endpoints and endpointslice controllers compute for one Service: which Pods back
 * it (ShouldPodBeInEndpoints), at which ports (targetPort resolved against each Pod's
 * container ports), ready or not, and the comparable forms the controller compares with.
 */
import type { KubeObject } from '../../api/types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** A Service port as an endpoint port: its name, protocol and the Pod port it maps to. */
export interface EndpointPort {
  name: string;
  port: number;
  protocol: string;
}

/** Whether the Pod belongs in the Service's endpoints at all (has an IP, not finished). */
export function shouldPodBeInEndpoints(pod: KubeObject, includeTerminating: boolean): boolean {
  if (!pod.status?.podIP) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp) return false;
  return pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';
}

/** Whether the Pod's Ready condition is True (podutil.IsPodReady). */
export function isPodReady(pod: KubeObject): boolean {
  return ((pod.status?.conditions as Obj[] | undefined) ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/**
 * The Pod port a Service port points at (podutil.FindPort): a number as is, a name looked up
 * among the Pod's container ports; undefined when the name is not found.
 */
export function resolvePort(servicePort: Obj, pod: KubeObject): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(String(target))) return Number(target);
  for (const c of (pod.spec?.containers as Obj[] | undefined) ?? []) {
    for (const p of (c.ports as Obj[] | undefined) ?? []) {
      if (p.name === target && (p.protocol ?? 'TCP') === (servicePort.protocol ?? 'TCP')) return p.containerPort;
    }
  }
  return undefined;
}

/** The endpoint ports of one Pod, in the Service's port order; ports that do not resolve are left out. */
export function podPorts(service: KubeObject, pod: KubeObject): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of (service.spec?.ports as Obj[] | undefined) ?? []) {
    const port = resolvePort(sp, pod);
    if (port !== undefined) out.push({ name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' });
  }
  return out;
}

/** A reference to the Pod, as endpoints carry it. */
export function targetRef(pod: KubeObject): Obj {
  return { kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid };
}

/** The DNS hostname of a Pod in this Service's endpoints: set when the Pod names the Service as its subdomain. */
export function hostnameFor(svc: KubeObject, pod: KubeObject): string | undefined {
  const h = pod.spec?.hostname;
  return h && pod.spec?.subdomain === svc.metadata.name && pod.metadata.namespace === svc.metadata.namespace ? String(h) : undefined;
}

/** A headless Service without ports still lists its Pods (for DNS), with no ports. */
export function portlessHeadless(svc: KubeObject): boolean {
  return svc.spec?.clusterIP === 'None' && !(svc.spec?.ports ?? []).length;
}

/** Comparable form of a list: order-insensitive, as the real controllers repack and sort. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).sort().join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as Obj)
      .sort()
      .map((k) => `${k}:${canonical((v as Obj)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}
