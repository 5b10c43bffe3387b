import { describe, expect, it } from 'vitest';
import { addon } from '../../addons/registry.ts';
import type { Cluster } from '../../cluster.ts';
import { createCluster } from '../../index.ts';
import { HPAS } from './convert.ts';
import type { Event } from '../generated-types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function deployment(c: Cluster): void {
  c.api.create('deployments.apps', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '100m' } } }] },
      },
    },
  });
}

function hpa(c: Cluster, metrics: Obj[]): void {
  c.api.create(HPAS, {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 3, metrics },
  });
}

const events = (c: Cluster) =>
  (c.store.list('events', 'default') as Event[])
    .filter((e) => e.involvedObject?.kind === 'HorizontalPodAutoscaler')
    .map((e) => `${e.reason}: ${e.message}`);

const NO_CUSTOM = 'unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered';

describe('HPA metrics a kind cluster does not serve', () => {
  it('a Pods metric: FailedGetPodsMetric and ScalingActive False, as without a custom metrics API', () => {
    const c = createCluster({ preset: 'kind' });
    deployment(c);
    hpa(c, [{ type: 'Pods', pods: { metric: { name: 'packets-per-second' }, target: { type: 'AverageValue', averageValue: '1k' } } }]);
    c.advance(5_000);
    expect(events(c)).toEqual([
      `FailedGetPodsMetric: unable to get metric packets-per-second: ${NO_CUSTOM}`,
      `FailedComputeMetricsReplicas: invalid metrics (1 invalid out of 1), first error is: failed to get pods metric value: unable to get metric packets-per-second: ${NO_CUSTOM}`,
    ]);
    const st = c.api.get(HPAS, 'default', 'web').status;
    expect(st.conditions[1]).toMatchObject({
      type: 'ScalingActive',
      status: 'False',
      reason: 'FailedGetPodsMetric',
      message: `the HPA was unable to compute the replica count: unable to get metric packets-per-second: ${NO_CUSTOM}`,
    });
    expect(st.currentMetrics).toEqual([{ type: '' }]);
  });

  it('Object and External metrics, and the condition of the first invalid one', () => {
    const c = createCluster({ preset: 'kind' });
    deployment(c);
    hpa(c, [
      {
        type: 'Object',
        object: {
          metric: { name: 'requests-per-second' },
          describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main-route' },
          target: { type: 'Value', value: '10k' },
        },
      },
      {
        type: 'External',
        external: {
          metric: { name: 'queue_messages_ready', selector: { matchLabels: { queue: 'worker_tasks' } } },
          target: { type: 'AverageValue', averageValue: '30' },
        },
      },
    ]);
    c.advance(5_000);
    const ext =
      'unable to get external metric default/queue_messages_ready/&LabelSelector{MatchLabels:map[string]string{queue: worker_tasks,},MatchExpressions:[]LabelSelectorRequirement{},}: unable to fetch metrics from external metrics API: the server could not find the requested resource (get queue_messages_ready.external.metrics.k8s.io)';
    expect(events(c)).toEqual([
      `FailedGetObjectMetric: unable to get metric requests-per-second: Ingress on default main-route/${NO_CUSTOM}`,
      `FailedGetExternalMetric: ${ext}`,
      `FailedComputeMetricsReplicas: invalid metrics (2 invalid out of 2), first error is: failed to get object metric value: unable to get metric requests-per-second: Ingress on default main-route/${NO_CUSTOM}`,
    ]);
    expect(c.api.get(HPAS, 'default', 'web').status.conditions[1].reason).toBe('FailedGetObjectMetric');
  });

  it('a ContainerResource metric is read from metrics-server', () => {
    const c = createCluster({ preset: 'kind' });
    addon(c, 'metrics-server')!.enable(c);
    deployment(c);
    hpa(c, [{ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'web', target: { type: 'Utilization', averageUtilization: 50 } } }]);
    c.advance(180_000);
    const st = c.api.get(HPAS, 'default', 'web').status;
    expect(st.conditions.find((x: Obj) => x.type === 'ScalingActive')).toMatchObject({
      status: 'True',
      reason: 'ValidMetricFound',
      message: 'the HPA was able to successfully calculate a replica count from cpu container resource utilization (percentage of request)',
    });
    expect(st.currentMetrics[0]).toMatchObject({ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'web' } });
    expect(typeof st.currentMetrics[0].containerResource.current.averageUtilization).toBe('number');
  });
});
