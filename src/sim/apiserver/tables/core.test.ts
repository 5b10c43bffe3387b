import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';

const NOW = Date.UTC(2026, 10, 30, 3, 10, 0);
const ago = (s: number): string => new Date(NOW - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const row = (resource: string, o: object): string[] => toTable(resource, [o as KubeObject], NOW).rows[0]!.cells;
const meta = (name: string, extra: object = {}): object => ({ name, creationTimestamp: ago(343), ...extra });

describe('core tables', () => {
  it('services', () => {
    const svc = (spec: object, status: object = {}): object => ({ metadata: meta('web'), spec, status });
    expect(row('services', svc({ type: 'ClusterIP', clusterIPs: ['10.96.201.107'], ports: [{ port: 80, protocol: 'TCP' }], selector: { app: 'web' } }))).toEqual([
      'web', 'ClusterIP', '10.96.201.107', '<none>', '80/TCP', '5m43s', 'app=web',
    ]);
    expect(row('services', svc({ type: 'NodePort', clusterIPs: ['10.96.236.148'], ports: [{ port: 80, nodePort: 31018, protocol: 'TCP' }] })).slice(3, 5)).toEqual(['<none>', '80:31018/TCP']);
    expect(row('services', svc({ type: 'LoadBalancer', clusterIPs: ['10.96.43.165'], ports: [{ port: 80, nodePort: 32246, protocol: 'TCP' }] }, { loadBalancer: {} }))[3]).toBe('<pending>');
    expect(row('services', svc({ type: 'ExternalName', externalName: 'db.example.com' })).slice(2, 7)).toEqual(['<none>', 'db.example.com', '<none>', '5m43s', '<none>']);
    expect(row('services', svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 80, protocol: 'TCP' }] }))[2]).toBe('None');
  });

  it('nodes', () => {
    const node = {
      metadata: meta('kind-worker2', { labels: { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/etcd': '' } }),
      spec: { unschedulable: true },
      status: { conditions: [{ type: 'Ready', status: 'True' }], addresses: [{ type: 'InternalIP', address: '172.18.0.4' }], nodeInfo: { kubeletVersion: 'v1.32.6' } },
    };
    expect(row('nodes', node)).toEqual(['kind-worker2', 'Ready,SchedulingDisabled', 'control-plane,etcd', '5m43s', 'v1.32.6', '172.18.0.4', '<none>', '<unknown>', '<unknown>', '<unknown>']);
    expect(row('nodes', { metadata: meta('n'), status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } }).slice(1, 3)).toEqual(['NotReady', '<none>']);
    expect(row('nodes', { metadata: meta('n'), status: {} })[1]).toBe('Unknown');
  });

  it('events', () => {
    const ev = {
      metadata: meta('nginx.187c6d0e7b1f0a3c'),
      involvedObject: { kind: 'Pod', name: 'nginx', fieldPath: 'spec.containers{nginx}' },
      reason: 'Pulled',
      message: 'Successfully pulled image "nginx"\n',
      type: 'Normal',
      source: { component: 'kubelet', host: 'kind-worker' },
      firstTimestamp: ago(90),
      lastTimestamp: ago(30),
      count: 2,
    };
    expect(row('events', ev)).toEqual([
      '30s', 'Normal', 'Pulled', 'pod/nginx', 'spec.containers{nginx}', 'kubelet, kind-worker', 'Successfully pulled image "nginx"', '90s', '2', 'nginx.187c6d0e7b1f0a3c',
    ]);
  });

  it('config maps, secrets, service accounts, namespaces, endpoints', () => {
    expect(row('configmaps', { metadata: meta('app-config'), data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } })).toEqual(['app-config', '3', '5m43s']);
    expect(row('secrets', { metadata: meta('regcred'), type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': 'e30=' } })).toEqual(['regcred', 'kubernetes.io/dockerconfigjson', '1', '5m43s']);
    expect(row('serviceaccounts', { metadata: meta('default') })).toEqual(['default', '0', '5m43s']);
    expect(row('namespaces', { metadata: meta('dev'), status: { phase: 'Terminating' } })).toEqual(['dev', 'Terminating', '5m43s']);
    const addrs = (n: number): object[] => Array.from({ length: n }, (_, i) => ({ ip: `10.244.1.${i + 2}` }));
    expect(row('endpoints', { metadata: meta('web'), subsets: [{ addresses: addrs(2), ports: [{ port: 80 }] }] })[1]).toBe('10.244.1.2:80,10.244.1.3:80');
    expect(row('endpoints', { metadata: meta('web'), subsets: [{ addresses: addrs(5), ports: [{ port: 80 }] }] })[1]).toBe('10.244.1.2:80,10.244.1.3:80,10.244.1.4:80 + 2 more...');
    expect(row('endpoints', { metadata: meta('web') })[1]).toBe('<none>');
  });
});
