import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';
import type { Cluster } from '../cluster.ts';

function pods(c: Cluster, ns: string, prefix: string) {
  return c.store.list('pods', ns).filter((p) => p.metadata.name!.startsWith(prefix));
}

function deleteAndWait(c: Cluster, ns: string, name: string): void {
  c.api.delete('pods', ns, name, {});
  c.settle();
  c.advance(2_000);
}

describe('preset system Pods adopted by the kubelet', () => {
  it('terminate when deleted, and the ReplicaSet replacement starts and runs', () => {
    const c = createCluster({ seed: 3 });
    const [old] = pods(c, 'kube-system', 'coredns-');
    deleteAndWait(c, 'kube-system', old!.metadata.name!);
    expect(c.store.get('pods', 'kube-system', old!.metadata.name!)).toBeUndefined();
    c.advance(30_000);
    const now = pods(c, 'kube-system', 'coredns-');
    expect(now).toHaveLength(2);
    expect(now.every((p) => p.status.phase === 'Running' && p.status.containerStatuses[0].ready)).toBe(true);
    const fresh = now.find((p) => p.metadata.name !== old!.metadata.name && p.metadata.creationTimestamp !== old!.metadata.creationTimestamp)!;
    expect(c.nodeProxy!.logs('kube-system', fresh.metadata.name!, undefined, {})).toContain('CoreDNS-1.11.3\n');

    const [lpp] = pods(c, 'local-path-storage', 'local-path-provisioner-');
    deleteAndWait(c, 'local-path-storage', lpp!.metadata.name!);
    expect(c.store.get('pods', 'local-path-storage', lpp!.metadata.name!)).toBeUndefined();
    c.advance(30_000);
    expect(pods(c, 'local-path-storage', 'local-path-provisioner-').map((p) => p.status.phase)).toEqual(['Running']);
  });

  it('stop within the grace period when their node is drained', () => {
    const c = createCluster({ seed: 5 });
    c.api.modify('nodes', undefined, 'kind-control-plane', (n) => {
      n.spec.unschedulable = true;
    });
    const evictable = c.store
      .list('pods')
      .filter((p) => p.spec.nodeName === 'kind-control-plane' && p.metadata.ownerReferences?.[0]?.kind === 'ReplicaSet');
    expect(evictable.map((p) => p.metadata.name!.replace(/-[a-z0-9]+-[a-z0-9]{5}$/, ''))).toEqual(['coredns', 'coredns', 'local-path-provisioner']);
    for (const p of evictable) c.api.delete('pods', p.metadata.namespace, p.metadata.name!, {});
    c.settle();
    c.advance(5_000);
    for (const p of evictable) expect(c.store.get('pods', p.metadata.namespace!, p.metadata.name!)).toBeUndefined();
    c.advance(30_000);
    const moved = c.store.list('pods').filter((p) => /^(coredns|local-path-provisioner)-/.test(p.metadata.name!));
    expect(moved).toHaveLength(3);
    expect(moved.every((p) => p.spec.nodeName !== 'kind-control-plane' && p.status.phase === 'Running')).toBe(true);
  });

  it('have their images\' startup lines as logs, dated at their start', () => {
    const c = createCluster({ seed: 1 });
    const dns = pods(c, 'kube-system', 'coredns-')[0]!;
    const started = dns.status.containerStatuses[0].state.running.startedAt as string;
    const logs = c.nodeProxy!.logs('kube-system', dns.metadata.name!, undefined, { timestamps: true });
    const stamp = started.replace('Z', '.000000000Z');
    const lines = logs.split('\n');
    expect(lines.map((l) => l.slice(0, stamp.length + 1))).toEqual([`${stamp} `, `${stamp} `, `${stamp} `, `${stamp} `, '']);
    expect(lines.map((l) => l.slice(stamp.length + 1)).filter((_, i) => i !== 1)).toEqual(['.:53', 'CoreDNS-1.11.3', 'linux/amd64, go1.21.11, a6338e9', '']);
    expect(logs.split('\n')[1]).toMatch(/^\S+ \[INFO\] plugin\/reload: Running configuration SHA512 = [0-9a-f]{128}$/);
    for (const p of c.store.list('pods', 'kube-system')) {
      expect(c.nodeProxy!.logs('kube-system', p.metadata.name!, undefined, {}).length, p.metadata.name).toBeGreaterThan(0);
    }
    const proxy = c.store.list('pods', 'kube-system').find((p) => p.metadata.name!.startsWith('kube-proxy-'))!;
    expect(c.nodeProxy!.logs('kube-system', proxy.metadata.name!, undefined, {})).toMatch(/^I\d{4} \d\d:\d\d:\d\d\.\d{6} {7}1 server_linux\.go:66\] "Using iptables proxy"\n/);
  });
});
