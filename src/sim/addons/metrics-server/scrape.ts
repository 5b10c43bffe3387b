/**
 * metrics-server's scrapes, run by its program (programs.ts, loaded with the containers'
 * programs): each reads every running container's cumulative CPU counter and working set from
 * the kubelets into the storage (storage.ts), whose readers are there from the start.
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { milliValue, parseQuantity } from '../../api/quantity.ts';
import { kubelets } from '../../kubelet/cluster-kubelets.ts';
import { STORAGE_KEY, type ContainerMetric, type Storage } from './storage.ts';
import { readStats } from './usage.ts';

/** What a kind node's own processes (containerd, kubelet, systemd) use besides its Pods. */
const NODE_OVERHEAD = { cpuMilli: 38, memoryBytes: 310 * 1024 * 1024 };

/** Empties the storage (a new metrics-server process starts with nothing). */
export function resetStorage(cluster: Cluster): Storage {
  const s: Storage = { containers: new Map(), nodes: new Map(), pods: new Map(), nodeMetrics: new Map(), scrapes: 0 };
  cluster.extensions.set(STORAGE_KEY, s);
  return s;
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

