import { describe, expect, it } from 'vitest';
import { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { installDefaultKinds } from '../../testing/default-api.ts';

function cluster(): Cluster {
  const c = new Cluster();
  installDefaultKinds(c.api);
  c.store.put('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' }, status: { phase: 'Active' } });
  return c;
}

const pvc = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec });

describe('storage kinds admission', () => {
  it('PVC: required access modes and storage request, default class, protection finalizer', () => {
    const c = cluster();
    expect(() => c.api.create('persistentvolumeclaims', pvc({}))).toThrow(
      'PersistentVolumeClaim "data" is invalid: [spec.accessModes: Required value: at least 1 access mode is required, spec.resources[storage]: Required value]',
    );
    expect(() => c.api.create('persistentvolumeclaims', pvc({ accessModes: ['ReadWriteSometimes'], resources: { requests: { storage: '1Gi' } } }))).toThrow(
      'spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
    );
    expect(() => c.api.create('persistentvolumeclaims', pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, size: 1 }))).toThrow(
      'strict decoding error: unknown field "spec.size"',
    );
    const noDefault = c.api.create('persistentvolumeclaims', pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } })).object;
    expect(noDefault.spec.storageClassName).toBeUndefined();
    expect(noDefault.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    expect(noDefault.status).toEqual({ phase: 'Pending' });
    c.api.create('storageclasses.storage.k8s.io', {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
      provisioner: 'rancher.io/local-path',
    });
    const second = pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } });
    second.metadata.name = 'data2';
    expect(c.api.create('persistentvolumeclaims', second).object.spec.storageClassName).toBe('standard');
    expect(() => c.api.modify('persistentvolumeclaims', 'default', 'data2', (o) => (o.spec.accessModes = ['ReadWriteMany']))).toThrow(
      'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims',
    );
  });

  it('StorageClass defaults and immutable provisioner; PV defaults', () => {
    const c = cluster();
    const sc = c.api.create('storageclasses.storage.k8s.io', { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast' }, provisioner: 'example.com/x' }).object;
    expect([sc.reclaimPolicy, sc.volumeBindingMode]).toEqual(['Delete', 'Immediate']);
    expect(() => c.api.modify('storageclasses.storage.k8s.io', undefined, 'fast', (o) => (o.provisioner = 'other'))).toThrow(
      'provisioner: Forbidden: updates to provisioner are forbidden.',
    );
    const pv = c.api.create('persistentvolumes', {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv-0' },
      spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data/pv-0' } },
    }).object;
    expect(pv.spec).toMatchObject({ persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
    expect(pv.metadata.finalizers).toEqual(['kubernetes.io/pv-protection']);
    expect(() =>
      c.api.create('persistentvolumes', { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] } }),
    ).toThrow('spec: Required value: must specify a volume type');
  });
});
