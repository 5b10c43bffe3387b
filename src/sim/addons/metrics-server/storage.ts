/**
 * metrics-server's storage and the resource metrics API it serves (metrics.k8s.io/v1beta1).
 * Each scrape reads every running container's cumulative CPU counter and working set from the
 * kubelets; a CPU rate needs two reads, so a Pod (or node) has metrics from its second scrape
 * on, as with the real server. Readers (`kubectl top`, the HPA controller) go through
 * `metricsApi`, which answers like the aggregated API: absent until the APIService exists,
 * unavailable while its Service has no ready endpoint.
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.ts';
import { kubelets } from '../../kubelet/component.ts';
import { readStats, type ContainerStats } from './usage.ts';

/** The APIService metrics-server registers. */
export const METRICS_APISERVICE = 'v1beta1.metrics.k8s.io';
const APISERVICES = 'apiservices.apiregistration.k8s.io';
const KEY = 'metrics-server.storage';
/** What a kind node's own processes (containerd, kubelet, systemd) use besides its Pods. */
const NODE_OVERHEAD = { cpuMilli: 38, memoryBytes: 310 * 1024 * 1024 };

/** One container's usage in a PodMetrics item. */
export interface ContainerMetric {
  name: string;
  cpuMilli: number;
  memoryBytes: number;
}

/** A PodMetrics item. */
export interface PodMetric {
  namespace: string;
  name: string;
  /** Cluster time of the newer read (ms). */
  timestamp: number;
  /** Seconds between the two reads the rate comes from. */
  window: number;
  containers: ContainerMetric[];
}

/** A NodeMetrics item. */
export interface NodeMetric {
  name: string;
  timestamp: number;
  window: number;
  cpuMilli: number;
  memoryBytes: number;
}

interface Point {
  t: number;
  stats: ContainerStats;
}

interface Storage {
  containers: Map<string, Point>;
  nodes: Map<string, { t: number }>;
  pods: Map<string, PodMetric>;
  nodeMetrics: Map<string, NodeMetric>;
  scrapes: number;
}

/** Empties the storage (a new metrics-server process starts with nothing). */
export function resetStorage(cluster: Cluster): Storage {
  const s: Storage = { containers: new Map(), nodes: new Map(), pods: new Map(), nodeMetrics: new Map(), scrapes: 0 };
  cluster.extensions.set(KEY, s);
  return s;
}

function storage(cluster: Cluster): Storage | undefined {
  return cluster.extensions.get(KEY) as Storage | undefined;
}

const cores = (node: KubeObject): number => milliValue(parseQuantity(String(node.status?.capacity?.cpu ?? '1'))) / 1000;

/** Reads every node's containers once; returns the names of nodes it read. */
export function scrape(cluster: Cluster, s: Storage): string[] {
  const now = cluster.clock.now();
  const all = kubelets(cluster);
  const seen = new Set<string>();
  const read: string[] = [];
  const byNode = new Map<string, KubeObject[]>();
  for (const p of cluster.store.list('pods'))
    if (p.spec?.nodeName) (byNode.get(p.spec.nodeName) ?? byNode.set(p.spec.nodeName, []).get(p.spec.nodeName)!).push(p);
  for (const node of cluster.store.list('nodes')) {
    const name = node.metadata.name!;
    const kubelet = all.get(name);
    if (!kubelet?.running()) continue;
    read.push(name);
    let nodeMem = 0;
    for (const pod of byNode.get(name) ?? []) {
      const rt = kubelet.runtime(pod.metadata.namespace!, pod.metadata.name!);
      if (!rt) continue;
      const containers: ContainerMetric[] = [];
      let complete = true;
      let window = 0;
      for (const c of rt.containers) {
        if (c.step !== 'running' || !c.running) continue;
        const key = `${rt.uid}/${c.name}/${c.containerID ?? ''}`;
        seen.add(key);
        const prev = s.containers.get(key);
        const since = prev ? prev.t : c.running.startedAt;
        const stats = readStats(c, prev?.stats, Math.max(0, (now - since) / 1000), cores(node));
        s.containers.set(key, { t: now, stats });
        nodeMem += stats.memoryBytes;
        if (!prev || now === prev.t) {
          complete = false;
          continue;
        }
        window = (now - prev.t) / 1000;
        containers.push({
          name: c.name,
          cpuMilli: Math.round(((stats.cpuSeconds - prev.stats.cpuSeconds) / ((now - prev.t) / 1000)) * 1000),
          memoryBytes: stats.memoryBytes,
        });
      }
      const podKey = `${rt.namespace}/${rt.name}`;
      if (complete && containers.length) s.pods.set(podKey, { namespace: rt.namespace, name: rt.name, timestamp: now, window, containers });
    }
    const prevNode = s.nodes.get(name);
    s.nodes.set(name, { t: now });
    if (prevNode && now > prevNode.t) {
      const podRate = [...s.pods.values()]
        .filter((m) => (byNode.get(name) ?? []).some((p) => p.metadata.namespace === m.namespace && p.metadata.name === m.name) && m.timestamp === now)
        .reduce((a, m) => a + m.containers.reduce((b, c) => b + c.cpuMilli, 0), 0);
      s.nodeMetrics.set(name, {
        name,
        timestamp: now,
        window: (now - prevNode.t) / 1000,
        cpuMilli: podRate + NODE_OVERHEAD.cpuMilli,
        memoryBytes: nodeMem + NODE_OVERHEAD.memoryBytes,
      });
    }
  }
  for (const k of [...s.containers.keys()]) if (!seen.has(k)) s.containers.delete(k);
  for (const [k, m] of [...s.pods]) if (m.timestamp !== now) s.pods.delete(k);
  s.scrapes++;
  return read;
}

/** Whether the storage can serve (metric-storage-ready): it has node metrics. */
export function storageReady(cluster: Cluster): boolean {
  return (storage(cluster)?.nodeMetrics.size ?? 0) > 0;
}

/** How the aggregated metrics API answers right now. */
export type MetricsApiState = 'absent' | 'unavailable' | 'ready';

/** absent: no APIService; unavailable: its Service has no ready endpoint (or no storage yet). */
export function metricsApiState(cluster: Cluster): MetricsApiState {
  const svc = cluster.store.get(APISERVICES, '', METRICS_APISERVICE);
  if (!svc) return 'absent';
  const ref = svc.spec?.service as { name?: string; namespace?: string } | undefined;
  if (!ref?.name) return 'unavailable';
  const ep = cluster.store.get('endpoints', ref.namespace ?? 'default', ref.name);
  const ready = ((ep?.subsets ?? []) as { addresses?: unknown[] }[]).some((s) => (s.addresses ?? []).length > 0);
  return ready && storage(cluster) ? 'ready' : 'unavailable';
}

/** PodMetrics items (of one namespace, or all), by namespace and name. */
export function podMetrics(cluster: Cluster, namespace?: string): PodMetric[] {
  const all = [...(storage(cluster)?.pods.values() ?? [])].filter((m) => namespace === undefined || m.namespace === namespace);
  return all.sort((a, b) => (a.namespace === b.namespace ? a.name.localeCompare(b.name) : a.namespace.localeCompare(b.namespace)));
}

/** NodeMetrics items, by name. */
export function nodeMetrics(cluster: Cluster): NodeMetric[] {
  return [...(storage(cluster)?.nodeMetrics.values() ?? [])].sort((a, b) => a.name.localeCompare(b.name));
}

/** A node's allocatable CPU (millicores) and memory (bytes), for `top node` percentages. */
export function nodeAllocatable(node: KubeObject): { cpuMilli: number; memoryBytes: number } {
  const a = node.status?.allocatable ?? node.status?.capacity ?? {};
  return { cpuMilli: milliValue(parseQuantity(String(a.cpu ?? '0'))), memoryBytes: quantityValue(parseQuantity(String(a.memory ?? '0'))) };
}
