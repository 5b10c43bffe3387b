import { describe, expect, it } from 'vitest';
import { eventMessages, markReady, podsOf, readyAll, replicaSetManifest, workloadCluster } from '../shared/test-fixture.ts';
import { podsToDelete } from './pod-ranking.ts';
import type { KubeObject } from '../../api/types.ts';
import { isoTime } from '../../api/types.ts';

const RS = 'replicasets.apps';

describe('ReplicaSet controller', () => {
  it('creates the missing pods from the template, named <rs>-<5 random>, with events and status', () => {
    const c = workloadCluster();
    const rs = c.api.create(RS, replicaSetManifest('web', 3)).object;
    c.settle();
    const pods = podsOf(c);
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.metadata.generateName).toBe('web-');
      expect(p.metadata.labels).toEqual({ app: 'web' });
      expect(p.metadata.ownerReferences).toEqual([
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true },
      ]);
      expect(p.spec.containers[0].image).toBe('nginx:1.25');
    }
    expect(eventMessages(c, 'replicaset-controller', 'web').sort()).toEqual(pods.map((p) => `Created pod: ${p.metadata.name}`).sort());
    expect(c.api.get(RS, 'default', 'web').status).toEqual({ replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1 });
    readyAll(c);
    expect(c.api.get(RS, 'default', 'web').status).toEqual({
      replicas: 3,
      fullyLabeledReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
    });
  });

  it('heals: a deleted pod is replaced by a new one with a new name', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('web', 2));
    c.settle();
    const before = podsOf(c).map((p) => p.metadata.name);
    c.api.delete('pods', 'default', before[0]!);
    c.settle();
    const after = podsOf(c).map((p) => p.metadata.name);
    expect(after).toHaveLength(2);
    expect(after).toContain(before[1]);
    expect(after).not.toContain(before[0]);
  });

  it('scales down, deleting not-ready pods before ready ones, with SuccessfulDelete events', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('web', 3));
    c.settle();
    const [a, b, d] = podsOf(c);
    markReady(c, a!);
    markReady(c, d!);
    c.settle();
    c.api.modify(RS, 'default', 'web', (o) => (o.spec.replicas = 2));
    c.settle();
    expect(podsOf(c).map((p) => p.metadata.name)).toEqual([a!.metadata.name, d!.metadata.name].sort());
    expect(eventMessages(c, 'replicaset-controller', 'web')).toContain(`Deleted pod: ${b!.metadata.name}`);
    expect(c.api.get(RS, 'default', 'web').metadata.generation).toBe(2);
    expect(c.api.get(RS, 'default', 'web').status.observedGeneration).toBe(2);
  });

  it('adopts matching orphans instead of creating, and releases pods whose labels stop matching', () => {
    const c = workloadCluster();
    c.api.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    const rs = c.api.create(RS, replicaSetManifest('web', 2)).object;
    c.settle();
    expect(podsOf(c)).toHaveLength(2);
    const stray = c.api.get('pods', 'default', 'stray');
    expect(stray.metadata.ownerReferences?.[0]?.uid).toBe(rs.metadata.uid);
    // Relabel it out of the set: released, and a replacement is created.
    c.api.modify('pods', 'default', 'stray', (o) => (o.metadata.labels = { app: 'debug' }));
    c.settle();
    expect(c.api.get('pods', 'default', 'stray').metadata.ownerReferences).toBeUndefined();
    expect(podsOf(c, 'web-')).toHaveLength(2);
  });

  it('leaves pods controlled by another owner alone', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('one', 1));
    c.settle();
    const mine = podsOf(c)[0]!;
    c.api.create(RS, { ...replicaSetManifest('two', 1), spec: { ...replicaSetManifest('one', 1).spec } });
    c.settle();
    expect(c.api.get('pods', 'default', mine.metadata.name!).metadata.ownerReferences?.[0]?.name).toBe('one');
    expect(podsOf(c, 'two-')).toHaveLength(1);
  });

  it('makes a ready pod available only after minReadySeconds, without another event', () => {
    const c = workloadCluster();
    const m = replicaSetManifest('web', 1);
    m.spec.minReadySeconds = 10;
    c.api.create(RS, m);
    c.settle();
    readyAll(c);
    expect(c.api.get(RS, 'default', 'web').status.availableReplicas).toBeUndefined();
    c.advance(9_000);
    expect(c.api.get(RS, 'default', 'web').status.availableReplicas).toBeUndefined();
    c.advance(1_000);
    expect(c.api.get(RS, 'default', 'web').status.availableReplicas).toBe(1);
  });

  it('reports FailedCreate when pods cannot be created', () => {
    const c = workloadCluster();
    const m = replicaSetManifest('web', 1);
    m.spec.template.spec.serviceAccountName = 'robot';
    c.api.create(RS, m);
    c.settle();
    expect(podsOf(c)).toHaveLength(0);
    const [msg] = eventMessages(c, 'replicaset-controller', 'web');
    expect(msg).toMatch(/^Error creating: pods "web-\w{5}" is forbidden: error looking up service account default\/robot/);
    expect(c.api.get(RS, 'default', 'web').status.conditions[0]).toMatchObject({ type: 'ReplicaFailure', reason: 'FailedCreate' });
  });

  it('creates no pods while being deleted', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('web', 2));
    c.settle();
    c.api.delete(RS, 'default', 'web', { propagationPolicy: 'Orphan' });
    c.settle();
    expect(c.api.tryGet(RS, 'default', 'web')).toBeUndefined();
    expect(podsOf(c)).toHaveLength(2);
  });

  it('handles 10,000 pods without listing them per reconcile', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('big', 10_000));
    c.settle();
    expect(c.store.count('pods', 'default')).toBe(10_000);
    expect(c.api.get(RS, 'default', 'big').status.replicas).toBe(10_000);
    // Pods becoming ready one by one: each reconcile must not walk all 10,000.
    for (const p of podsOf(c).slice(0, 500)) {
      markReady(c, p);
      c.settle();
    }
    expect(c.api.get(RS, 'default', 'big').status.readyReplicas).toBe(500);
  }, 60_000);
});

describe('podsToDelete', () => {
  const now = Date.UTC(2026, 10, 30, 4, 0, 0);
  function pod(name: string, o: { node?: string; phase?: string; readySince?: number; created?: number; cost?: string; restarts?: number }): KubeObject {
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        uid: name,
        creationTimestamp: isoTime(o.created ?? now - 3_600_000),
        annotations: o.cost ? { 'controller.kubernetes.io/pod-deletion-cost': o.cost } : undefined,
      },
      spec: { nodeName: o.node },
      status: {
        phase: o.phase ?? 'Running',
        conditions: o.readySince !== undefined ? [{ type: 'Ready', status: 'True', lastTransitionTime: isoTime(o.readySince) }] : [],
        containerStatuses: [{ restartCount: o.restarts ?? 0 }],
      },
    };
  }
  const order = (pods: KubeObject[], related: KubeObject[] = []) => podsToDelete(pods, related, pods.length - 1, now).map((p) => p.metadata.name);

  it('prefers unscheduled, then pending, then not ready', () => {
    const ready = pod('ready', { node: 'n1', readySince: now - 60_000 });
    const notReady = pod('notready', { node: 'n1' });
    const pending = pod('pending', { node: 'n1', phase: 'Pending' });
    const unscheduled = pod('unscheduled', { phase: 'Pending' });
    expect(order([ready, notReady, pending, unscheduled])).toEqual(['unscheduled', 'pending', 'notready']);
  });

  it('then lower deletion cost, doubled-up nodes, shorter readiness, more restarts, newer', () => {
    const base = { node: 'n1', readySince: now - 3_600_000 };
    expect(order([pod('a', { ...base, cost: '10' }), pod('b', { ...base, cost: '-5' }), pod('c', base)])).toEqual(['b', 'c']);
    const x = pod('x', { node: 'crowded', readySince: base.readySince });
    const y = pod('y', { node: 'alone', readySince: base.readySince });
    expect(order([y, x], [x, y, pod('z', { node: 'crowded' })])).toEqual(['x']);
    expect(order([pod('old', base), pod('fresh', { node: 'n1', readySince: now - 5_000 })])).toEqual(['fresh']);
    expect(order([pod('calm', base), pod('flappy', { ...base, restarts: 4 })])).toEqual(['flappy']);
    expect(order([pod('elder', { node: 'n1', created: now - 86_400_000 }), pod('young', { node: 'n1', created: now - 1000 })])).toEqual(['young']);
  });
});
