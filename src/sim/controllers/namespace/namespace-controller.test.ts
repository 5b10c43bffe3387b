import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { createCluster } from '../../index.ts';
import type { KubeObject } from '../../api/types.ts';

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('no error');
}

const obj = (kind: string, name: string, rest: object = {}): KubeObject => ({ apiVersion: 'v1', kind, metadata: { name }, ...rest });

describe('namespace controller', () => {
  it('recreates the default ServiceAccount and root CA when deleted', () => {
    const c = createCluster({ seed: 5 });
    c.api.delete('serviceaccounts', 'default', 'default');
    c.api.delete('configmaps', 'default', 'kube-root-ca.crt');
    c.settle();
    expect(c.api.tryGet('serviceaccounts', 'default', 'default')).toBeDefined();
    expect(c.api.tryGet('configmaps', 'default', 'kube-root-ca.crt')).toBeDefined();
  });

  it('deletes their content, waits for terminating pods, then disappear', () => {
    const c = createCluster({ seed: 11 });
    c.api.create('namespaces', obj('Namespace', 'dev'));
    c.settle();
    c.api.create('configmaps', { ...obj('ConfigMap', 'cfg', { data: { a: 'b' } }), metadata: { name: 'cfg', namespace: 'dev' } });
    c.api.create('pods', { ...obj('Pod', 'loose', { spec: { schedulerName: 'manual', containers: [{ name: 'a', image: 'x' }] } }), metadata: { name: 'loose', namespace: 'dev' } });
    // A Pod bound to a node with no kubelet acting keeps the namespace Terminating.
    c.store.put('pods', { ...obj('Pod', 'bound', { spec: { nodeName: 'nowhere', containers: [{ name: 'a', image: 'x' }] }, status: { phase: 'Running' } }), metadata: { name: 'bound', namespace: 'dev' } });
    c.api.delete('namespaces', undefined, 'dev');
    c.settle();
    const ns = c.api.get('namespaces', undefined, 'dev');
    expect(ns.status.phase).toBe('Terminating');
    expect(c.api.tryGet('configmaps', 'dev', 'cfg')).toBeUndefined();
    expect(c.api.tryGet('pods', 'dev', 'loose')).toBeUndefined();
    expect(c.api.get('pods', 'dev', 'bound').metadata.deletionTimestamp).toBeDefined();
    expect(ns.status.conditions.find((x: { type: string }) => x.type === 'NamespaceContentRemaining').message).toBe(
      'Some resources are remaining: pods. has 1 resource instances',
    );
    expect(error(() => c.api.create('configmaps', { ...obj('ConfigMap', 'late'), metadata: { name: 'late', namespace: 'dev' } })).message).toBe(
      'configmaps "late" is forbidden: unable to create new content in namespace dev because it is being terminated',
    );
    c.store.remove('pods', 'dev', 'bound');
    c.advance(6000);
    expect(c.api.tryGet('namespaces', undefined, 'dev')).toBeUndefined();
  });

  it('stay Terminating for a few seconds even when empty', () => {
    const c = createCluster({ seed: 11 });
    c.api.create('namespaces', obj('Namespace', 'tmp'));
    c.settle();
    c.api.delete('namespaces', undefined, 'tmp');
    c.advance(2000);
    expect(c.api.get('namespaces', undefined, 'tmp').status.phase).toBe('Terminating');
    expect(c.api.tryGet('serviceaccounts', 'tmp', 'default')).toBeUndefined();
    c.advance(3000);
    expect(c.api.tryGet('namespaces', undefined, 'tmp')).toBeUndefined();
  });

  it('drains a namespace of thousands of terminating Pods in linear time', () => {
    const c = createCluster({ seed: 5 });
    c.api.create('namespaces', obj('Namespace', 'big'));
    c.settle();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      c.store.put('pods', { ...obj('Pod', `p${i}`, { spec: { nodeName: 'nowhere', containers: [{ name: 'a', image: 'x' }] }, status: { phase: 'Running' } }), metadata: { name: `p${i}`, namespace: 'big' } });
    }
    c.api.delete('namespaces', undefined, 'big');
    c.settle();
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      c.store.remove('pods', 'big', `p${i}`);
      c.settle();
    }
    expect(performance.now() - t).toBeLessThan(3000);
    c.advance(6000);
    expect(c.api.tryGet('namespaces', undefined, 'big')).toBeUndefined();
  });
});
