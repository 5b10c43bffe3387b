import { describe, expect, it } from 'vitest';
import { workloadCluster } from '../controllers/shared/test-fixture.ts';
import { endpointsController } from '../controllers/endpoints/endpoints-controller.ts';
import { readyBackends } from './service-backend.ts';
import type { Endpoints } from '../kinds/generated-types.ts';

describe('endpoints of a Service over capacity', () => {
  it('routes to every ready Pod from the EndpointSlices once the Endpoints object is truncated', () => {
    const cluster = workloadCluster();
    cluster.addController(endpointsController(cluster));
    cluster.api.create('services', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] },
    });
    const n = 1200;
    for (let i = 0; i < n; i++) {
      const name = `web-${i}`;
      cluster.api.create('pods', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default', labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27' }], nodeName: 'kind-worker' },
      });
      // One Pod in ten is not ready: it must not receive traffic.
      const ready = i % 10 !== 0;
      cluster.api.updateStatus('pods', 'default', name, {
        phase: 'Running',
        podIP: `10.244.${Math.floor(i / 250)}.${2 + (i % 250)}`,
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
      });
    }
    cluster.settle();
    const svc = cluster.api.get('services', 'default', 'web');
    const ep = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    expect(ep.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBe('truncated');
    expect(ep.subsets?.[0]?.addresses).toHaveLength(1000);
    const backends = readyBackends(cluster, svc, 80);
    expect(backends).toHaveLength(1080);
    expect(new Set(backends.map((b) => b.pod)).size).toBe(1080);
    expect(backends.every((b) => b.port === 8080)).toBe(true);
    expect(backends.some((b) => b.pod === 'web-0')).toBe(false);
    // A Pod turning unready leaves the list even when its address is beyond the Endpoints' 1,000.
    const late = backends.find((b) => b.ip.startsWith('10.244.4.'))!;
    cluster.api.updateStatus('pods', 'default', late.pod!, { phase: 'Running', podIP: late.ip, conditions: [{ type: 'Ready', status: 'False' }] });
    cluster.settle();
    expect(readyBackends(cluster, svc, 80).map((b) => b.pod)).not.toContain(late.pod);
  });
});
