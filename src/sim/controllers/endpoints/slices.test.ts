import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Endpoints } from '../../kinds/generated-types.ts';
import { workloadCluster } from '../shared/test-fixture.ts';
import { endpointsController } from './endpoints-controller.ts';

const SLICES = 'endpointslices.discovery.k8s.io';

/** A cluster with the endpoints controller and helpers that play the kubelet for many Pods at once. */
function setup(options?: { maxEndpointsPerSlice?: number }) {
  const cluster = workloadCluster();
  cluster.addController(endpointsController(cluster, options));
  const ip = (i: number) => `10.244.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;
  const pods = (from: number, to: number, ready = true): void => {
    for (let i = from; i < to; i++) {
      const name = `web-${i}`;
      cluster.api.create('pods', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default', labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }], nodeName: 'kind-worker' },
      });
      cluster.api.updateStatus('pods', 'default', name, { phase: 'Running', podIP: ip(i), conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] });
    }
    cluster.settle();
  };
  const remove = (names: string[]): void => {
    for (const n of names) cluster.api.delete('pods', 'default', n, { gracePeriodSeconds: 0 });
    cluster.settle();
  };
  cluster.api.create('services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
  });
  cluster.settle();
  const slices = (): EndpointSlice[] =>
    (cluster.api.list(SLICES, { namespace: 'default' }) as EndpointSlice[]).filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'web');
  const sizes = () =>
    slices()
      .map((s) => (s.endpoints ?? []).length)
      .sort((a, b) => b - a);
  const names = () =>
    slices()
      .flatMap((s) => (s.endpoints ?? []).map((e) => e.targetRef?.name))
      .sort();
  return { cluster, pods, remove, slices, sizes, names };
}

describe('EndpointSlices of a large Service', () => {
  it('splits 250 Pods into slices of 100, 100 and 50, each named and labelled as the controller names them', () => {
    const { pods, slices, sizes, names } = setup();
    pods(0, 250);
    expect(sizes()).toEqual([100, 100, 50]);
    expect(new Set(names()).size).toBe(250);
    for (const s of slices()) {
      expect(s.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
      expect(s.metadata.labels).toEqual({ 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io', 'kubernetes.io/service-name': 'web' });
      expect(s.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'Service', name: 'web', controller: true })]);
      expect(s.addressType).toBe('IPv4');
      expect(s.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
      const ep = s.endpoints[0];
      expect(Object.keys(ep).sort()).toEqual(['addresses', 'conditions', 'nodeName', 'targetRef']);
      expect(ep.conditions).toEqual({ ready: true, serving: true, terminating: false });
      expect(ep.targetRef).toMatchObject({ kind: 'Pod', namespace: 'default' });
    }
  });

  it('puts new endpoints into the slice they fill closest to full, else into a new slice', () => {
    const { pods, sizes } = setup();
    pods(0, 150);
    expect(sizes()).toEqual([100, 50]);
    pods(150, 190);
    expect(sizes()).toEqual([100, 90]);
    // 40 more fit in no existing slice: the controller does not split them, it makes a slice.
    pods(190, 230);
    expect(sizes()).toEqual([100, 90, 40]);
    // 5 more fit in both unfilled slices: they go where they leave the least room.
    pods(230, 235);
    expect(sizes()).toEqual([100, 95, 40]);
  });

  it('scales down without ever exceeding 100 per slice, and deletes slices left empty', () => {
    const { pods, remove, sizes, names, slices } = setup();
    pods(0, 250);
    remove(Array.from({ length: 200 }, (_, i) => `web-${i}`));
    expect(names()).toHaveLength(50);
    expect(sizes().every((n) => n > 0 && n <= 100)).toBe(true);
    // The Pods 0..199 filled the first two slices: both are gone.
    expect(slices()).toHaveLength(1);
    remove(Array.from({ length: 50 }, (_, i) => `web-${200 + i}`));
    // A Service without endpoints keeps one empty slice.
    expect(slices()).toHaveLength(1);
    expect(slices()[0]!.endpoints).toBeUndefined();
  });

  it('changes only the slice holding a Pod whose readiness changed', () => {
    const { cluster, pods, slices } = setup();
    pods(0, 250);
    const before = new Map(slices().map((s) => [s.metadata.name, s.metadata.resourceVersion]));
    cluster.api.updateStatus('pods', 'default', 'web-7', { phase: 'Running', podIP: '10.244.1.9', conditions: [{ type: 'Ready', status: 'False' }] });
    cluster.settle();
    const changed = slices().filter((s) => before.get(s.metadata.name) !== s.metadata.resourceVersion);
    expect(changed).toHaveLength(1);
    const ep = changed[0]!.endpoints.find((e) => e.targetRef?.name === 'web-7');
    expect(ep?.conditions).toEqual({ ready: false, serving: false, terminating: false });
  });

  it('rebuilds a slice someone deleted', () => {
    const { cluster, pods, slices, names } = setup();
    pods(0, 120);
    const victim = slices().find((s) => s.endpoints.length === 100)!;
    cluster.api.delete(SLICES, 'default', victim.metadata.name!);
    cluster.settle();
    expect(names()).toHaveLength(120);
    expect(slices().every((s) => s.endpoints.length <= 100)).toBe(true);
  });

  it('honours a smaller --max-endpoints-per-slice', () => {
    const { pods, sizes } = setup({ maxEndpointsPerSlice: 10 });
    pods(0, 25);
    expect(sizes()).toEqual([10, 10, 5]);
  });
});

describe('Endpoints over capacity', () => {
  it('keeps at most 1,000 addresses, ready ones first, and says it truncated', () => {
    const { cluster, pods } = setup();
    pods(0, 900);
    let ep = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    expect(ep.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBeUndefined();
    pods(900, 1200, false);
    ep = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    expect(ep.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBe('truncated');
    expect(ep.subsets).toHaveLength(1);
    expect(ep.subsets![0]!.addresses).toHaveLength(900);
    expect(ep.subsets![0]!.notReadyAddresses).toHaveLength(100);
    pods(1200, 1300);
    ep = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    expect(ep.subsets![0]!.addresses).toHaveLength(1000);
    expect(ep.subsets![0]!.notReadyAddresses).toBeUndefined();
  });

  it('drops the annotation once the Service is back under capacity', () => {
    const { cluster, pods, remove } = setup();
    pods(0, 1001);
    expect((cluster.api.get('endpoints', 'default', 'web') as Endpoints).metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBe('truncated');
    remove(['web-0']);
    const ep = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    expect(ep.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBeUndefined();
    expect(ep.subsets![0]!.addresses).toHaveLength(1000);
  });
});
