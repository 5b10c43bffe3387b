import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { statefulSetController } from './statefulset-controller.ts';
import { eventLines, finishDeletions, podsNamed, runPod, workloadTestCluster } from './workload-fixture.ts';

function stsManifest(replicas: number, extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', volumeMounts: [{ name: 'www', mountPath: '/usr/share/nginx/html' }] }] },
      },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...extra,
    },
  };
}

const names = (c: Cluster) => podsNamed(c, 'web-').map((p) => p.metadata.name);
const sts = (c: Cluster) => c.api.get('statefulsets.apps', 'default', 'web');

/** Runs every pod that is not running yet, one settle at a time. */
function runPending(c: Cluster): void {
  for (const p of podsNamed(c, 'web-')) if (p.status?.phase !== 'Running' && !p.metadata.deletionTimestamp) runPod(c, p, 'kind-worker');
  c.settle();
}

describe('StatefulSet controller', () => {
  it('starts pods in order, each after the previous is Running and Ready, claims first', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', stsManifest(3));
    c.settle();
    expect(names(c)).toEqual(['web-0']);
    expect(c.store.list('persistentvolumeclaims', 'default').map((p) => p.metadata.name)).toEqual(['www-web-0']);
    c.advance(5000);
    expect(names(c)).toEqual(['web-0']);
    runPending(c);
    expect(names(c)).toEqual(['web-0', 'web-1']);
    runPending(c);
    runPending(c);
    expect(names(c)).toEqual(['web-0', 'web-1', 'web-2']);

    const pod = c.api.get('pods', 'default', 'web-1');
    const rev = sts(c).status.updateRevision;
    expect(pod.metadata.labels).toEqual({
      app: 'nginx',
      'apps.kubernetes.io/pod-index': '1',
      'controller-revision-hash': rev,
      'statefulset.kubernetes.io/pod-name': 'web-1',
    });
    expect(rev).toMatch(/^web-[4-9bcdf]+$/);
    expect(pod.spec.hostname).toBe('web-1');
    expect(pod.spec.subdomain).toBe('nginx');
    expect(pod.spec.volumes[0]).toEqual({ name: 'www', persistentVolumeClaim: { claimName: 'www-web-1' } });
    const claim = c.api.get('persistentvolumeclaims', 'default', 'www-web-1');
    expect(claim.metadata.labels).toEqual({ app: 'nginx' });
    expect(claim.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);

    expect(eventLines(c, 'statefulset-controller')).toEqual([
      'SuccessfulCreate: create Claim www-web-0 Pod web-0 in StatefulSet web success',
      'SuccessfulCreate: create Pod web-0 in StatefulSet web successful',
      'SuccessfulCreate: create Claim www-web-1 Pod web-1 in StatefulSet web success',
      'SuccessfulCreate: create Pod web-1 in StatefulSet web successful',
      'SuccessfulCreate: create Claim www-web-2 Pod web-2 in StatefulSet web success',
      'SuccessfulCreate: create Pod web-2 in StatefulSet web successful',
    ]);
    runPending(c);
    expect(sts(c).status).toEqual({
      availableReplicas: 3,
      collisionCount: 0,
      currentReplicas: 3,
      currentRevision: rev,
      observedGeneration: 1,
      readyReplicas: 3,
      replicas: 3,
      updateRevision: rev,
      updatedReplicas: 3,
    });
    expect(c.store.list('controllerrevisions.apps', 'default').map((r) => [r.metadata.name, r.revision])).toEqual([[rev, 1]]);
  });

  it('scales down from the highest ordinal, one pod at a time, keeping the claims', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', stsManifest(5));
    for (let i = 0; i < 6; i++) runPending(c);
    expect(names(c)).toHaveLength(5);
    c.api.modify('statefulsets.apps', 'default', 'web', (o) => (o.spec.replicas = 2));
    c.settle();
    const terminating = () => podsNamed(c, 'web-').filter((p) => p.metadata.deletionTimestamp).map((p) => p.metadata.name);
    expect(terminating()).toEqual(['web-4']);
    finishDeletions(c);
    expect(terminating()).toEqual(['web-3']);
    finishDeletions(c);
    expect(terminating()).toEqual(['web-2']);
    finishDeletions(c);
    expect(names(c)).toEqual(['web-0', 'web-1']);
    expect(eventLines(c, 'statefulset-controller').filter((l) => l.startsWith('SuccessfulDelete'))).toEqual([
      'SuccessfulDelete: delete Pod web-4 in StatefulSet web successful',
      'SuccessfulDelete: delete Pod web-3 in StatefulSet web successful',
      'SuccessfulDelete: delete Pod web-2 in StatefulSet web successful',
    ]);
    expect(c.store.list('persistentvolumeclaims', 'default')).toHaveLength(5);
    expect(sts(c).status.replicas).toBe(2);
  });

  it('Parallel creates all pods at once', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', stsManifest(3, { podManagementPolicy: 'Parallel' }));
    c.settle();
    expect(names(c)).toEqual(['web-0', 'web-1', 'web-2']);
  });

  it('rolls out a new template from the highest ordinal down, honouring the partition', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', stsManifest(3));
    for (let i = 0; i < 4; i++) runPending(c);
    const oldRev = sts(c).status.currentRevision;
    c.api.modify('statefulsets.apps', 'default', 'web', (o) => {
      o.spec.template.spec.containers[0].image = 'nginx:1.26';
      o.spec.updateStrategy.rollingUpdate.partition = 1;
    });
    c.settle();
    const newRev = sts(c).status.updateRevision;
    expect(newRev).not.toBe(oldRev);
    expect(podsNamed(c, 'web-2')[0]!.metadata.deletionTimestamp).toBeDefined();
    finishDeletions(c);
    expect(c.api.get('pods', 'default', 'web-2').metadata.labels!['controller-revision-hash']).toBe(newRev);
    expect(c.api.get('pods', 'default', 'web-2').spec.containers[0].image).toBe('nginx:1.26');
    runPending(c);
    expect(c.api.get('pods', 'default', 'web-1').metadata.deletionTimestamp).toBeDefined();
    finishDeletions(c);
    runPending(c);
    // web-0 is below the partition: it keeps the old revision.
    expect(c.api.get('pods', 'default', 'web-0').metadata.labels!['controller-revision-hash']).toBe(oldRev);
    expect(sts(c).status).toMatchObject({ updatedReplicas: 2, currentReplicas: 1, currentRevision: oldRev, updateRevision: newRev, readyReplicas: 3 });
    expect(c.store.list('controllerrevisions.apps', 'default').map((r) => r.revision)).toEqual(expect.arrayContaining([1, 2]));
  });

  it('rejects changes to fields other than the mutable ones, and selector/label mismatches', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', stsManifest(1));
    expect(() => c.api.modify('statefulsets.apps', 'default', 'web', (o) => (o.spec.serviceName = 'other'))).toThrow(
      "StatefulSet.apps \"web\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    );
    const bad = stsManifest(1);
    bad.metadata.name = 'bad';
    bad.spec.template.metadata.labels = { app: 'frontend' };
    expect(() => c.api.create('statefulsets.apps', bad)).toThrow(
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"frontend"}: `selector` does not match template `labels`',
    );
    const web = sts(c);
    expect(web.spec).toMatchObject({
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
    expect(web.spec.volumeClaimTemplates[0]).toMatchObject({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  });
});

describe('StatefulSet claim retention', () => {
  it('whenScaled: Delete removes the claims of condemned pods; whenDeleted: Delete makes the set own them', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', stsManifest(2, { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Delete' } }));
    for (let i = 0; i < 3; i++) runPending(c);
    const claimOwners = () => c.store.list('persistentvolumeclaims', 'default').map((p) => [p.metadata.name, p.metadata.ownerReferences?.map((r) => r.kind)]);
    expect(claimOwners()).toEqual([
      ['www-web-0', ['StatefulSet']],
      ['www-web-1', ['StatefulSet']],
    ]);
    c.api.modify('statefulsets.apps', 'default', 'web', (o) => (o.spec.replicas = 1));
    c.settle();
    expect(claimOwners()).toEqual([
      ['www-web-0', ['StatefulSet']],
      ['www-web-1', ['Pod']],
    ]);
    finishDeletions(c);
    const claim = c.api.tryGet('persistentvolumeclaims', 'default', 'www-web-1');
    // The garbage collector deletes the orphaned claim (pvc-protection then lets it go).
    expect(claim === undefined || !!claim.metadata.deletionTimestamp).toBe(true);
  });
});
