import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../src/sim/cluster.ts';
import type { KubeObject } from '../../src/sim/api/types.ts';
import { deploymentManifest, eventMessages, podsOf, readyAll, replicaSetManifest, workloadCluster } from '../../src/sim/controllers/shared/test-fixture.ts';
import { computePodTemplateHash } from '../../src/sim/controllers/shared/pod-template-hash.ts';
import { applyRollback, planRollback, rolloutHistory } from '../../src/kubectl/verbs/rollout/deployment-history.ts';
import { deploymentRolloutStatus } from '../../src/kubectl/verbs/rollout/deployment-status.ts';

const D = 'deployments.apps';
const RS = 'replicasets.apps';

function deploy(c: Cluster, name = 'web'): KubeObject {
  return c.api.get(D, 'default', name);
}
function replicaSets(c: Cluster): KubeObject[] {
  return c.store.list(RS, 'default');
}
function setImage(c: Cluster, image: string, name = 'web'): void {
  c.api.modify(D, 'default', name, (o) => (o.spec.template.spec.containers[0].image = image));
  c.settle();
}
/** Plays kubelets until nothing more becomes ready (each round 3 s later, like the recording). */
function rollOut(c: Cluster, rounds = 50): void {
  for (let i = 0; i < rounds; i++) {
    c.advance(3000);
    if (readyAll(c) === 0) break;
  }
}
function scalingEvents(c: Cluster): string[] {
  return eventMessages(c, 'deployment-controller', 'web');
}

describe('Deployment controller', () => {
  it('creates a ReplicaSet named by the template hash, with labels, annotations and status as the API shows', () => {
    const c = workloadCluster();
    const d = c.api.create(D, deploymentManifest('web', 'nginx:1.25', 3)).object;
    c.settle();
    const [rs] = replicaSets(c);
    const hash = rs!.metadata.labels!['pod-template-hash']!;
    expect(rs!.metadata.name).toBe(`web-${hash}`);
    expect(hash).toMatch(/^[456789bcdf]{6,10}$/);
    expect(rs!.spec.selector).toEqual({ matchLabels: { app: 'web', 'pod-template-hash': hash } });
    expect(rs!.spec.template.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs!.metadata.annotations).toEqual({
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
      'deployment.kubernetes.io/revision': '1',
    });
    expect(rs!.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(podsOf(c).every((p) => p.metadata.labels!['pod-template-hash'] === hash)).toBe(true);
    expect(deploy(c).metadata.annotations).toEqual({ 'deployment.kubernetes.io/revision': '1' });
    expect(scalingEvents(c)).toEqual([`Scaled up replica set web-${hash} from 0 to 3`]);
    expect(deploymentRolloutStatus(deploy(c)).message).toBe('Waiting for deployment "web" rollout to finish: 0 of 3 updated replicas are available...\n');

    const t0 = c.now();
    rollOut(c);
    const s = deploy(c).status;
    expect(s).toMatchObject({ observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 });
    expect(s.unavailableReplicas).toBeUndefined();
    expect(s.conditions.map((x: { type: string; reason: string }) => `${x.type}/${x.reason}`)).toEqual(['Available/MinimumReplicasAvailable', 'Progressing/NewReplicaSetAvailable']);
    expect(s.conditions[1].message).toBe(`ReplicaSet "web-${hash}" has successfully progressed.`);
    expect(s.conditions[0].message).toBe('Deployment has minimum availability.');
    expect(Date.parse(s.conditions[1].lastTransitionTime)).toBe(t0);
    expect(deploymentRolloutStatus(deploy(c))).toEqual({ message: 'deployment "web" successfully rolled out\n', done: true, failed: false });
  });

  it('rolls 3 replicas from nginx:1.25 to 1.26 with the real event sequence', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 3));
    c.settle();
    rollOut(c);
    const oldName = replicaSets(c)[0]!.metadata.name!;
    setImage(c, 'nginx:1.26');
    const newName = replicaSets(c).find((r) => r.metadata.name !== oldName)!.metadata.name!;
    expect(deploymentRolloutStatus(deploy(c)).message).toBe('Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n');
    expect(deploy(c).status.conditions.find((x: { type: string }) => x.type === 'Progressing')).toMatchObject({
      reason: 'ReplicaSetUpdated',
      message: `ReplicaSet "${newName}" is progressing.`,
    });
    rollOut(c);
    expect(scalingEvents(c)).toEqual([
      `Scaled up replica set ${oldName} from 0 to 3`,
      `Scaled up replica set ${newName} from 0 to 1`,
      `Scaled down replica set ${oldName} from 3 to 2`,
      `Scaled up replica set ${newName} from 1 to 2`,
      `Scaled down replica set ${oldName} from 2 to 1`,
      `Scaled up replica set ${newName} from 2 to 3`,
      `Scaled down replica set ${oldName} from 1 to 0`,
    ]);
    expect(deploy(c).metadata.annotations!['deployment.kubernetes.io/revision']).toBe('2');
    expect(c.api.get(RS, 'default', newName).metadata.annotations!['deployment.kubernetes.io/revision']).toBe('2');
    expect(c.api.get(RS, 'default', oldName).spec.replicas).toBe(0);
    expect(podsOf(c).map((p) => p.metadata.name!.slice(0, newName.length))).toEqual([newName, newName, newName]);
    expect(deploymentRolloutStatus(deploy(c)).done).toBe(true);
  });

  it('rolls back by re-using the old ReplicaSet (same hash) under a new revision', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 2));
    c.settle();
    rollOut(c);
    const first = replicaSets(c)[0]!.metadata.name!;
    c.api.modify(D, 'default', 'web', (o) => (o.metadata.annotations = { ...o.metadata.annotations, 'kubernetes.io/change-cause': 'to 1.26' }));
    setImage(c, 'nginx:1.26');
    rollOut(c);
    expect(rolloutHistory(deploy(c), replicaSets(c)).map((r) => [r.revision, r.changeCause])).toEqual([
      [1, undefined],
      [2, 'to 1.26'],
    ]);
    const plan = planRollback(deploy(c), replicaSets(c));
    expect(plan).toMatchObject({ kind: 'rollback', revision: 1, annotations: { 'deployment.kubernetes.io/revision': '2' } });
    if (plan.kind !== 'rollback') throw new Error('no plan');
    const copy = structuredCopy(deploy(c));
    applyRollback(copy, plan);
    c.api.update(D, copy);
    c.settle();
    rollOut(c);
    expect(replicaSets(c)).toHaveLength(2);
    const active = replicaSets(c).find((r) => r.spec.replicas > 0)!;
    expect(active.metadata.name).toBe(first);
    expect(active.metadata.annotations!['deployment.kubernetes.io/revision']).toBe('3');
    expect(active.metadata.annotations!['deployment.kubernetes.io/revision-history']).toBe('1');
    expect(rolloutHistory(deploy(c), replicaSets(c)).map((r) => r.revision)).toEqual([2, 3]);
    expect(deploy(c).metadata.annotations).toEqual({ 'deployment.kubernetes.io/revision': '3' });
    expect(planRollback(deploy(c), replicaSets(c), 99)).toEqual({ kind: 'error', message: 'unable to find specified revision 99 in history' });
    expect(planRollback(deploy(c), replicaSets(c), 3)).toEqual({ kind: 'skipped', revision: 3 });
  });

  it('reports ProgressDeadlineExceeded when new pods never become ready', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 3));
    c.settle();
    rollOut(c);
    setImage(c, 'nginx:nosuchtag');
    const newRS = replicaSets(c).find((r) => r.metadata.annotations!['deployment.kubernetes.io/revision'] === '2')!;
    c.advance(300_000);
    let progressing = deploy(c).status.conditions.find((x: { type: string }) => x.type === 'Progressing');
    expect(progressing.reason).toBe('ReplicaSetUpdated');
    c.advance(301_000);
    progressing = deploy(c).status.conditions.find((x: { type: string }) => x.type === 'Progressing');
    expect(progressing).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "${newRS.metadata.name}" has timed out progressing.` });
    expect(deploy(c).status).toMatchObject({ replicas: 4, updatedReplicas: 1, availableReplicas: 3, unavailableReplicas: 1 });
    expect(deploy(c).status.conditions.find((x: { type: string }) => x.type === 'Available').status).toBe('True');
    expect(deploymentRolloutStatus(deploy(c))).toEqual({ message: 'deployment "web" exceeded its progress deadline', done: false, failed: true });
  });

  it('Recreate scales the old ReplicaSet to 0 and waits for its pods before creating the new one', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.25', 2);
    m.spec.strategy = { type: 'Recreate' };
    c.api.create(D, m);
    c.settle();
    rollOut(c);
    const oldName = replicaSets(c)[0]!.metadata.name!;
    setImage(c, 'nginx:1.26');
    rollOut(c);
    const newName = replicaSets(c).find((r) => r.metadata.name !== oldName)!.metadata.name!;
    expect(scalingEvents(c)).toEqual([
      `Scaled up replica set ${oldName} from 0 to 2`,
      `Scaled down replica set ${oldName} from 2 to 0`,
      `Scaled up replica set ${newName} from 0 to 2`,
    ]);
    expect(deploymentRolloutStatus(deploy(c)).done).toBe(true);
  });

  it('does not roll out while paused, and does on resume', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 2));
    c.settle();
    rollOut(c);
    c.api.modify(D, 'default', 'web', (o) => (o.spec.paused = true));
    setImage(c, 'nginx:1.27');
    expect(replicaSets(c)).toHaveLength(1);
    expect(deploy(c).status.conditions.find((x: { type: string }) => x.type === 'Progressing')).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' });
    expect(deploymentRolloutStatus(deploy(c)).message).toBe('Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...\n');
    expect(planRollback(deploy(c), replicaSets(c))).toMatchObject({ kind: 'error' });
    c.api.modify(D, 'default', 'web', (o) => (o.spec.paused = false));
    c.settle();
    rollOut(c);
    expect(replicaSets(c)).toHaveLength(2);
    expect(deploymentRolloutStatus(deploy(c)).done).toBe(true);
  });

  it('scales the single active ReplicaSet when only replicas change', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('web', 'nginx:1.25', 3));
    c.settle();
    rollOut(c);
    c.api.modify(D, 'default', 'web', (o) => (o.spec.replicas = 5));
    c.settle();
    const rs = replicaSets(c)[0]!;
    expect(rs.spec.replicas).toBe(5);
    expect(rs.metadata.annotations!['deployment.kubernetes.io/desired-replicas']).toBe('5');
    expect(rs.metadata.annotations!['deployment.kubernetes.io/max-replicas']).toBe('7');
    expect(scalingEvents(c).at(-1)).toBe(`Scaled up replica set ${rs.metadata.name} from 3 to 5`);
    expect(deploy(c).status.readyReplicas).toBe(3);
  });

  it('scales proportionally in the middle of a rollout', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.25', 10);
    c.api.create(D, m);
    c.settle();
    rollOut(c);
    setImage(c, 'nginx:1.26');
    // New pods never become ready: old at 8, new at 5 (13 = 10 + surge 3, minimum 10 - 2).
    const sizes = () => replicaSets(c).map((r) => r.spec.replicas).sort((a, b) => a - b);
    expect(sizes()).toEqual([5, 8]);
    c.api.modify(D, 'default', 'web', (o) => (o.spec.replicas = 20));
    c.settle();
    // 20 + surge 5 = 25 allowed: old round(8 * 25 / 13) = 15, new round(5 * 25 / 13) = 10.
    expect(sizes()).toEqual([10, 15]);
  });

  it('scales 10 -> 15 with 8 + 5 to 11 + 7, as the Deployment docs show (maxSurge 3, maxUnavailable 2)', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.25', 10);
    m.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 3, maxUnavailable: 2 } };
    c.api.create(D, m);
    c.settle();
    rollOut(c);
    setImage(c, 'nginx:sometag');
    const byAge = () => replicaSets(c).sort((a, b) => Number(a.metadata.annotations!['deployment.kubernetes.io/revision']) - Number(b.metadata.annotations!['deployment.kubernetes.io/revision'])).map((r) => r.spec.replicas);
    expect(byAge()).toEqual([8, 5]);
    c.api.modify(D, 'default', 'web', (o) => (o.spec.replicas = 15));
    c.settle();
    // 15 + 3 = 18 allowed, 5 to add: old round(8 * 18 / 13) = 11, new round(5 * 18 / 13) = 7.
    expect(byAge()).toEqual([11, 7]);
  });

  it('keeps only revisionHistoryLimit old ReplicaSets', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.0', 1);
    m.spec.revisionHistoryLimit = 1;
    c.api.create(D, m);
    c.settle();
    rollOut(c);
    for (const v of ['1.1', '1.2', '1.3']) {
      setImage(c, `nginx:${v}`);
      rollOut(c);
    }
    const revisions = replicaSets(c).map((r) => r.metadata.annotations!['deployment.kubernetes.io/revision']).sort();
    expect(revisions).toEqual(['3', '4']);
  });

  it('copies kubernetes.io/change-cause to the new ReplicaSet', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.25', 1);
    m.metadata.annotations = { 'kubernetes.io/change-cause': 'first', 'kubectl.kubernetes.io/last-applied-configuration': '{}' };
    c.api.create(D, m);
    c.settle();
    const rs = replicaSets(c)[0]!;
    expect(rs.metadata.annotations!['kubernetes.io/change-cause']).toBe('first');
    expect(rs.metadata.annotations!['kubectl.kubernetes.io/last-applied-configuration']).toBeUndefined();
  });

  it('passes minReadySeconds to its ReplicaSets and counts pods available only after it', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.25', 2);
    m.spec.minReadySeconds = 5;
    c.api.create(D, m);
    c.settle();
    expect(replicaSets(c)[0]!.spec.minReadySeconds).toBe(5);
    readyAll(c);
    expect(deploy(c).status).toMatchObject({ readyReplicas: 2, unavailableReplicas: 2 });
    expect(deploy(c).status.availableReplicas).toBeUndefined();
    c.advance(5000);
    expect(deploy(c).status).toMatchObject({ readyReplicas: 2, availableReplicas: 2 });
    expect(deploymentRolloutStatus(deploy(c)).done).toBe(true);
  });

  it('resolves a hash collision by bumping status.collisionCount', () => {
    const c = workloadCluster();
    const m = deploymentManifest('web', 'nginx:1.25', 1);
    const template = c.api.create(D, m, { dryRun: true }).object.spec.template;
    const taken = `web-${computePodTemplateHash(template)}`;
    const squatter = replicaSetManifest('squatter', 0);
    squatter.metadata.name = taken;
    c.api.create(RS, squatter);
    c.api.create(D, m);
    c.settle();
    expect(deploy(c).status.collisionCount).toBe(1);
    const mine = replicaSets(c).filter((r) => r.metadata.name !== taken);
    expect(mine.map((r) => r.metadata.name)).toEqual([`web-${computePodTemplateHash(template, 1)}`]);
    expect(mine[0]!.spec.replicas).toBe(1);
  });

  it('brings 1,000 replicas to ready', () => {
    const c = workloadCluster();
    c.api.create(D, deploymentManifest('big', 'nginx:1.25', 1000));
    c.settle();
    for (let i = 0; i < 5; i++) {
      c.advance(3000);
      readyAll(c);
    }
    expect(deploy(c, 'big').status).toMatchObject({ replicas: 1000, updatedReplicas: 1000, readyReplicas: 1000, availableReplicas: 1000 });
    expect(deploymentRolloutStatus(deploy(c, 'big')).done).toBe(true);
  }, 60_000);
});

function structuredCopy(o: KubeObject): KubeObject {
  return JSON.parse(JSON.stringify(o)) as KubeObject;
}
