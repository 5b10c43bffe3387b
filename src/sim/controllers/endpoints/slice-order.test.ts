/**
 * The order of endpoints inside an EndpointSlice, as the real reconciler leaves it: endpoints a
 * slice already holds keep their place (an updated one is rewritten where it is), endpoints that
 * are gone are cut out, and new ones are appended. The Endpoints object, by contrast, is
 * repacked and sorted by IP (then Pod UID) on every write.
 */
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Endpoints } from '../../kinds/generated-types.ts';
import { workloadCluster } from '../shared/test-fixture.ts';
import { endpointsController } from './endpoints-controller.ts';
import { pickServiceBackend, readyBackends, terminatingBackends } from '../../network/service-backend.ts';

const SLICES = 'endpointslices.discovery.k8s.io';

function setup() {
  const cluster = workloadCluster();
  cluster.addController(endpointsController(cluster));
  /** A Pod of the Service with an IP; `ready` is its Ready condition. */
  const pod = (name: string, ip: string, ready = true): void => {
    cluster.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }], nodeName: 'kind-worker' },
    });
    cluster.api.updateStatus('pods', 'default', name, { phase: 'Running', podIP: ip, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] });
    cluster.settle();
  };
  /** Starts a graceful deletion: no kubelet here, so the Pod stays, terminating, until `gone`. */
  const terminate = (name: string): void => {
    cluster.api.delete('pods', 'default', name, { gracePeriodSeconds: 30 });
    cluster.settle();
  };
  const gone = (name: string): void => {
    cluster.api.delete('pods', 'default', name, { gracePeriodSeconds: 0 });
    cluster.settle();
  };
  cluster.api.create('services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
  });
  cluster.settle();
  const slice = (): EndpointSlice => {
    const all = cluster.api.list(SLICES, { namespace: 'default' }) as EndpointSlice[];
    expect(all).toHaveLength(1);
    return all[0]!;
  };
  /** The slice's endpoints in their stored order: `IP ready/serving/terminating Pod`. */
  const order = (): string[] =>
    (slice().endpoints ?? []).map((e) => `${e.addresses[0]} ${e.conditions?.ready}/${e.conditions?.serving}/${e.conditions?.terminating} ${e.targetRef?.name}`);
  const endpointsIPs = (): string[] => {
    const ep = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    return (ep.subsets ?? []).flatMap((s) => (s.addresses ?? []).map((a) => a.ip));
  };
  const svc = () => cluster.api.get('services', 'default', 'web');
  return { cluster, pod, terminate, gone, slice, order, endpointsIPs, svc };
}

describe('endpoint order inside an EndpointSlice', () => {
  it('appends the Pods of a scale-up after the endpoints already there', () => {
    const { pod, order, endpointsIPs, slice } = setup();
    pod('web-b', '10.244.2.2');
    pod('web-a', '10.244.1.2');
    const name = slice().metadata.name;
    expect(order()).toEqual(['10.244.2.2 true/true/false web-b', '10.244.1.2 true/true/false web-a']);
    pod('web-d', '10.244.2.3');
    pod('web-c', '10.244.1.3');
    expect(order()).toEqual([
      '10.244.2.2 true/true/false web-b',
      '10.244.1.2 true/true/false web-a',
      '10.244.2.3 true/true/false web-d',
      '10.244.1.3 true/true/false web-c',
    ]);
    // The same slice was updated, not replaced.
    expect(slice().metadata.name).toBe(name);
    // Endpoints is sorted by IP whatever the order the Pods came in.
    expect(endpointsIPs()).toEqual(['10.244.1.2', '10.244.1.3', '10.244.2.2', '10.244.2.3']);
  });

  it('rewrites an endpoint in its place when its Pod changes, and cuts out a deleted one', () => {
    const { pod, terminate, gone, order, endpointsIPs } = setup();
    pod('web-1', '10.244.1.5');
    pod('web-2', '10.244.2.4');
    pod('web-3', '10.244.1.4');
    // A rolling update: the new Pod comes up, then an old one starts terminating.
    pod('web-4', '10.244.2.9', false);
    expect(order()).toEqual([
      '10.244.1.5 true/true/false web-1',
      '10.244.2.4 true/true/false web-2',
      '10.244.1.4 true/true/false web-3',
      '10.244.2.9 false/false/false web-4',
    ]);
    terminate('web-2');
    expect(order()).toEqual([
      '10.244.1.5 true/true/false web-1',
      // Still ready as a Pod, so still serving; no longer ready as an endpoint.
      '10.244.2.4 false/true/true web-2',
      '10.244.1.4 true/true/false web-3',
      '10.244.2.9 false/false/false web-4',
    ]);
    // The terminating Pod has left the Endpoints object; the not-ready one is in notReadyAddresses.
    expect(endpointsIPs()).toEqual(['10.244.1.4', '10.244.1.5']);
    gone('web-2');
    expect(order()).toEqual(['10.244.1.5 true/true/false web-1', '10.244.1.4 true/true/false web-3', '10.244.2.9 false/false/false web-4']);
  });

  it('puts the replacement of a deleted Pod at the end', () => {
    const { pod, gone, order } = setup();
    pod('web-1', '10.244.1.2');
    pod('web-2', '10.244.2.2');
    pod('web-3', '10.244.1.3');
    gone('web-1');
    pod('web-4', '10.244.1.4');
    expect(order()).toEqual(['10.244.2.2 true/true/false web-2', '10.244.1.3 true/true/false web-3', '10.244.1.4 true/true/false web-4']);
  });

  it('keeps the stored order across a controller restart', () => {
    const { cluster, pod, order } = setup();
    pod('web-b', '10.244.2.2');
    pod('web-a', '10.244.1.2');
    const before = order();
    // A second controller reads the slices as stored and finds nothing to change.
    const rv = (cluster.api.list(SLICES, { namespace: 'default' })[0] as EndpointSlice).metadata.resourceVersion;
    cluster.addController(endpointsController(cluster));
    cluster.settle();
    expect(order()).toEqual(before);
    expect((cluster.api.list(SLICES, { namespace: 'default' })[0] as EndpointSlice).metadata.resourceVersion).toBe(rv);
  });
});

describe("kube-proxy's use of the endpoints", () => {
  it('orders a port’s endpoints by ip:port text, not by slice order', () => {
    const { cluster, pod, svc } = setup();
    pod('web-b', '10.244.2.2');
    pod('web-a', '10.244.10.2');
    pod('web-c', '10.244.1.2');
    expect(readyBackends(cluster, svc(), 80).map((b) => b.ip)).toEqual(['10.244.1.2', '10.244.10.2', '10.244.2.2']);
  });

  it('falls back to serving-but-terminating endpoints only when no endpoint is ready', () => {
    const { cluster, pod, terminate, gone, svc } = setup();
    pod('web-1', '10.244.1.2');
    pod('web-2', '10.244.2.2');
    terminate('web-1');
    // A ready endpoint exists: every connection goes there.
    for (let i = 0; i < 10; i++) expect(pickServiceBackend(cluster, svc(), 80)?.pod).toBe('web-2');
    terminate('web-2');
    expect(readyBackends(cluster, svc(), 80)).toEqual([]);
    expect(terminatingBackends(cluster, svc(), 80).map((b) => b.pod)).toEqual(['web-1', 'web-2']);
    const reached = new Set<string | undefined>();
    for (let i = 0; i < 40; i++) reached.add(pickServiceBackend(cluster, svc(), 80)?.pod);
    expect([...reached].sort()).toEqual(['web-1', 'web-2']);
    // A terminating Pod whose readiness failed is not serving: nothing is left to route to.
    cluster.api.updateStatus('pods', 'default', 'web-1', { conditions: [{ type: 'Ready', status: 'False' }] });
    gone('web-2');
    expect(pickServiceBackend(cluster, svc(), 80)).toBeUndefined();
  });
});
