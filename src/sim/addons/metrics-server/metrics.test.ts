import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { addon } from '../registry.ts';
import { isBusyLoop } from './usage.ts';
import { metricsApiState, podMetrics } from './storage.ts';
import { metricsServerManifest } from './manifest.ts';

describe('metrics-server add-on', () => {
  it('recognises loops that never wait', () => {
    expect(isBusyLoop({ command: ['sh', '-c', 'while true; do :; done'] })).toBe(true);
    expect(isBusyLoop({ args: ['yes'] })).toBe(true);
    expect(isBusyLoop({ command: ['sh', '-c', 'while true; do sleep 1; done'] })).toBe(false);
    expect(isBusyLoop({ command: ['sh', '-c', 'while sleep 0.01; do wget -q -O- http://php-apache; done'] })).toBe(false);
  });

  it('serves no metrics API until installed, then reports a busy loop at its CPU limit', () => {
    const c = createCluster({ preset: 'kind' });
    expect(metricsApiState(c)).toBe('absent');
    addon(c, 'metrics-server')!.enable(c);
    expect(metricsApiState(c)).toBe('unavailable');
    c.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'burn', namespace: 'default' },
      spec: { containers: [{ name: 'burn', image: 'busybox:1.36', command: ['sh', '-c', 'while true; do :; done'], resources: { limits: { cpu: '250m' } } }] },
    });
    c.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', namespace: 'default' },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
    });
    c.advance(90_000);
    expect(metricsApiState(c)).toBe('ready');
    const byName = Object.fromEntries(podMetrics(c, 'default').map((m) => [m.name, m.containers[0]]));
    expect(byName.burn?.cpuMilli).toBe(250);
    expect(byName.web).toMatchObject({ cpuMilli: 1 });
    expect(Math.floor(byName.web!.memoryBytes / 1024 / 1024)).toBe(3);
  });

  it('publishes components.yaml with the release objects in order', () => {
    const kinds = metricsServerManifest()
      .split('---\n')
      .map((d) => /^kind: (\S+)$/m.exec(d)?.[1]);
    expect(kinds).toEqual([
      'ServiceAccount',
      'ClusterRole',
      'ClusterRole',
      'RoleBinding',
      'ClusterRoleBinding',
      'ClusterRoleBinding',
      'Service',
      'Deployment',
      'APIService',
    ]);
    expect(metricsServerManifest()).toContain('        - --metric-resolution=15s\n        image: registry.k8s.io/metrics-server/metrics-server:v0.7.2\n');
  });
});

describe('APIService availability', () => {
  it('is MissingEndpoints until metrics-server is ready, then True', () => {
    const c = createCluster({ preset: 'kind' });
    addon(c, 'metrics-server')!.enable(c);
    c.settle();
    const cond = () => c.api.get('apiservices.apiregistration.k8s.io', undefined, 'v1beta1.metrics.k8s.io').status?.conditions?.[0];
    expect(cond()).toMatchObject({
      type: 'Available',
      status: 'False',
      reason: 'MissingEndpoints',
      message: 'endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"',
    });
    c.advance(60_000);
    expect(cond()).toMatchObject({ status: 'True', reason: 'Passed', message: 'all checks passed' });
  });
});
