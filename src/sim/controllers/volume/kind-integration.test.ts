import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';

describe('volumes on the kind preset (scheduler and kubelet running)', () => {
  it('a StatefulSet gets local-path volumes bound and its pods running, in order', () => {
    const c = createCluster({ seed: 7 });
    c.api.create('statefulsets.apps', {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        replicas: 2,
        serviceName: 'nginx',
        selector: { matchLabels: { app: 'nginx' } },
        template: {
          metadata: { labels: { app: 'nginx' } },
          spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', volumeMounts: [{ name: 'data', mountPath: '/data' }] }] },
        },
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      },
    });
    c.advance(60_000);
    const claims = c.store.list('persistentvolumeclaims', 'default');
    expect(claims.map((p) => [p.metadata.name, p.status.phase, p.spec.storageClassName])).toEqual([
      ['data-web-0', 'Bound', 'standard'],
      ['data-web-1', 'Bound', 'standard'],
    ]);
    expect(c.store.list('pods', 'default').map((p) => [p.metadata.name, p.status.phase])).toEqual([
      ['web-0', 'Running'],
      ['web-1', 'Running'],
    ]);
    for (const claim of claims) {
      const pv = c.api.get('persistentvolumes', undefined, claim.spec.volumeName);
      const pod = c.api.get('pods', 'default', claim.metadata.name!.replace('data-', ''));
      expect(pv.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values).toEqual([pod.spec.nodeName]);
    }
    expect(c.api.get('statefulsets.apps', 'default', 'web').status.readyReplicas).toBe(2);
  });

  it('a claim naming a class that does not exist keeps itself and its pod Pending', () => {
    const c = createCluster({ seed: 7 });
    c.api.create('persistentvolumeclaims', {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: 'default' },
      spec: { storageClassName: 'gp2', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    c.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'db', namespace: 'default' },
      spec: {
        containers: [{ name: 'db', image: 'nginx:1.25', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
      },
    });
    c.advance(30_000);
    expect(c.api.get('persistentvolumeclaims', 'default', 'data').status.phase).toBe('Pending');
    const pod = c.api.get('pods', 'default', 'db');
    expect(pod.status.phase).toBe('Pending');
    expect(pod.spec.nodeName).toBeUndefined();
    const warning = c.store.list('events', 'default').find((e) => e.reason === 'ProvisioningFailed')!;
    expect([warning.type, (warning.source as { component: string }).component, warning.message]).toEqual([
      'Warning',
      'persistentvolume-controller',
      'storageclass.storage.k8s.io "gp2" not found',
    ]);
  });
});
