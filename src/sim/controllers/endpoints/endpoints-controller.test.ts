import { describe, expect, it } from 'vitest';
import { workloadCluster } from '../shared/test-fixture.ts';
import { endpointsController } from './endpoints-controller.ts';
import type { EndpointSlice, Endpoints } from '../../kinds/generated-types.ts';

const SLICES = 'endpointslices.discovery.k8s.io';

function setup() {
  const cluster = workloadCluster();
  cluster.addController(endpointsController(cluster));
  const pod = (name: string, ip: string | undefined, ready: boolean, labels = { app: 'web' }): void => {
    const created = cluster.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', labels },
      spec: { containers: [{ name: 'nginx', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }], nodeName: 'kind-worker' },
    }).object;
    if (ip) {
      cluster.api.updateStatus('pods', 'default', created.metadata.name!, {
        phase: 'Running',
        podIP: ip,
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
      });
    }
    cluster.settle();
  };
  const service = (spec: Record<string, unknown>): void => {
    cluster.api.create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } }, spec });
    cluster.settle();
  };
  return { cluster, pod, service };
}

describe('endpoints controller', () => {
  it('keeps Endpoints and one EndpointSlice in step with the selected Pods', () => {
    const { cluster, pod, service } = setup();
    service({ selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] });
    let ep = cluster.api.get('endpoints', 'default', 'web');
    expect(ep.subsets).toBeUndefined();
    const [empty] = cluster.api.list(SLICES, { namespace: 'default' });
    expect(empty!.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(empty!.endpoints).toBeUndefined();

    pod('b', '10.244.2.2', true);
    pod('a', '10.244.1.2', false);
    pod('other', '10.244.1.9', true, { app: 'db' });
    pod('noip', undefined, false);
    ep = cluster.api.get('endpoints', 'default', 'web');
    expect(ep.subsets).toEqual([
      {
        addresses: [{ ip: '10.244.2.2', nodeName: 'kind-worker', targetRef: expect.objectContaining({ kind: 'Pod', name: 'b' }) }],
        notReadyAddresses: [{ ip: '10.244.1.2', nodeName: 'kind-worker', targetRef: expect.objectContaining({ name: 'a' }) }],
        ports: [{ port: 8080, protocol: 'TCP' }],
      },
    ]);
    const slices = cluster.api.list(SLICES, { namespace: 'default' });
    expect(slices).toHaveLength(1);
    expect(slices[0]!.metadata.labels).toMatchObject({
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    });
    expect(slices[0]!.ports).toEqual([{ name: '', port: 8080, protocol: 'TCP' }]);
    expect((slices[0] as EndpointSlice).endpoints.map((e) => [e.addresses[0], e.conditions?.ready])).toEqual([
      // b came first; a is appended after it (slices keep their order, nothing sorts them).
      ['10.244.2.2', true],
      ['10.244.1.2', false],
    ]);
  });

  it('leaves Services without a selector alone and cleans up after a deleted Service', () => {
    const { cluster, pod, service } = setup();
    pod('a', '10.244.1.2', true);
    service({ ports: [{ port: 80 }] });
    expect(cluster.api.tryGet('endpoints', 'default', 'web')).toBeUndefined();
    cluster.api.delete('services', 'default', 'web');
    service({ selector: { app: 'web' }, ports: [{ port: 80 }] });
    expect((cluster.api.get('endpoints', 'default', 'web') as Endpoints).subsets?.[0]?.addresses?.[0]?.ip).toBe('10.244.1.2');
    cluster.api.delete('services', 'default', 'web');
    cluster.settle();
    expect(cluster.api.tryGet('endpoints', 'default', 'web')).toBeUndefined();
    expect(cluster.api.list(SLICES, { namespace: 'default' })).toEqual([]);
  });
});
