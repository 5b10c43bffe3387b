import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import type { EndpointSlice } from '../../kinds/generated-types.ts';
import { createCluster } from '../../index.ts';
import { coldCode } from '../../deferred/code-part.ts';
import { workloadCluster } from '../shared/test-fixture.ts';
import { endpointsController } from './endpoints-controller.ts';
import { mirroringController } from './mirroring-controller.ts';

const SLICES = 'endpointslices.discovery.k8s.io';
const MANAGED = { 'endpointslice.kubernetes.io/managed-by': 'endpointslicemirroring-controller.k8s.io', 'kubernetes.io/service-name': 'db' };

function setup() {
  const cluster = workloadCluster();
  cluster.addController(endpointsController(cluster));
  cluster.addController(mirroringController(cluster));
  const service = (spec: Record<string, unknown> = { ports: [{ name: 'pg', port: 5432 }] }) => {
    cluster.api.create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'default' }, spec });
    cluster.settle();
  };
  const endpoints = (subsets: unknown[], metadata: Record<string, unknown> = {}) => {
    const existing = cluster.store.get('endpoints', 'default', 'db');
    const body = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { ...(existing?.metadata ?? {}), name: 'db', namespace: 'default', ...metadata },
      subsets,
    } as KubeObject;
    if (existing) cluster.api.update('endpoints', body);
    else cluster.api.create('endpoints', body);
    cluster.settle();
  };
  const slices = (): EndpointSlice[] =>
    (cluster.api.list(SLICES, { namespace: 'default' }) as EndpointSlice[]).filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'db');
  return { cluster, service, endpoints, slices };
}

const PORTS = [{ name: 'pg', port: 5432, protocol: 'TCP' }];

describe('EndpointSlice mirroring', () => {
  it('mirrors a hand-written Endpoints of a Service without a selector into one slice', () => {
    const { service, endpoints, slices } = setup();
    service();
    endpoints([{ addresses: [{ ip: '192.0.2.42' }, { ip: '192.0.2.43' }], notReadyAddresses: [{ ip: '192.0.2.44' }], ports: PORTS }], {
      labels: { tier: 'db' },
      annotations: { note: 'external', 'kubectl.kubernetes.io/last-applied-configuration': '{}' },
    });
    const [s, ...rest] = slices();
    expect(rest).toEqual([]);
    expect(s!.metadata.name).toMatch(/^db-[a-z0-9]{5}$/);
    expect(s!.metadata.labels).toEqual({ ...MANAGED, tier: 'db' });
    expect(s!.metadata.annotations).toEqual({ note: 'external' });
    expect(s!.metadata.ownerReferences).toEqual([
      expect.objectContaining({ apiVersion: 'v1', kind: 'Endpoints', name: 'db', controller: true, blockOwnerDeletion: true }),
    ]);
    expect(s!.addressType).toBe('IPv4');
    expect(s!.ports).toEqual([{ name: 'pg', port: 5432, protocol: 'TCP' }]);
    expect(s!.endpoints).toEqual([
      { addresses: ['192.0.2.42'], conditions: { ready: true } },
      { addresses: ['192.0.2.43'], conditions: { ready: true } },
      { addresses: ['192.0.2.44'], conditions: { ready: false } },
    ]);
  });

  it('updates the same slice when the Endpoints change, reuses it for new ports, and deletes it with the Endpoints', () => {
    const { cluster, service, endpoints, slices } = setup();
    service();
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: PORTS }]);
    const name = slices()[0]!.metadata.name;
    endpoints([{ addresses: [{ ip: '192.0.2.42' }, { ip: '192.0.2.50' }], ports: PORTS }]);
    expect(slices().map((s) => [s.metadata.name, s.endpoints.length])).toEqual([[name, 2]]);
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: [{ name: 'pg', port: 6432, protocol: 'TCP' }] }]);
    expect(slices().map((s) => [s.metadata.name, s.ports![0]!.port])).toEqual([[name, 6432]]);
    cluster.api.delete('endpoints', 'default', 'db');
    cluster.settle();
    expect(slices()).toEqual([]);
  });

  it('gives subsets with different ports slices of their own, and an Endpoints without addresses none', () => {
    const { service, endpoints, slices } = setup();
    service({
      ports: [
        { name: 'pg', port: 5432 },
        { name: 'metrics', port: 9187 },
      ],
    });
    endpoints([
      { addresses: [{ ip: '192.0.2.42' }], ports: PORTS },
      { addresses: [{ ip: '192.0.2.43' }], ports: [{ name: 'metrics', port: 9187, protocol: 'TCP' }] },
    ]);
    expect(
      slices()
        .map((s) => `${s.ports![0]!.name}:${s.endpoints[0]!.addresses[0]}`)
        .sort(),
    ).toEqual(['metrics:192.0.2.43', 'pg:192.0.2.42']);
    endpoints([]);
    expect(slices()).toEqual([]);
  });

  it('honours the skip-mirror label, also when it is added later', () => {
    const { service, endpoints, slices } = setup();
    service();
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: PORTS }], { labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } });
    expect(slices()).toEqual([]);
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: PORTS }], { labels: {} });
    expect(slices()).toHaveLength(1);
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: PORTS }], { labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } });
    expect(slices()).toEqual([]);
  });

  it('mirrors only while a Service without a selector exists, and leaves the slices of a Service with a selector to the EndpointSlice controller', () => {
    const { cluster, service, endpoints, slices } = setup();
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: PORTS }]);
    expect(slices()).toEqual([]);
    service();
    expect(slices()).toHaveLength(1);
    cluster.api.delete('services', 'default', 'db');
    cluster.settle();
    expect(slices()).toEqual([]);
    cluster.api.create('services', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'db', namespace: 'default' },
      spec: { selector: { app: 'db' }, ports: [{ port: 5432 }] },
    });
    cluster.settle();
    expect(slices().map((s) => s.metadata.labels?.['endpointslice.kubernetes.io/managed-by'])).toEqual(['endpointslice-controller.k8s.io']);
  });

  it('mirrors at most 1,000 addresses of a subset and says so in an event', () => {
    const { cluster, service, endpoints, slices } = setup();
    service();
    const addresses = Array.from({ length: 1200 }, (_, i) => ({ ip: `10.1.${Math.floor(i / 250)}.${1 + (i % 250)}` }));
    endpoints([{ addresses, ports: PORTS }]);
    expect(slices().map((s) => s.endpoints.length)).toEqual([1000]);
    const ev = cluster.api.list('events', { namespace: 'default' }).find((e) => e.reason === 'TooManyAddressesToMirror');
    expect(ev?.type).toBe('Warning');
    expect(ev?.involvedObject).toEqual(expect.objectContaining({ kind: 'Endpoints', name: 'db' }));
    expect(ev?.message).toBe('A max of 1000 addresses can be mirrored to EndpointSlices per Endpoints subset. 200 addresses were skipped');
    expect(ev?.source).toEqual({ component: 'endpoint-slice-mirroring-controller' });
  });

  it('writes a mirrored slice back when someone else changes it', () => {
    const { cluster, service, endpoints, slices } = setup();
    service();
    endpoints([{ addresses: [{ ip: '192.0.2.42' }], ports: PORTS }]);
    const s = slices()[0]!;
    cluster.api.update(SLICES, { ...s, endpoints: [] } as KubeObject);
    cluster.settle();
    expect(slices()[0]!.endpoints).toEqual([{ addresses: ['192.0.2.42'], conditions: { ready: true } }]);
  });
});

describe('EndpointSlice mirroring code', () => {
  it('loads with the first Endpoints to mirror, not for Services with a selector', async () => {
    const cluster = createCluster({ seed: 1, preset: 'kind', code: coldCode() });
    const svc = (name: string, spec: Record<string, unknown>) =>
      cluster.api.create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec });
    svc('web', { selector: { app: 'web' }, ports: [{ port: 80 }] });
    cluster.settle();
    expect(cluster.code.loading).toBe(false);
    svc('db', { ports: [{ port: 5432 }] });
    expect(cluster.code.loading).toBe(false);
    cluster.api.create('endpoints', {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'db', namespace: 'default' },
      subsets: [{ addresses: [{ ip: '192.0.2.42' }], ports: [{ port: 5432 }] }],
    });
    expect(cluster.code.loading).toBe(true);
    await cluster.code.ready();
    cluster.settle();
    const slices = (cluster.api.list(SLICES, { namespace: 'default' }) as EndpointSlice[]).filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'db');
    expect(slices.map((s) => [s.metadata.labels?.['endpointslice.kubernetes.io/managed-by'], s.endpoints[0]!.addresses[0]])).toEqual([
      ['endpointslicemirroring-controller.k8s.io', '192.0.2.42'],
    ]);
  });
});
