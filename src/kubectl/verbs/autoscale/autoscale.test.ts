import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const V1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: web-v1
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 6
  targetCPUUtilizationPercentage: 60
`;
const V2 = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web-v2
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 4
  metrics:
  - type: Resource
    resource:
      name: memory
      target:
        type: AverageValue
        averageValue: 100Mi
`;

describe('kubectl autoscale', () => {
  it('creates an autoscaling/v1 HPA for a Deployment, with kubectl 1.32 errors', async () => {
    const { run } = await kindSession();
    await run('create deployment web --image=nginx:1.27');
    expect(await run('autoscale deployment web --max=5')).toEqual({ stdout: 'horizontalpodautoscaler.autoscaling/web autoscaled\n', stderr: '', code: 0 });
    expect((await run('get hpa web')).stdout).toMatch(
      /^NAME {3}REFERENCE {8}TARGETS {14}MINPODS {3}MAXPODS {3}REPLICAS {3}AGE\nweb {4}Deployment\/web {3}cpu: <unknown>\/80% {3}1 {9}5 {9}\d+ +\d+s\n$/,
    );
    expect((await run('autoscale deployment web --max=5')).stderr).toBe(
      'Error from server (AlreadyExists): horizontalpodautoscalers.autoscaling "web" already exists\n',
    );
    expect((await run('autoscale deployment nosuch --max=3')).stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect((await run('autoscale deployment web')).stderr).toBe('error: required flag(s) "max" not set\n');
    expect((await run('autoscale deployment web --max=0 --name=x')).stderr).toBe('error: --max=MAXPODS is required and must be at least 1, max: 0\n');
    expect((await run('autoscale deployment web --min=4 --max=2 --name=x')).stderr).toBe(
      'error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 4\n',
    );
    const dry = await run('autoscale deploy/web --name=dry --min=2 --max=3 --cpu-percent=40 --dry-run=client -o yaml');
    expect(dry.stdout).toBe(
      'apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: dry\n  namespace: default\nspec:\n  maxReplicas: 3\n  minReplicas: 2\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  targetCPUUtilizationPercentage: 40\n',
    );
  });

  it('accepts HPA manifests in autoscaling/v1 and v2 and serves them as v2', async () => {
    const bad = V1.replace('name: web-v1', 'name: bad').replace('minReplicas: 2', 'minReplicas: 2\n  metrics: []');
    const { run } = await kindSession({ 'v1.yaml': V1, 'v2.yaml': V2, 'bad.yaml': bad });
    expect((await run('create -f v1.yaml')).stdout).toBe('horizontalpodautoscaler.autoscaling/web-v1 created\n');
    expect((await run('apply -f v2.yaml')).stdout).toBe('horizontalpodautoscaler.autoscaling/web-v2 created\n');
    const rows = (await run('get hpa')).stdout.split('\n');
    expect(rows[1]).toMatch(/^web-v1 {3}Deployment\/web {3}cpu: <unknown>\/60% {8}2 {9}6 /);
    expect(rows[2]).toMatch(/^web-v2 {3}Deployment\/web {3}memory: <unknown>\/100Mi {3}1 {9}4 /);
    expect((await run("get hpa web-v1 -o jsonpath='{.apiVersion} {.spec.metrics[0].resource.target.averageUtilization}'")).stdout).toBe('autoscaling/v2 60');
    // v1 has no spec.metrics: a v1 manifest is decoded against the v1 schema.
    expect((await run('create -f bad.yaml')).stderr).toContain(
      'HorizontalPodAutoscaler in version "v1" cannot be handled as a HorizontalPodAutoscaler: strict decoding error: unknown field "spec.metrics"',
    );
  });
});
