import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { bindPod, eventLines, workloadTestCluster } from '../statefulset/workload-fixture.ts';
import { volumeController } from './volume-controller.ts';

function cluster(): Cluster {
  const c = workloadTestCluster([(cl) => cl.addController(volumeController(cl))]);
  c.api.create('storageclasses.storage.k8s.io', {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: 'rancher.io/local-path',
    volumeBindingMode: 'WaitForFirstConsumer',
  });
  c.settle();
  return c;
}

function claim(name: string, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
  };
}

function podUsing(name: string, claimName: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: [{ name: 'app', image: 'nginx:1.25', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }],
    },
  };
}

describe('persistent volume controller', () => {
  it('gives an unset class the default and waits for the first consumer', () => {
    const c = cluster();
    c.api.create('persistentvolumeclaims', claim('data'));
    c.settle();
    const pvc = c.api.get('persistentvolumeclaims', 'default', 'data');
    expect(pvc.spec.storageClassName).toBe('standard');
    expect(pvc.status).toEqual({ phase: 'Pending' });
    expect(eventLines(c, 'persistentvolume-controller')).toEqual(['WaitForFirstConsumer: waiting for first consumer to be created before binding']);
  });

  it('provisions pvc-<uid> on the node of the first scheduled pod and binds both ways', () => {
    const c = cluster();
    c.api.create('persistentvolumeclaims', claim('data'));
    const pod = c.api.create('pods', podUsing('app', 'data')).object;
    c.settle();
    expect(c.store.list('persistentvolumes')).toHaveLength(0);
    bindPod(c, pod, 'kind-worker2');
    c.settle();
    const pvc = c.api.get('persistentvolumeclaims', 'default', 'data');
    const pvName = `pvc-${pvc.metadata.uid}`;
    expect(pvc.spec.volumeName).toBe(pvName);
    expect(pvc.status).toEqual({ accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, phase: 'Bound' });
    expect(pvc.metadata.annotations).toMatchObject({
      'pv.kubernetes.io/bind-completed': 'yes',
      'pv.kubernetes.io/bound-by-controller': 'yes',
      'volume.kubernetes.io/selected-node': 'kind-worker2',
      'volume.kubernetes.io/storage-provisioner': 'rancher.io/local-path',
    });
    const pv = c.api.get('persistentvolumes', undefined, pvName);
    expect(pv.status.phase).toBe('Bound');
    expect(pv.spec).toMatchObject({
      capacity: { storage: '1Gi' },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'standard',
      claimRef: { name: 'data', namespace: 'default', uid: pvc.metadata.uid },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['kind-worker2'] }] }] } },
    });
    const claimEvents = c.store
      .list('events', 'default')
      .filter((e) => (e.involvedObject as { name: string }).name === 'data')
      .map((e) => e.reason);
    expect(claimEvents).toEqual(expect.arrayContaining(['WaitForFirstConsumer', 'ExternalProvisioning', 'Provisioning', 'ProvisioningSucceeded']));

    // Deleting the claim (after its pod) releases the volume, and reclaim policy Delete removes it.
    c.api.delete('pods', 'default', 'app', { gracePeriodSeconds: 0 });
    c.api.delete('persistentvolumeclaims', 'default', 'data');
    c.settle();
    expect(c.store.list('persistentvolumeclaims', 'default')).toHaveLength(0);
    expect(c.store.list('persistentvolumes')).toHaveLength(0);
  });

  it('keeps a claim of a missing class Pending with a repeating ProvisioningFailed warning', () => {
    const c = cluster();
    c.api.create('persistentvolumeclaims', claim('data', { storageClassName: 'gp2' }));
    c.settle();
    c.advance(60_000);
    const pvc = c.api.get('persistentvolumeclaims', 'default', 'data');
    expect(pvc.status.phase).toBe('Pending');
    const ev = c.store.list('events', 'default').find((e) => e.reason === 'ProvisioningFailed')!;
    expect(ev.type).toBe('Warning');
    expect(ev.message).toBe('storageclass.storage.k8s.io "gp2" not found');
    expect((ev.source as { component: string }).component).toBe('persistentvolume-controller');
    expect(ev.count).toBe(5);
  });

  it('binds a claim without class to a fitting static volume, smallest first', () => {
    const c = cluster();
    for (const [name, size] of [['pv-big', '5Gi'], ['pv-small', '1Gi'], ['pv-tiny', '500Mi']]) {
      c.api.create('persistentvolumes', {
        apiVersion: 'v1',
        kind: 'PersistentVolume',
        metadata: { name },
        spec: { capacity: { storage: size }, accessModes: ['ReadWriteOnce'], hostPath: { path: `/data/${name}` } },
      });
    }
    c.settle();
    expect(c.api.get('persistentvolumes', undefined, 'pv-big').status.phase).toBe('Available');
    c.api.create('persistentvolumeclaims', claim('data', { storageClassName: '' }));
    c.settle();
    const pvc = c.api.get('persistentvolumeclaims', 'default', 'data');
    expect(pvc.spec.volumeName).toBe('pv-small');
    const pv = c.api.get('persistentvolumes', undefined, 'pv-small');
    expect(pv.status.phase).toBe('Bound');
    expect(pv.metadata.annotations).toEqual({ 'pv.kubernetes.io/bound-by-controller': 'yes' });
    // Retain: the volume outlives its claim as Released.
    c.api.delete('persistentvolumeclaims', 'default', 'data');
    c.settle();
    expect(c.api.get('persistentvolumes', undefined, 'pv-small').status.phase).toBe('Released');
  });

  it('holds a claim in use by a pod until the pod is gone (pvc-protection)', () => {
    const c = cluster();
    c.api.create('persistentvolumeclaims', claim('data'));
    const pod = c.api.create('pods', podUsing('app', 'data')).object;
    bindPod(c, pod, 'kind-worker');
    c.settle();
    c.api.delete('persistentvolumeclaims', 'default', 'data');
    c.settle();
    expect(c.api.get('persistentvolumeclaims', 'default', 'data').metadata.deletionTimestamp).toBeDefined();
    c.api.delete('pods', 'default', 'app', { gracePeriodSeconds: 0 });
    c.settle();
    expect(c.api.tryGet('persistentvolumeclaims', 'default', 'data')).toBeUndefined();
  });
});
