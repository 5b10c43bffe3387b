import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import type { Endpoints } from '../../kinds/generated-types.ts';
import { workloadCluster } from '../../controllers/shared/test-fixture.ts';
import { endpointsController } from '../../controllers/endpoints/endpoints-controller.ts';
import type { ProcessIO } from '../../kubelet/process.ts';
import { mirroringController } from '../../controllers/endpoints/mirroring-controller.ts';
import { serviceEndpoints, slicePorts, upstreamsFromSlices } from './backends.ts';
import { ingressHandler } from './server.ts';

const slice = (endpoints: unknown[], ports: unknown[] = [{ name: '', port: 8080, protocol: 'TCP' }]): KubeObject =>
  ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 's' }, addressType: 'IPv4', endpoints, ports }) as KubeObject;
const ep = (ip: string, conditions: Record<string, boolean>) => ({ addresses: [ip], conditions });

describe('ingress-nginx upstreams from EndpointSlices', () => {
  it('keeps ready endpoints (an unset condition counts as ready): not-ready and serving-but-terminating ones are left out', () => {
    const s = slice([
      ep('10.244.1.4', { ready: true, serving: true, terminating: false }),
      ep('10.244.1.3', { ready: false, serving: true, terminating: true }),
      ep('10.244.1.2', { ready: false, serving: false, terminating: false }),
      ep('10.244.1.1', { ready: true }),
      { addresses: ['10.244.1.5'] },
    ]);
    expect(upstreamsFromSlices([s], { port: 80, targetPort: 8080, protocol: 'TCP' })).toEqual([
      { ip: '10.244.1.1', port: 8080 },
      { ip: '10.244.1.4', port: 8080 },
      { ip: '10.244.1.5', port: 8080 },
    ]);
  });

  it('maps a named Service port to the slice port of that name, else to a numeric targetPort', () => {
    const s = slice(
      [],
      [
        { name: 'http', port: 8080, protocol: 'TCP' },
        { name: 'metrics', port: 9090, protocol: 'TCP' },
      ],
    );
    expect(slicePorts(s, { name: 'metrics', port: 90, targetPort: 'metrics', protocol: 'TCP' })).toEqual([9090]);
    expect(slicePorts(s, { name: 'admin', port: 91, targetPort: 'admin', protocol: 'TCP' })).toEqual([]);
    expect(slicePorts(s, { name: 'admin', port: 91, targetPort: 7000, protocol: 'TCP' })).toEqual([7000, 7000]);
    expect(slicePorts(slice([], []), { port: 80, targetPort: 8080 })).toEqual([8080]);
    expect(slicePorts(slice([], [{ name: 'dns', port: 53, protocol: 'UDP' }]), { port: 53, targetPort: 53, protocol: 'TCP' })).toEqual([]);
  });

  it('lists an address once even when two slices carry it', () => {
    const a = slice([ep('10.244.1.1', { ready: true })]);
    const b = slice([ep('10.244.1.1', { ready: true }), ep('10.244.2.1', { ready: true })]);
    expect(upstreamsFromSlices([a, b], { port: 80, targetPort: 8080 }).map((u) => u.ip)).toEqual(['10.244.1.1', '10.244.2.1']);
  });
});

describe('ingress-nginx behind a Service of 1,500 Pods', () => {
  it('sends requests to Pods beyond the 1,000 addresses the Endpoints object keeps', () => {
    const cluster = workloadCluster();
    cluster.addController(endpointsController(cluster));
    const ip = (i: number) => `10.244.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;
    for (let i = 0; i < 1500; i++) {
      const name = `web-${i}`;
      cluster.api.create('pods', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default', labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }], nodeName: 'kind-worker' },
      });
      cluster.api.updateStatus('pods', 'default', name, { phase: 'Running', podIP: ip(i), conditions: [{ type: 'Ready', status: 'True' }] });
    }
    cluster.api.create('services', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    });
    cluster.api.create('ingresses.networking.k8s.io', {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        rules: [{ host: 'web.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }],
      },
    });
    cluster.settle();
    const endpoints = cluster.api.get('endpoints', 'default', 'web') as Endpoints;
    expect(endpoints.metadata.annotations?.['endpoints.kubernetes.io/over-capacity']).toBe('truncated');
    const inEndpoints = new Set<string>(endpoints.subsets![0]!.addresses!.map((a) => a.ip));
    expect(inEndpoints.size).toBe(1000);

    const reached: string[] = [];
    const log: string[] = [];
    const io = {
      out: (t: string) => log.push(t),
      fetch: (to: string, port: number) => {
        reached.push(`${to}:${port}`);
        return { status: 200, body: 'ok\n', ip: to };
      },
    } as unknown as ProcessIO;
    const handle = ingressHandler(cluster, io, false);
    for (let i = 0; i < 1500; i++) expect(handle({ path: '/', remote: '10.244.0.1', agent: 'curl/8.11.0', host: 'web.example.com' }).status).toBe(200);
    const distinct = new Set(reached);
    expect(distinct.size).toBe(1500);
    const beyond = [...distinct].filter((a) => !inEndpoints.has(a.split(':')[0]!));
    expect(beyond).toHaveLength(500);
    expect(log[0]).toContain('[default-web-80]');
  });
});

describe('ingress-nginx behind a Service without a selector', () => {
  it('reaches the addresses of a hand-written Endpoints through its mirrored slice, and none once it is marked skip-mirror', () => {
    const cluster = workloadCluster();
    cluster.addController(endpointsController(cluster));
    cluster.addController(mirroringController(cluster));
    cluster.api.create('services', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'legacy', namespace: 'default' },
      spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
    });
    const endpoints = (labels: Record<string, string>) => ({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'legacy', namespace: 'default', labels },
      subsets: [{ addresses: [{ ip: '192.0.2.10' }], notReadyAddresses: [{ ip: '192.0.2.11' }], ports: [{ name: 'http', port: 8080 }] }],
    });
    cluster.api.create('endpoints', endpoints({}));
    cluster.settle();
    const backend = { namespace: 'default', name: 'legacy', port: { number: 80 } };
    expect(serviceEndpoints(cluster, backend)).toEqual([{ ip: '192.0.2.10', port: 8080 }]);
    const stored = cluster.api.get('endpoints', 'default', 'legacy');
    cluster.api.update('endpoints', {
      ...endpoints({ 'endpointslice.kubernetes.io/skip-mirror': 'true' }),
      metadata: { ...stored.metadata, labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    } as KubeObject);
    cluster.settle();
    expect(serviceEndpoints(cluster, backend)).toEqual([]);
  });
});
