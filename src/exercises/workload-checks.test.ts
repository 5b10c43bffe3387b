import { beforeEach, describe, expect, it } from 'vitest';
import { createClusterReader } from '../sim/index.ts';
import { Cluster, type KubeObject } from '../sim/index.ts';
import {
  cronJobFired,
  daemonSetOnEveryNode,
  deploymentAvailable,
  jobCompleted,
  nodeHasTaint,
  orphanReplicaSet,
  podsAllControlled,
  rolledTo,
  statefulSetWithClaims,
  workloadGone,
} from './workload-checks.ts';

/** A bare cluster (no controllers, no kubelet): objects keep exactly what the test writes. */
function bareCluster(): Cluster {
  const c = new Cluster({ seed: 1 });
  c.api.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return c;
}

const template = (labels: Record<string, string>, image: string) => ({
  metadata: { labels },
  spec: { containers: [{ name: 'c', image }] },
});

function create(c: Cluster, resource: string, obj: Record<string, unknown>, status?: Record<string, unknown>): KubeObject {
  const made = c.api.create(resource, obj as unknown as KubeObject).object;
  if (!status) return made;
  return c.api.updateStatus(resource, made.metadata.namespace, made.metadata.name!, status);
}

function ownerRef(owner: KubeObject) {
  return [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true }];
}

const runningPod = (ready = true) => ({
  phase: 'Running',
  conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
  containerStatuses: [{ name: 'c', ready, restartCount: 0, state: { running: {} } }],
});

let c: Cluster;
beforeEach(() => {
  c = bareCluster();
});

function deployment(name: string, replicas: number, image: string, status: Record<string, unknown>): KubeObject {
  return create(
    c,
    'deployments.apps',
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { replicas, selector: { matchLabels: { app: name } }, template: template({ app: name }, image) } },
    status,
  );
}

function replicaSet(name: string, owner: KubeObject | undefined, replicas: number, image: string, status: Record<string, unknown>): KubeObject {
  const app = owner?.metadata.name ?? name;
  return create(
    c,
    'replicasets.apps',
    {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name, labels: { app }, ...(owner ? { ownerReferences: ownerRef(owner) } : {}) },
      spec: { replicas, selector: { matchLabels: { app } }, template: template({ app }, image) },
    },
    status,
  );
}

describe('deployment checks', () => {
  it('deploymentAvailable reports READY and AVAILABLE until the rollout is done', async () => {
    deployment('web', 3, 'nginx:1.25', { replicas: 3, updatedReplicas: 3, readyReplicas: 1, availableReplicas: 1 });
    expect(await deploymentAvailable('web', 3).run(createClusterReader(c))).toEqual({
      passed: false,
      detail: 'deployment.apps "web" shows READY 1/3, UP-TO-DATE 3, AVAILABLE 1',
    });
    expect((await deploymentAvailable('web', 5).run(createClusterReader(c))).detail).toBe('deployment.apps "web" asks for 3 replicas, not 5');
    expect((await deploymentAvailable('nope', 3).run(createClusterReader(c))).detail).toBe('deployment.apps "nope" does not exist');
    c.api.updateStatus('deployments.apps', 'default', 'web', { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 });
    expect(await deploymentAvailable('web', 3).run(createClusterReader(c))).toEqual({ passed: true });
  });

  it('rolledTo wants the new ReplicaSet available and an old one kept at 0', async () => {
    const d = deployment('shop', 3, 'nginx:1.26', {});
    expect((await rolledTo('shop', 'nginx:1.26').run(createClusterReader(c))).detail).toBe('no ReplicaSet of deployment.apps "shop" runs nginx:1.26 yet');
    replicaSet('shop-new', d, 3, 'nginx:1.26', { replicas: 3, availableReplicas: 3 });
    expect((await rolledTo('shop', 'nginx:1.26').run(createClusterReader(c))).detail).toBe(
      'deployment.apps "shop" has no older ReplicaSet: it was created anew rather than updated',
    );
    replicaSet('shop-old', d, 1, 'nginx:1.25', { replicas: 1 });
    expect((await rolledTo('shop', 'nginx:1.26').run(createClusterReader(c))).detail).toBe('old ReplicaSet shop-old still has 1 Pods');
    c.api.modify('replicasets.apps', 'default', 'shop-old', (rs) => {
      rs.spec.replicas = 0;
    });
    c.api.updateStatus('replicasets.apps', 'default', 'shop-old', { replicas: 0 });
    expect(await rolledTo('shop', 'nginx:1.26').run(createClusterReader(c))).toEqual({ passed: true });
  });
});

describe('ownership checks', () => {
  it('podsAllControlled names the bare Pods', async () => {
    const d = deployment('web', 1, 'nginx', {});
    const rs = replicaSet('web-abc', d, 1, 'nginx', {});
    create(c, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    create(c, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-abc-x', labels: { app: 'web' }, ownerReferences: ownerRef(rs) }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    expect((await podsAllControlled('app', 'web', 1).run(createClusterReader(c))).detail).toBe('not owned by any ReplicaSet: web-1');
    c.api.delete('pods', 'default', 'web-1', { gracePeriodSeconds: 0 });
    expect(await podsAllControlled('app', 'web', 1).run(createClusterReader(c))).toEqual({ passed: true });
    expect((await podsAllControlled('app', 'web', 2).run(createClusterReader(c))).detail).toBe('1 Pods labelled app=web, not 2');
  });

  it('orphanReplicaSet passes only when the ReplicaSet lost its owner', async () => {
    const d = deployment('legacy', 2, 'nginx', {});
    replicaSet('legacy-abc', d, 2, 'nginx', {});
    expect((await orphanReplicaSet({ app: 'legacy' }).run(createClusterReader(c))).detail).toBe('ReplicaSet legacy-abc is still owned by Deployment/legacy');
    expect((await workloadGone('deployments', 'legacy').run(createClusterReader(c))).detail).toBe('deployment.apps "legacy" still exists');
    c.api.modify('replicasets.apps', 'default', 'legacy-abc', (rs) => {
      delete rs.metadata.ownerReferences;
    });
    expect(await orphanReplicaSet({ app: 'legacy' }).run(createClusterReader(c))).toEqual({ passed: true });
    expect((await orphanReplicaSet({ app: 'other' }).run(createClusterReader(c))).detail).toBe('no ReplicaSet makes Pods labelled app=other');
  });
});

describe('statefulSetWithClaims', () => {
  it('walks the Pods in order and reports the first claim that is not Bound', async () => {
    create(c, 'statefulsets.apps', {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db' },
      spec: {
        replicas: 1,
        serviceName: 'db',
        selector: { matchLabels: { app: 'db' } },
        template: template({ app: 'db' }, 'mysql:5.7'),
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      },
    });
    expect((await statefulSetWithClaims('db', 1).run(createClusterReader(c))).detail).toBe('pod "db-0" does not exist yet');
    create(
      c,
      'pods',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'db-0', labels: { app: 'db' } },
        spec: { containers: [{ name: 'c', image: 'mysql:5.7' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }] },
      },
      runningPod(),
    );
    create(c, 'persistentvolumeclaims', {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data-db-0' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    }, { phase: 'Pending' });
    expect((await statefulSetWithClaims('db', 1).run(createClusterReader(c))).detail).toBe('persistentvolumeclaim "data-db-0" is Pending, not Bound');
    c.api.updateStatus('persistentvolumeclaims', 'default', 'data-db-0', { phase: 'Bound' });
    expect(await statefulSetWithClaims('db', 1).run(createClusterReader(c))).toEqual({ passed: true });
    expect((await statefulSetWithClaims('db', 3).run(createClusterReader(c))).detail).toBe('statefulset.apps "db" asks for 1 replicas, not 3');
  });
});

describe('node-wide checks', () => {
  function node(name: string, controlPlane: boolean): void {
    create(c, 'nodes', {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, labels: controlPlane ? { 'node-role.kubernetes.io/control-plane': '' } : {} },
      spec: controlPlane ? { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } : {},
    });
  }

  it('daemonSetOnEveryNode lists the nodes still without a ready Pod', async () => {
    node('cp', true);
    node('w1', false);
    node('w2', false);
    const ds = create(c, 'daemonsets.apps', {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: template({ app: 'agent' }, 'busybox') },
    });
    const pod = (name: string, nodeName: string, ready: boolean) =>
      create(c, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'agent' }, ownerReferences: ownerRef(ds) }, spec: { nodeName, containers: [{ name: 'c', image: 'busybox' }] } }, runningPod(ready));
    pod('agent-a', 'w1', true);
    pod('agent-b', 'w2', false);
    expect((await daemonSetOnEveryNode('agent', false).run(createClusterReader(c))).detail).toBe('no ready Pod of daemonset.apps "agent" on w2');
    expect((await daemonSetOnEveryNode('agent', true).run(createClusterReader(c))).detail).toBe('no ready Pod of daemonset.apps "agent" on cp, w2');
    expect(await nodeHasTaint('cp', 'node-role.kubernetes.io/control-plane', 'NoSchedule').run(createClusterReader(c))).toEqual({ passed: true });
    expect((await nodeHasTaint('w1', 'node-role.kubernetes.io/control-plane', 'NoSchedule').run(createClusterReader(c))).detail).toBe(
      'node "w1" no longer has the taint node-role.kubernetes.io/control-plane:NoSchedule',
    );
  });
});

describe('job checks', () => {
  const jobSpec = (completions: number, parallelism: number) => ({
    completions,
    parallelism,
    template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } },
  });

  it('jobCompleted checks the spec, then COMPLETIONS and the Complete condition', async () => {
    create(c, 'jobs.batch', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'batch' }, spec: jobSpec(3, 1) }, { succeeded: 3 });
    expect((await jobCompleted('batch', 3, 2).run(createClusterReader(c))).detail).toBe('job.batch "batch" has parallelism 1, not 2');
    create(c, 'jobs.batch', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'b2' }, spec: jobSpec(3, 2) }, { succeeded: 1 });
    expect((await jobCompleted('b2', 3, 2).run(createClusterReader(c))).detail).toBe('job.batch "b2" shows COMPLETIONS 1/3');
    c.api.updateStatus('jobs.batch', 'default', 'b2', { succeeded: 3, conditions: [{ type: 'Complete', status: 'True' }] });
    expect(await jobCompleted('b2', 3, 2).run(createClusterReader(c))).toEqual({ passed: true });
  });

  it('cronJobFired wants a schedule time and a completed Job of its own', async () => {
    const cj = create(c, 'cronjobs.batch', {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'tick' },
      spec: { schedule: '*/1 * * * *', jobTemplate: { spec: jobSpec(1, 1) } },
    });
    expect((await cronJobFired('tick').run(createClusterReader(c))).detail).toBe('cronjob.batch "tick" has not been scheduled yet (LAST SCHEDULE <none>)');
    c.api.updateStatus('cronjobs.batch', 'default', 'tick', { lastScheduleTime: '2026-11-30T03:01:00Z' });
    create(c, 'jobs.batch', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'tick-1', ownerReferences: ownerRef(cj) }, spec: jobSpec(1, 1) }, { succeeded: 0 });
    expect((await cronJobFired('tick').run(createClusterReader(c))).detail).toBe('no Job of cronjob.batch "tick" has completed yet');
    c.api.updateStatus('jobs.batch', 'default', 'tick-1', { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] });
    expect(await cronJobFired('tick').run(createClusterReader(c))).toEqual({ passed: true });
  });
});
