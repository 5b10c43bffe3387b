import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { workloadCluster } from '../../controllers/shared/test-fixture.ts';
import { resourceQuotaController } from './controller.ts';
import { podUsage } from './usage.ts';
import { formatQuantity } from '../../api/quantity.ts';

function setup(hard: Record<string, string>) {
  const cluster = workloadCluster();
  cluster.addController(resourceQuotaController(cluster));
  cluster.api.create('resourcequotas', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'default' }, spec: { hard } });
  cluster.settle();
  const pod = (name: string, resources?: object, extra: object = {}): KubeObject =>
    cluster.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default' },
      spec: { containers: [{ name: 'app', image: 'nginx:1.27', ...(resources ? { resources } : {}) }], ...extra },
    }).object;
  const error = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return '';
  };
  return { cluster, pod, error, quota: () => cluster.api.get('resourcequotas', 'default', 'q') };
}

describe('ResourceQuota', () => {
  it('gets its status from the controller and counts what exists', () => {
    const { cluster, pod, quota } = setup({ pods: '3', 'requests.memory': '1Gi' });
    expect(quota().status).toEqual({ hard: { pods: '3', 'requests.memory': '1Gi' }, used: { pods: '0', 'requests.memory': '0' } });
    pod('a', { requests: { memory: '256Mi' } });
    pod('b', { requests: { memory: '128Mi' } });
    cluster.settle();
    expect(quota().status.used).toEqual({ pods: '2', 'requests.memory': '384Mi' });
    cluster.api.updateStatus('pods', 'default', 'a', { phase: 'Succeeded' });
    cluster.settle();
    expect(quota().status.used).toEqual({ pods: '1', 'requests.memory': '128Mi' });
  });

  it('refuses a Pod that would exceed a hard limit, naming only the exceeded resources', () => {
    const { pod, error } = setup({ pods: '1', cpu: '1' });
    pod('a', { requests: { cpu: '500m' } });
    expect(error(() => pod('b', { requests: { cpu: '200m' } }))).toBe(
      'pods "b" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1',
    );
  });

  it('charges at admission, so back-to-back creates cannot overshoot before the controller runs', () => {
    const { cluster, pod, error } = setup({ pods: '2' });
    pod('a');
    pod('b');
    expect(error(() => pod('c'))).toBe('pods "c" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');
    cluster.api.delete('pods', 'default', 'a', { gracePeriodSeconds: 0 });
    cluster.settle();
    expect(pod('c').metadata.name).toBe('c');
  });

  it('does not charge a dry run', () => {
    const { cluster, quota } = setup({ pods: '1' });
    cluster.api.create(
      'pods',
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
      { dryRun: true },
    );
    expect(quota().status.used).toEqual({ pods: '0' });
  });

  it('requires every container, init containers included, to declare a constrained cpu or memory', () => {
    const { pod, error } = setup({ 'requests.cpu': '2', 'limits.memory': '1Gi' });
    const msg = error(() => pod('a', { requests: { cpu: '100m' } }, { initContainers: [{ name: 'init', image: 'busybox:1.36' }] }));
    expect(msg).toBe('pods "a" is forbidden: failed quota: q: must specify limits.memory for: app,init; requests.cpu for: init');
  });

  it('counts other kinds by count/<resource> and by their legacy names', () => {
    const { cluster, error } = setup({ 'count/configmaps': '1', secrets: '0' });
    const cm = (name: string) => cluster.api.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });
    cm('one');
    expect(error(() => cm('two'))).toBe(
      'configmaps "two" is forbidden: exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=1, limited: count/configmaps=1',
    );
    expect(error(() => cluster.api.create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } }))).toContain(
      'exceeded quota: q, requested: secrets=1, used: secrets=0, limited: secrets=0',
    );
  });

  it('charges a Pod the larger of its containers sum and its largest init container', () => {
    const u = podUsage({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {
        containers: [{ name: 'a', resources: { requests: { cpu: '100m' } } }, { name: 'b', resources: { requests: { cpu: '200m' }, limits: { memory: '64Mi' } } }],
        initContainers: [{ name: 'init', resources: { requests: { cpu: '500m' } } }],
      },
    });
    expect(formatQuantity(u.get('requests.cpu')!)).toBe('500m');
    expect(formatQuantity(u.get('cpu')!)).toBe('500m');
    expect(formatQuantity(u.get('limits.memory')!)).toBe('64Mi');
    expect(u.has('requests.memory')).toBe(false);
  });

  it('rejects quantities that do not parse and negative limits', () => {
    const { cluster, error } = setup({ pods: '1' });
    const mk = (v: string) => () =>
      cluster.api.create('resourcequotas', {
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: 'x', namespace: 'default' },
        spec: { hard: { cpu: v } },
      });
    expect(error(mk('abc'))).toContain('quantities must match the regular expression');
    expect(error(mk('-1'))).toContain('spec.hard[cpu]: Invalid value: "-1": must be greater than or equal to 0');
  });
});
