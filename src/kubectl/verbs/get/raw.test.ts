import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const HPA_V2 = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 4
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 60}}
  - type: Pods
    pods:
      metric: {name: packets-per-second}
      target: {type: AverageValue, averageValue: 1k}
  behavior:
    scaleDown: {stabilizationWindowSeconds: 60}
`;

async function withHpa() {
  const s = await kindSession({ 'hpa.yaml': HPA_V2 });
  await s.run('create deployment web --image=nginx:1.27');
  await s.run('apply -f hpa.yaml');
  s.c.advance(20_000);
  return s;
}

describe('kubectl get in a named version', () => {
  it('serves hpa.v1.autoscaling in the v1 form, with what v1 cannot say in annotations', async () => {
    const { run } = await withHpa();
    const r = await run('get hpa.v1.autoscaling web -o json');
    const o = JSON.parse(r.stdout);
    expect(o.apiVersion).toBe('autoscaling/v1');
    expect(o.spec).toEqual({
      maxReplicas: 4,
      minReplicas: 1,
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      targetCPUUtilizationPercentage: 60,
    });
    const a = o.metadata.annotations;
    expect(a['autoscaling.alpha.kubernetes.io/metrics']).toBe('[{"type":"Pods","pods":{"metricName":"packets-per-second","targetAverageValue":"1k"}}]');
    expect(a['autoscaling.alpha.kubernetes.io/behavior']).toBe(
      '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15},{"Type":"Percent","Value":100,"PeriodSeconds":15}]},"ScaleDown":{"StabilizationWindowSeconds":60,"SelectPolicy":"Max","Policies":[{"Type":"Percent","Value":100,"PeriodSeconds":15}]}}',
    );
    expect(a['autoscaling.alpha.kubernetes.io/current-metrics']).toBe('[{"type":""},{"type":""}]');
    expect(JSON.parse(a['autoscaling.alpha.kubernetes.io/conditions'])[1]).toMatchObject({
      type: 'ScalingActive',
      status: 'False',
      reason: 'FailedGetResourceMetric',
    });
    expect(o.status).toMatchObject({ currentReplicas: 1, desiredReplicas: 0 });
  });

  it('serves hpa.v2.autoscaling (and plain hpa) in the stored form', async () => {
    const { run } = await withHpa();
    const v2 = JSON.parse((await run('get hpa.v2.autoscaling web -o json')).stdout);
    expect(v2.apiVersion).toBe('autoscaling/v2');
    expect(v2.spec.metrics).toHaveLength(2);
    expect((await run('get horizontalpodautoscalers.v1.autoscaling -o name')).stdout).toBe('horizontalpodautoscaler.autoscaling/web\n');
    expect((await run('get hpa.v3.autoscaling')).stderr).toBe('error: the server doesn\'t have a resource type "hpa.v3.autoscaling"\n');
  });

  it('round-trips a v1 object written with the annotations', async () => {
    const { run } = await withHpa();
    const v1 = (await run('get hpa.v1.autoscaling web -o yaml')).stdout.replace(/^ {2}resourceVersion: .*\n/m, '');
    const { run: run2, c } = await kindSession({ 'v1.yaml': v1 });
    expect((await run2('apply -f v1.yaml')).stderr).toBe('');
    const stored = c.store.get('horizontalpodautoscalers.autoscaling', 'default', 'web')!;
    expect(stored.spec?.metrics).toEqual([
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
      { type: 'Pods', pods: { metric: { name: 'packets-per-second' }, target: { type: 'AverageValue', averageValue: '1k' } } },
    ]);
    expect(stored.spec?.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(60);
  });
});

describe('kubectl get --raw', () => {
  it('prints the body the API server sends, in the version of the path', async () => {
    const { run } = await withHpa();
    const r = await run('get --raw /apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/web');
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout.split('\n')).toHaveLength(2);
    const o = JSON.parse(r.stdout);
    expect(Object.keys(o)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(o.spec).toEqual({
      scaleTargetRef: { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' },
      minReplicas: 1,
      maxReplicas: 4,
      targetCPUUtilizationPercentage: 60,
    });
    const list = JSON.parse((await run('get --raw /apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers')).stdout);
    expect(list.kind).toBe('HorizontalPodAutoscalerList');
    expect(list.items[0].kind).toBeUndefined();
    expect(list.items[0].spec.metrics).toHaveLength(2);
  });

  it('answers the health endpoints and /version, and refuses what kubectl refuses', async () => {
    const { run } = await kindSession();
    expect((await run('get --raw /healthz')).stdout).toBe('ok');
    expect(JSON.parse((await run('get --raw /version')).stdout).minor).toBe('32');
    expect((await run('get --raw /api/v1/namespaces/default/pods/nope')).stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect((await run('get --raw /nope')).stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    expect((await run('get pods --raw /api/v1/pods')).stderr).toBe('error: arguments may not be passed when --raw is specified\n');
    expect((await run('get --raw /api/v1/pods -o yaml')).stderr).toBe(
      "error: --raw and --output are mutually exclusive\nSee 'kubectl get -h' for help and examples\n",
    );
  });
});
