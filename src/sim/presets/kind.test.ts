import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';
import { toTable } from '../testing/default-api.ts';
import type { ConfigMap } from '../kinds/generated-types.ts';

function cells(resource: string, c: ReturnType<typeof createCluster>, ns?: string): string[][] {
  return toTable(resource, c.api.list(resource, { namespace: ns }), c.now()).rows.map((r) => r.cells);
}

describe('kind preset', () => {
  it('has three Ready nodes, the control plane tainted', () => {
    const c = createCluster({ seed: 7 });
    const rows = cells('nodes', c);
    expect(rows.map((r) => r.slice(0, 3).concat(r[4]!))).toEqual([
      ['kind-control-plane', 'Ready', 'control-plane', 'v1.32.6'],
      ['kind-worker', 'Ready', '<none>', 'v1.32.6'],
      ['kind-worker2', 'Ready', '<none>', 'v1.32.6'],
    ]);
    expect(rows[0]!.slice(5)).toEqual(['172.18.0.2', '<none>', 'Debian GNU/Linux 12 (bookworm)', '6.8.0-50-generic', 'containerd://2.0.3']);
    const cp = c.api.get('nodes', undefined, 'kind-control-plane');
    expect(cp.spec.taints).toEqual([{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }]);
    expect(c.api.get('nodes', undefined, 'kind-worker2').spec.podCIDR).toBe('10.244.2.0/24');
  });

  it('runs the kube-system pods, all Running and Ready', () => {
    const c = createCluster({ seed: 7 });
    const pods = c.api.list('pods');
    const names = pods.map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    expect(names.filter((n) => /coredns-668d6bf9bc-[a-z0-9]{5}$/.test(n))).toHaveLength(2);
    expect(names).toContain('kube-system/etcd-kind-control-plane');
    expect(names).toContain('kube-system/kube-apiserver-kind-control-plane');
    expect(names).toContain('kube-system/kube-controller-manager-kind-control-plane');
    expect(names).toContain('kube-system/kube-scheduler-kind-control-plane');
    expect(names.filter((n) => n.includes('/kindnet-'))).toHaveLength(3);
    expect(names.filter((n) => n.includes('/kube-proxy-'))).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('local-path-storage/local-path-provisioner-7dc846544d-'))).toHaveLength(1);
    expect(pods).toHaveLength(13);
    for (const row of cells('pods', c)) expect(row.slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    const ages = new Set(cells('pods', c).map((r) => r[4]));
    for (const a of ages) expect(a).toMatch(/^4m\d+s$|^5m$/);
  });

  it('has namespaces, service accounts, root CA config maps and the built-in services', () => {
    const c = createCluster({ seed: 7 });
    expect(cells('namespaces', c).map((r) => r.slice(0, 2))).toEqual([
      ['default', 'Active'],
      ['kube-node-lease', 'Active'],
      ['kube-public', 'Active'],
      ['kube-system', 'Active'],
      ['local-path-storage', 'Active'],
    ]);
    for (const ns of ['default', 'kube-public', 'kube-node-lease', 'kube-system', 'local-path-storage']) {
      expect(c.api.tryGet('serviceaccounts', ns, 'default')).toBeDefined();
      expect((c.api.tryGet('configmaps', ns, 'kube-root-ca.crt') as ConfigMap | undefined)?.data?.['ca.crt']).toContain('BEGIN CERTIFICATE');
    }
    expect(cells('services', c, 'default')[0]!.slice(0, 5)).toEqual(['kubernetes', 'ClusterIP', '10.96.0.1', '<none>', '443/TCP']);
    expect(cells('services', c, 'kube-system')[0]!.slice(0, 5)).toEqual(['kube-dns', 'ClusterIP', '10.96.0.10', '<none>', '53/UDP,53/TCP,9153/TCP']);
    expect(cells('endpoints', c, 'default')[0]!.slice(0, 2)).toEqual(['kubernetes', '172.18.0.2:6443']);
    const sc = c.api.get('storageclasses.storage.k8s.io', undefined, 'standard');
    expect(sc.metadata.annotations?.['storageclass.kubernetes.io/is-default-class']).toBe('true');
    expect([sc.provisioner, sc.reclaimPolicy, sc.volumeBindingMode]).toEqual(['rancher.io/local-path', 'Delete', 'WaitForFirstConsumer']);
  });

  it('keeps workload owners consistent after the controllers start', () => {
    const c = createCluster({ seed: 7 });
    const before = c.api.list('pods').map((p) => `${p.metadata.name} ${p.status.phase}`);
    c.advance(60_000);
    expect(c.api.list('pods').map((p) => `${p.metadata.name} ${p.status.phase}`)).toEqual(before);
    for (const ds of c.api.list('daemonsets.apps', { namespace: 'kube-system' })) {
      expect([ds.status.desiredNumberScheduled, ds.status.numberReady, ds.status.updatedNumberScheduled]).toEqual([3, 3, 3]);
    }
    expect(c.api.list('replicasets.apps', { namespace: 'kube-system' }).map((r) => r.metadata.name)).toEqual(['coredns-668d6bf9bc']);
    expect(c.api.list('pods')).toHaveLength(13);
    const dep = c.api.get('deployments.apps', 'kube-system', 'coredns');
    expect(dep.status.readyReplicas).toBe(2);
  });
});
