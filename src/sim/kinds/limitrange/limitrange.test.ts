import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { workloadCluster } from '../../controllers/shared/test-fixture.ts';

function setup(limits: object[]) {
  const cluster = workloadCluster();
  const lr = cluster.api.create('limitranges', {
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name: 'lr', namespace: 'default' },
    spec: { limits },
  }).object;
  const pod = (containers: object[]): KubeObject =>
    cluster.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: containers.map((c, i) => ({ name: `c${i}`, image: 'nginx:1.27', ...c })) },
    }).object;
  const error = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return '';
  };
  return { cluster, lr, pod, error };
}

describe('LimitRange', () => {
  it('defaults a Container item: default from max, defaultRequest from default', () => {
    const { lr } = setup([{ type: 'Container', max: { cpu: '1' }, min: { memory: '100Mi' } }]);
    expect(lr.spec.limits[0]).toEqual({
      type: 'Container',
      max: { cpu: '1' },
      min: { memory: '100Mi' },
      default: { cpu: '1' },
      defaultRequest: { cpu: '1', memory: '100Mi' },
    });
  });

  it('fills missing requests and limits, notes them in an annotation and sets the QoS class from the result', () => {
    const { pod } = setup([{ type: 'Container', default: { cpu: '500m', memory: '512Mi' }, defaultRequest: { cpu: '250m', memory: '256Mi' } }]);
    const p = pod([{ resources: { requests: { memory: '128Mi' } } }]);
    expect(p.spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '512Mi' }, requests: { cpu: '250m', memory: '128Mi' } });
    expect(p.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe(
      'LimitRanger plugin set: cpu request for container c0; cpu, memory limit for container c0',
    );
    expect(p.status.qosClass).toBe('Burstable');
  });

  it('refuses containers outside min and max with the plugin messages', () => {
    const { pod, error } = setup([{ type: 'Container', min: { memory: '100Mi' }, max: { memory: '1Gi' } }]);
    expect(error(() => pod([{ resources: { limits: { memory: '2Gi' }, requests: { memory: '200Mi' } } }]))).toBe(
      'pods "p" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi',
    );
    expect(error(() => pod([{ resources: { limits: { memory: '500Mi' }, requests: { memory: '50Mi' } } }]))).toBe(
      'pods "p" is forbidden: minimum memory usage per Container is 100Mi, but request is 50Mi',
    );
    // Two violations are reported together, as an aggregate.
    expect(
      error(() =>
        pod([
          { resources: { limits: { memory: '2Gi' }, requests: { memory: '200Mi' } } },
          { resources: { limits: { memory: '500Mi' }, requests: { memory: '50Mi' } } },
        ]),
      ),
    ).toBe(
      'pods "p" is forbidden: [maximum memory usage per Container is 1Gi, but limit is 2Gi, minimum memory usage per Container is 100Mi, but request is 50Mi]',
    );
  });

  it('bounds the limit-to-request ratio and whole-Pod totals', () => {
    const { pod, error } = setup([
      { type: 'Container', maxLimitRequestRatio: { cpu: '2' } },
      { type: 'Pod', max: { memory: '1Gi' } },
    ]);
    expect(error(() => pod([{ resources: { limits: { cpu: '1', memory: '100Mi' }, requests: { cpu: '250m' } } }]))).toBe(
      'pods "p" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000',
    );
    expect(error(() => pod([{ resources: { limits: { cpu: '1', memory: '600Mi' } } }, { resources: { limits: { cpu: '1', memory: '600Mi' } } }]))).toBe(
      'pods "p" is forbidden: maximum memory usage per Pod is 1Gi, but limit is 1200Mi',
    );
    expect(pod([{ resources: { limits: { cpu: '1', memory: '600Mi' } } }]).metadata.name).toBe('p');
  });

  it('rejects items whose bounds contradict each other', () => {
    const cluster = workloadCluster();
    const create = () =>
      cluster.api.create('limitranges', {
        apiVersion: 'v1',
        kind: 'LimitRange',
        metadata: { name: 'bad', namespace: 'default' },
        spec: { limits: [{ type: 'Container', max: { cpu: '1' }, default: { cpu: '2' } }] },
      });
    expect(create).toThrow(/spec\.limits\[0\]\.default\[cpu\]: Invalid value: "1": default value 2 is greater than max value 1/);
  });
});
