import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import type { Event } from '../generated-types.ts';
import { v1ToV2, v2ToV1 } from './convert.ts';
import { validateHpa } from './kind.ts';
import { resourceReplicas, type PodUsage } from './replicas.ts';
import { normalizeDefault, normalizeWithBehavior, type Timed } from './scaling.ts';
import { defaultRules } from './kind.ts';

const T0 = Date.parse('2026-11-30T03:00:00Z');

function pod(name: string, request = '200m', ready = true, started = T0 - 600_000): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'app', resources: { requests: { cpu: request } } }] },
    status: {
      phase: 'Running',
      startTime: new Date(started).toISOString(),
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: new Date(started + 5000).toISOString() }],
    },
  };
}
const usage = (entries: [string, number][]) => new Map<string, PodUsage>(entries.map(([n, v]) => [n, { value: v, timestamp: T0, windowMs: 15_000 }]));

describe('HorizontalPodAutoscaler versions', () => {
  it('converts autoscaling/v1 to the stored v2 form and back', () => {
    const v1 = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: { scaleTargetRef: { kind: 'Deployment', name: 'web' }, maxReplicas: 5, targetCPUUtilizationPercentage: 50 },
    };
    const v2 = v1ToV2(v1);
    expect(v2.apiVersion).toBe('autoscaling/v2');
    expect(v2.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
    expect(v2.spec.targetCPUUtilizationPercentage).toBeUndefined();
    const back = v2ToV1({
      ...v2,
      status: {
        currentReplicas: 1,
        currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 7, averageValue: '14m' } } }],
      },
    });
    expect(back.spec).toEqual(v1.spec);
    expect(back.status.currentCPUUtilizationPercentage).toBe(7);
  });

  it('keeps what v1 cannot say in annotations', () => {
    const v2 = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'w' },
      spec: { maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } }] },
    };
    const v1 = v2ToV1(v2);
    // autoscaling/v1's own MetricSpec shape, as the conversion marshals it.
    expect(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/metrics']).toBe('[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}}]');
    expect(v1ToV2(v1).spec.metrics).toEqual(v2.spec.metrics);
  });

  it('validates replica bounds, the target reference and metric targets', () => {
    const msgs = (spec: object) =>
      validateHpa({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h', namespace: 'default' }, spec }).map((c) => c.message);
    expect(msgs({ scaleTargetRef: { kind: 'Deployment', name: 'w' }, minReplicas: 3, maxReplicas: 2 })).toEqual([
      'spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`',
    ]);
    expect(msgs({ scaleTargetRef: {}, minReplicas: 0, maxReplicas: 0 })).toEqual([
      'spec.scaleTargetRef.kind: Required value',
      'spec.scaleTargetRef.name: Required value',
      'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
      'spec.maxReplicas: Invalid value: 0: must be greater than 0',
    ]);
    expect(
      msgs({
        scaleTargetRef: { kind: 'Deployment', name: 'w' },
        maxReplicas: 2,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 0 } } }],
      }),
    ).toEqual(['spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0']);
  });
});

describe('replica calculation', () => {
  it('is ceil(current * utilization / target) outside the 0.1 tolerance', () => {
    const pods = [pod('a'), pod('b')];
    expect(
      resourceReplicas(
        pods,
        usage([
          ['a', 200],
          ['b', 200],
        ]),
        'cpu',
        { utilization: 50 },
        2,
        T0,
      ),
    ).toEqual({ replicas: 4, utilization: 100, rawAverage: 200 });
    expect(
      resourceReplicas(
        pods,
        usage([
          ['a', 105],
          ['b', 105],
        ]),
        'cpu',
        { utilization: 50 },
        2,
        T0,
      ),
    ).toMatchObject({ replicas: 2, utilization: 52 });
    expect(
      resourceReplicas(
        pods,
        usage([
          ['a', 10],
          ['b', 10],
        ]),
        'cpu',
        { utilization: 50 },
        2,
        T0,
      ),
    ).toMatchObject({ replicas: 1, utilization: 5 });
  });

  it('counts missing Pods as 0% on a scale-up and as 100% of request on a scale-down', () => {
    const pods = [pod('a'), pod('b')];
    expect(resourceReplicas(pods, usage([['a', 400]]), 'cpu', { utilization: 50 }, 2, T0)).toMatchObject({ replicas: 4 });
    expect(resourceReplicas(pods, usage([['a', 0]]), 'cpu', { utilization: 50 }, 2, T0)).toMatchObject({ replicas: 2 });
  });

  it('compares the per-Pod average with an AverageValue target', () => {
    const pods = [pod('a'), pod('b')];
    expect(
      resourceReplicas(
        pods,
        usage([
          ['a', 300],
          ['b', 300],
        ]),
        'cpu',
        { averageValue: 100 },
        2,
        T0,
      ),
    ).toMatchObject({ replicas: 6, rawAverage: 300 });
    expect(
      resourceReplicas(
        pods,
        usage([
          ['a', 105],
          ['b', 100],
        ]),
        'cpu',
        { averageValue: 100 },
        2,
        T0,
      ),
    ).toMatchObject({ replicas: 2 });
  });

  it('ignores unready Pods on a scale-up and names a missing request', () => {
    const pods = [pod('a'), pod('b', '200m', false, T0 - 60_000)];
    expect(
      resourceReplicas(
        pods,
        usage([
          ['a', 400],
          ['b', 400],
        ]),
        'cpu',
        { utilization: 50 },
        2,
        T0,
      ),
    ).toMatchObject({ replicas: 4, utilization: 200 });
    const noRequest = { ...pod('c'), spec: { containers: [{ name: 'app' }] } };
    expect(resourceReplicas([noRequest], usage([['c', 10]]), 'cpu', { utilization: 50 }, 1, T0)).toEqual({
      error: 'missing request for cpu in container app of Pod c',
    });
  });
});

describe('scaling rules', () => {
  it('holds a scale-down for the 5-minute window without behavior, and limits a scale-up to max(2x, 4)', () => {
    const recs: Timed[] = [{ value: 7, at: T0 }];
    expect(normalizeDefault(recs, 7, 1, 1, 10, T0 + 60_000)).toMatchObject({ replicas: 7, able: ['ScaleDownStabilized', expect.any(String)] });
    expect(normalizeDefault(recs, 7, 1, 1, 10, T0 + 301_000).replicas).toBe(1);
    expect(normalizeDefault([], 1, 9, 1, 10, T0)).toMatchObject({
      replicas: 4,
      limited: [true, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate'],
    });
    expect(normalizeDefault([], 2, 0, 1, 10, T0)).toMatchObject({ replicas: 1, limited: [true, 'TooFewReplicas', expect.any(String)] });
  });

  it('applies behavior policies: a Pods policy per period caps the scale-up', () => {
    const behavior = {
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] },
      scaleDown: defaultRules('scaleDown'),
    };
    const ups: Timed[] = [];
    const first = normalizeWithBehavior([], ups, [], behavior, 2, 6, 1, 10, T0);
    expect(first.replicas).toBe(3);
    ups.push({ value: 1, at: T0 });
    expect(normalizeWithBehavior([], ups, [], behavior, 3, 6, 1, 10, T0 + 15_000).replicas).toBe(3);
    expect(normalizeWithBehavior([], ups, [], behavior, 3, 6, 1, 10, T0 + 61_000).replicas).toBe(4);
  });
});

describe('HPA controller', () => {
  it('reports a missing target and the missing metrics API in its conditions and events', async () => {
    const { createCluster } = await import('../../index.ts');
    const c = createCluster({ preset: 'kind' });
    const hpa = (name: string, target: string) =>
      c.api.create('horizontalpodautoscalers.autoscaling', {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name, namespace: 'default' },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target }, maxReplicas: 3 },
      });
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
    hpa('lost', 'nosuch');
    hpa('web', 'web');
    c.advance(20_000);
    const conds = (n: string) =>
      c.api
        .get('horizontalpodautoscalers.autoscaling', 'default', n)
        .status.conditions.map((x: { type: string; status: string; reason: string }) => `${x.type} ${x.status} ${x.reason}`);
    expect(conds('lost')).toEqual(['AbleToScale False FailedGetScale']);
    expect(conds('web')).toEqual(['AbleToScale True SucceededGetScale', 'ScalingActive False FailedGetResourceMetric']);
    const reasons = (c.store.list('events', 'default') as Event[])
      .filter((e) => e.involvedObject?.name === 'web' && e.involvedObject?.kind === 'HorizontalPodAutoscaler')
      .map((e) => e.reason);
    expect(reasons).toEqual(['FailedGetResourceMetric', 'FailedComputeMetricsReplicas']);
    expect(c.api.get('horizontalpodautoscalers.autoscaling', 'default', 'web').status.currentMetrics).toEqual([{ type: '' }]);
  });
});
