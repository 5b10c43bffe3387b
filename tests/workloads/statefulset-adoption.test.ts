import { describe, expect, it } from 'vitest';
import { kindSession } from '../../src/kubectl/testing.ts';

const sts = (extra = '') => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.8
${extra}`;

describe('StatefulSet Pods and their owner', () => {
  it('a StatefulSet created again adopts the orphaned Pods it left', async () => {
    const { c, run } = await kindSession({ 'sts.yaml': sts() });
    await run('apply -f sts.yaml');
    c.advance(60_000);
    const before = JSON.parse((await run('get pods -l app=web -o json')).stdout).items.map((p: { metadata: { uid: string } }) => p.metadata.uid);
    expect(before).toHaveLength(2);
    expect((await run('delete statefulset web --cascade=orphan')).stdout).toBe('statefulset.apps "web" deleted\n');
    c.advance(5_000);
    const orphans = JSON.parse((await run('get pods -l app=web -o json')).stdout).items;
    expect(orphans.map((p: { metadata: { ownerReferences?: unknown } }) => p.metadata.ownerReferences)).toEqual([undefined, undefined]);
    await run('apply -f sts.yaml');
    c.advance(10_000);
    const set = JSON.parse((await run('get sts web -o json')).stdout);
    const pods = JSON.parse((await run('get pods -l app=web -o json')).stdout).items;
    expect(pods.map((p: { metadata: { uid: string } }) => p.metadata.uid)).toEqual(before);
    for (const p of pods)
      expect(p.metadata.ownerReferences).toEqual([
        { apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'StatefulSet', name: 'web', uid: set.metadata.uid },
      ]);
    expect((await run('get sts web --no-headers')).stdout).toMatch(/^web\s+2\/2\s/);
  });

  it('refuses rollingUpdate with OnDelete as the API server does', async () => {
    const { run } = await kindSession({ 'sts.yaml': sts('  updateStrategy:\n    type: OnDelete\n    rollingUpdate:\n      partition: 1\n') });
    expect((await run('apply -f sts.yaml')).stderr).toBe(
      `The StatefulSet "web" is invalid: spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:1, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate'\n`,
    );
  });
});
