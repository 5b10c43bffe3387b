/**
 * What the endpoints and endpointslice controllers compute for one Service: which Pods back
 * it (ShouldPodBeInEndpoints), at which ports (targetPort resolved against each Pod's
 * container ports), ready or not.
 */
import type { Pod, Service } from '../../kinds/generated-types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** One Pod behind a Service. */
export interface Backend {
  pod: Pod;
  ip: string;
  ready: boolean;
  terminating: boolean;
}

/** A Service port as an endpoint port: its name, protocol and the Pod port it maps to. */
export interface EndpointPort {
  name: string;
  port: number;
  protocol: string;
}

/** Whether the Pod belongs in the Service's endpoints at all (has an IP, not finished). */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (!pod.status?.podIP) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp) return false;
  return pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';
}

function isReady(pod: Pod): boolean {
  return ((pod.status?.conditions as Obj[] | undefined) ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** The Pods behind the Service, sorted by IP (as RepackSubsets orders addresses). */
export function backends(service: Service, pods: Pod[], includeTerminating: boolean): Backend[] {
  const publish = service.spec?.publishNotReadyAddresses === true;
  return pods
    .filter((p) => shouldPodBeInEndpoints(p, includeTerminating || publish))
    .map((pod) => ({ pod, ip: String(pod.status?.podIP), ready: publish || (isReady(pod) && !pod.metadata.deletionTimestamp), terminating: !!pod.metadata.deletionTimestamp }))
    .sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0));
}

/**
 * The Pod port a Service port points at (podutil.FindPort): a number as is, a name looked up
 * among the Pod's container ports; undefined when the name is not found.
 */
export function resolvePort(servicePort: Obj, pod: Pod): number | undefined {
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
export function podPorts(service: Service, pod: Pod): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of (service.spec?.ports as Obj[] | undefined) ?? []) {
    const port = resolvePort(sp, pod);
    if (port !== undefined) out.push({ name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' });
  }
  return out;
}

/** A reference to the Pod, as endpoints carry it. */
export function targetRef(pod: Pod): Obj {
  return { kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid };
}
