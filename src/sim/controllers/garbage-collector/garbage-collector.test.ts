import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import type { KubeObject, OwnerReference } from '../../api/types.ts';
import { deploymentManifest, markReady, podsOf, workloadCluster } from '../shared/test-fixture.ts';

const D = 'deployments.apps';
const RS = 'replicasets.apps';

function ref(o: KubeObject, blockOwnerDeletion = true): OwnerReference {
  return { apiVersion: o.apiVersion, kind: o.kind, name: o.metadata.name!, uid: o.metadata.uid!, blockOwnerDeletion };
}
function configMap(c: Cluster, name: string, owners: OwnerReference[] = [], finalizers?: string[]): KubeObject {
  return c.api.create('configmaps', {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'default', ownerReferences: owners.length ? owners : undefined, finalizers },
    data: {},
  }).object;
}
/** Puts the Deployment's pods on a node so that deleting them is graceful, as with a kubelet. */
function scheduledDeployment(c: Cluster): void {
  c.api.create(D, deploymentManifest('web', 'nginx:1.25', 2));
  c.settle();
  for (const p of podsOf(c)) markReady(c, p, 'kind-worker');
  c.settle();
}
/** The kubelet's part of a graceful delete: the terminating pods go away. */
function finishTerminatingPods(c: Cluster): void {
  for (const p of podsOf(c)) if (p.metadata.deletionTimestamp) c.api.delete('pods', 'default', p.metadata.name!, { gracePeriodSeconds: 0 });
  c.settle();
}

describe('garbage collector', () => {
  it('background: deleting a Deployment removes its ReplicaSets, then their pods', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 3));
    c.settle();
    expect(podsOf(c)).toHaveLength(3);
    c.api.delete(D, 'default', 'web');
    c.settle();
    expect(c.store.count(RS, 'default')).toBe(0);
    expect(podsOf(c)).toHaveLength(0);
  });

  it('background with scheduled pods leaves them Terminating, like kubectl shows', () => {
    const c = workloadCluster();
    scheduledDeployment(c);
    c.api.delete(D, 'default', 'web');
    c.settle();
    expect(c.store.count(RS, 'default')).toBe(0);
    expect(podsOf(c).every((p) => p.metadata.deletionTimestamp)).toBe(true);
  });

  it('foreground: the owner waits, with its finalizer, until blocking dependents are gone', () => {
    const c = workloadCluster();
    scheduledDeployment(c);
    c.api.delete(D, 'default', 'web', { propagationPolicy: 'Foreground' });
    c.settle();
    const d = c.api.get(D, 'default', 'web');
    expect(d.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(d.metadata.deletionTimestamp).toBeDefined();
    const [rs] = c.store.list(RS, 'default');
    expect(rs!.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(podsOf(c)).toHaveLength(2);
    expect(podsOf(c).every((p) => p.metadata.deletionTimestamp)).toBe(true);
    finishTerminatingPods(c);
    expect(c.store.count(RS, 'default')).toBe(0);
    expect(c.api.tryGet(D, 'default', 'web')).toBeUndefined();
  });

  it('foreground does not wait for dependents without blockOwnerDeletion', () => {
    const c = workloadCluster();
    const parent = configMap(c, 'parent');
    configMap(c, 'child', [ref(parent, false)], ['example.com/hold']);
    c.settle();
    c.api.delete('configmaps', 'default', 'parent', { propagationPolicy: 'Foreground' });
    c.settle();
    expect(c.api.tryGet('configmaps', 'default', 'parent')).toBeUndefined();
    expect(c.api.get('configmaps', 'default', 'child').metadata.deletionTimestamp).toBeDefined();
  });

  it('orphan: dependents lose the owner reference and stay', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 2));
    c.settle();
    const [rs] = c.store.list(RS, 'default');
    c.api.delete(RS, 'default', rs!.metadata.name!, { propagationPolicy: 'Orphan' });
    // The Deployment would make a new ReplicaSet; take it away first so only the orphaning shows.
    c.api.delete(D, 'default', 'web', { propagationPolicy: 'Orphan' });
    c.settle();
    expect(c.store.count(RS, 'default')).toBe(0);
    expect(podsOf(c)).toHaveLength(2);
    expect(podsOf(c).every((p) => p.metadata.ownerReferences === undefined)).toBe(true);
  });

  it('orphaned ReplicaSets are adopted by a new Deployment with the same template', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 2));
    c.settle();
    const [rs] = c.store.list(RS, 'default');
    const pods = podsOf(c).map((p) => p.metadata.name);
    c.api.delete(D, 'default', 'web', { propagationPolicy: 'Orphan' });
    c.settle();
    expect(c.api.get(RS, 'default', rs!.metadata.name!).metadata.ownerReferences).toBeUndefined();
    const d2 = c.api.create(D, deploymentManifest('web', 'nginx:1.25', 2)).object;
    c.settle();
    expect(c.store.list(RS, 'default').map((r) => r.metadata.name)).toEqual([rs!.metadata.name]);
    expect(c.api.get(RS, 'default', rs!.metadata.name!).metadata.ownerReferences?.[0]?.uid).toBe(d2.metadata.uid);
    expect(podsOf(c).map((p) => p.metadata.name)).toEqual(pods);
  });

  it('deletes an object whose only owner never existed, and strips one dangling owner of several', () => {
    const c = workloadCluster();
    const ghost: OwnerReference = { apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: 'no-such-uid' };
    configMap(c, 'orphaned', [ghost]);
    const alive = configMap(c, 'alive');
    configMap(c, 'shared', [ref(alive), ghost]);
    c.settle();
    expect(c.api.tryGet('configmaps', 'default', 'orphaned')).toBeUndefined();
    expect(c.api.get('configmaps', 'default', 'shared').metadata.ownerReferences).toEqual([ref(alive)]);
    c.api.delete('configmaps', 'default', 'alive');
    c.settle();
    expect(c.api.tryGet('configmaps', 'default', 'shared')).toBeUndefined();
  });
});
