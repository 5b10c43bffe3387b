/**
 * metrics-server's storage and the resource metrics API it serves (metrics.k8s.io/v1beta1).
 * The scrapes that fill it (scrape.ts) run in metrics-server's program, which loads with the
 * containers' programs; a CPU rate needs two reads, so a Pod (or node) has metrics from its
 * second scrape on, as with the real server. Readers (`kubectl top`, the HPA controller) go through
 * `metricsApi`, which answers like the aggregated API: absent until the APIService exists,
 * unavailable while its Service has no ready endpoint.
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.ts';
import type { ContainerStats } from './usage.ts';

/** The APIService metrics-server registers. */
export const METRICS_APISERVICE = 'v1beta1.metrics.k8s.io';
const APISERVICES = 'apiservices.apiregistration.k8s.io';
/** Where a cluster keeps the storage (`cluster.extensions`). */
export const STORAGE_KEY = 'metrics-server.storage';

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

/** One container's last read. */
export interface Point {
  t: number;
  stats: ContainerStats;
}

/** What the running metrics-server holds (scrape.ts fills it). */
export interface Storage {
  containers: Map<string, Point>;
  nodes: Map<string, { t: number }>;
  pods: Map<string, PodMetric>;
  nodeMetrics: Map<string, NodeMetric>;
  scrapes: number;
}

function storage(cluster: Cluster): Storage | undefined {
  return cluster.extensions.get(STORAGE_KEY) as Storage | undefined;
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
