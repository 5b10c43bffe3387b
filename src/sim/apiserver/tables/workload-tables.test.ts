import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';

const NOW = Date.parse('2026-11-30T03:05:00Z');
const md = (name: string, extra: Record<string, unknown> = {}) => ({ name, namespace: 'default', creationTimestamp: '2026-11-30T03:04:44Z', ...extra });
const template = { spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }, { name: 'side', image: 'busybox' }] } };
const cells = (resource: string, obj: KubeObject) => {
  const t = toTable(resource, [obj], NOW);
  return Object.fromEntries(t.columns.map((c, i) => [c.name, t.rows[0]!.cells[i]]));
};

describe('workload tables', () => {
  it('StatefulSet: READY is ready/desired', () => {
    expect(cells('statefulsets.apps', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: md('web'), spec: { replicas: 3, template }, status: { readyReplicas: 2 } })).toEqual({
      Name: 'web',
      Ready: '2/3',
      Age: '16s',
      Containers: 'nginx,side',
      Images: 'nginx:1.25,busybox',
    });
  });

  it('DaemonSet: counts from status, node selector and selector', () => {
    const ds: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: md('node-agent'),
      spec: { selector: { matchLabels: { name: 'node-agent' } }, template: { spec: { ...template.spec, nodeSelector: { disk: 'ssd', 'kubernetes.io/os': 'linux' } } } },
      status: { desiredNumberScheduled: 2, currentNumberScheduled: 2, numberReady: 1, updatedNumberScheduled: 2 },
    };
    expect(Object.values(cells('daemonsets.apps', ds))).toEqual([
      'node-agent', '2', '2', '1', '2', '0', 'disk=ssd,kubernetes.io/os=linux', '16s', 'nginx,side', 'nginx:1.25,busybox', 'name=node-agent',
    ]);
  });

  it('Job: status precedence, completions forms, duration', () => {
    const job = (spec: Record<string, unknown>, status: Record<string, unknown>, meta: Record<string, unknown> = {}): KubeObject => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: md('j', meta),
      spec: { template, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } }, ...spec },
      status,
    });
    const cond = (type: string) => ({ type, status: 'True' });
    expect(cells('jobs.batch', job({ completions: 1 }, {}))).toMatchObject({ Status: 'Running', Completions: '0/1', Duration: '', Selector: 'batch.kubernetes.io/controller-uid=u1' });
    expect(cells('jobs.batch', job({ parallelism: 3 }, { succeeded: 1, startTime: '2026-11-30T03:04:50Z' }))).toMatchObject({ Completions: '1/1 of 3', Duration: '10s' });
    expect(
      cells('jobs.batch', job({ completions: 4 }, { succeeded: 4, startTime: '2026-11-30T03:04:00Z', completionTime: '2026-11-30T03:04:15Z', conditions: [cond('SuccessCriteriaMet'), cond('Complete')] })),
    ).toMatchObject({ Status: 'Complete', Completions: '4/4', Duration: '15s' });
    expect(cells('jobs.batch', job({}, { conditions: [cond('FailureTarget')] }))).toMatchObject({ Status: 'FailureTarget' });
    expect(cells('jobs.batch', job({}, { conditions: [cond('Failed')] }, { deletionTimestamp: 'x' }))).toMatchObject({ Status: 'Failed' });
    expect(cells('jobs.batch', job({ suspend: true }, { conditions: [cond('Suspended')] }, { deletionTimestamp: 'x' }))).toMatchObject({ Status: 'Terminating' });
    expect(cells('jobs.batch', job({ suspend: true }, { conditions: [cond('Suspended')] }))).toMatchObject({ Status: 'Suspended' });
  });

  it('CronJob: timezone, suspend, active count and last schedule', () => {
    const cj: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: md('ticker'),
      spec: { schedule: '*/1 * * * *', suspend: false, jobTemplate: { spec: { template } } },
      status: {},
    };
    expect(Object.values(cells('cronjobs.batch', cj))).toEqual(['ticker', '*/1 * * * *', '<none>', 'False', '0', '<none>', '16s', 'nginx,side', 'nginx:1.25,busybox', '<none>']);
    cj.spec.timeZone = 'Europe/London';
    cj.spec.suspend = true;
    cj.status = { active: [{ name: 'a' }], lastScheduleTime: '2026-11-30T03:04:00Z' };
    expect(Object.values(cells('cronjobs.batch', cj)).slice(2, 6)).toEqual(['Europe/London', 'True', '1', '60s']);
  });

  it('PVC, PV, StorageClass and ControllerRevision', () => {
    const pvc: KubeObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: md('www-web-0'),
      spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'standard', volumeMode: 'Filesystem', resources: { requests: { storage: '1Gi' } } },
      status: { phase: 'Pending' },
    };
    expect(Object.values(cells('persistentvolumeclaims', pvc))).toEqual(['www-web-0', 'Pending', '', '', '', 'standard', '<unset>', '16s', 'Filesystem']);
    pvc.spec.volumeName = 'pv-0';
    pvc.status = { phase: 'Bound', accessModes: ['ReadWriteOnce', 'ReadWriteMany'], capacity: { storage: '1Gi' } };
    expect(Object.values(cells('persistentvolumeclaims', pvc)).slice(1, 5)).toEqual(['Bound', 'pv-0', '1Gi', 'RWO,RWX']);
    const pv: KubeObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv-0', creationTimestamp: '2026-11-30T03:04:44Z' },
      spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', claimRef: { namespace: 'default', name: 'www-web-0' } },
      status: { phase: 'Bound' },
    };
    expect(Object.values(cells('persistentvolumes', pv))).toEqual(['pv-0', '1Gi', 'RWO', 'Retain', 'Bound', 'default/www-web-0', '', '<unset>', '', '16s', '<unset>']);
    const sc: KubeObject = {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'standard', creationTimestamp: '2026-11-30T03:04:44Z', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
      provisioner: 'rancher.io/local-path',
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'WaitForFirstConsumer',
    };
    expect(Object.values(cells('storageclasses.storage.k8s.io', sc))).toEqual(['standard (default)', 'rancher.io/local-path', 'Delete', 'WaitForFirstConsumer', 'false', '16s']);
    const cr: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: md('web-7d6d54cbf', { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u', controller: true }] }),
      revision: 2,
    };
    expect(Object.values(cells('controllerrevisions.apps', cr))).toEqual(['web-7d6d54cbf', 'statefulset.apps/web', '2', '16s']);
  });
});
