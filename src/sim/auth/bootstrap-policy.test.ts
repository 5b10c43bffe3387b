import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';
import { createClient } from '../client/client.ts';
import { authorize } from './rbac.ts';
import { aggregatedRules } from './clusterrole-aggregation.ts';
import type { KubeObject } from '../api/types.ts';

const CR = 'clusterroles.rbac.authorization.k8s.io';
const CRB = 'clusterrolebindings.rbac.authorization.k8s.io';

describe('the bootstrap RBAC policy of a kind cluster', () => {
  it('stays in reserve until a request needs it, without moving the cluster’s resourceVersions or random draws', () => {
    const untouched = createCluster({ seed: 3 });
    const touched = createCluster({ seed: 3 });
    const rv = touched.store.currentRV();
    expect(touched.store.count(CR)).toBe(0);
    const roles = createClient(touched).list(CR).items;
    expect(roles.length).toBeGreaterThan(60);
    expect(touched.store.currentRV()).toBeGreaterThan(rv);
    // The objects that were there keep their versions; the next random draw is the same.
    expect(touched.api.get('services', 'default', 'kubernetes').metadata.resourceVersion).toBe(
      untouched.api.get('services', 'default', 'kubernetes').metadata.resourceVersion,
    );
    expect(touched.random.uuid()).toBe(untouched.random.uuid());
  });

  it('holds the API server’s, kubeadm’s and kind’s roles and bindings, labelled and annotated as the API server writes its own', () => {
    const c = createCluster({ seed: 3 });
    const client = createClient(c);
    const view = client.get(CR, undefined, 'view') as KubeObject & { rules: unknown[] };
    expect(view.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults', 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' });
    expect(view.metadata.annotations).toEqual({ 'rbac.authorization.kubernetes.io/autoupdate': 'true' });
    expect(view.rules.length).toBe(10);
    expect(client.get(CRB, undefined, 'cluster-admin')).toMatchObject({
      roleRef: { kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [{ kind: 'Group', name: 'system:masters' }],
    });
    expect(client.get(CRB, undefined, 'kubeadm:cluster-admins').metadata.labels).toBeUndefined();
    expect(client.get(CRB, undefined, 'system:controller:deployment-controller')).toMatchObject({
      subjects: [{ kind: 'ServiceAccount', name: 'deployment-controller', namespace: 'kube-system' }],
    });
    expect(client.get(CRB, undefined, 'system:node')).not.toHaveProperty('subjects');
    expect(client.list('roles.rbac.authorization.k8s.io', { namespace: 'kube-system' }).items.map((r) => r.metadata.name)).toContain('kubeadm:kubelet-config');
    // admin aggregates edit, which aggregates view.
    const admin = client.get(CR, undefined, 'admin') as KubeObject & { rules: { resources?: string[] }[] };
    expect(admin.rules.some((r) => r.resources?.includes('pods/log'))).toBe(true);
    expect(admin.rules.some((r) => r.resources?.includes('rolebindings'))).toBe(true);
  });

  it('decides for a service account bound to view in one namespace', () => {
    const c = createCluster({ seed: 3 });
    const client = createClient(c);
    client.create('rolebindings.rbac.authorization.k8s.io', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'dev-view', namespace: 'default' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [{ kind: 'ServiceAccount', name: 'dev', namespace: 'default' }],
    });
    const dev = { username: 'system:serviceaccount:default:dev', groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] };
    const can = (verb: string, resource: string, namespace = 'default', group = '') => authorize(c.store, dev, { verb, group, resource, namespace, name: '' });
    expect(can('list', 'pods')).toBe(true);
    expect(can('watch', 'deployments', 'default', 'apps')).toBe(true);
    expect(can('get', 'secrets')).toBe(false);
    expect(can('create', 'pods')).toBe(false);
    expect(can('list', 'pods', 'kube-system')).toBe(false);
  });

  it('extends view with a learner’s role labelled aggregate-to-view, through the aggregation controller', () => {
    const c = createCluster({ seed: 3 });
    const client = createClient(c);
    client.create(CR, {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'lease-reader', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } },
      rules: [{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get'] }],
    } as KubeObject);
    c.settle();
    const has = (name: string) =>
      ((client.get(CR, undefined, name) as KubeObject & { rules: { resources?: string[] }[] }).rules ?? []).some(
        (r) => r.resources?.includes('leases') && r.resources.length === 1,
      );
    expect(has('view')).toBe(true);
    expect(has('edit')).toBe(true);
    client.delete(CR, undefined, 'lease-reader');
    c.settle();
    expect(has('view')).toBe(false);
  });
});

describe('aggregatedRules', () => {
  const role = (name: string, labels: Record<string, string>, rules: unknown[], agg?: string): KubeObject =>
    ({ metadata: { name, labels }, rules, ...(agg ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [agg]: 'true' } }] } } : {}) }) as unknown as KubeObject;

  it('takes the matching roles in name order, each rule once, never the role itself', () => {
    const a = { apiGroups: [''], resources: ['pods'], verbs: ['get'] };
    const b = { apiGroups: [''], resources: ['secrets'], verbs: ['get'] };
    const target = role('t', { x: 'true' }, [], 'x');
    const all = [role('z', { x: 'true' }, [b, a]), role('m', { x: 'true' }, [a]), target, role('other', {}, [b])];
    expect(aggregatedRules(target, all)).toEqual([a, b]);
    expect(aggregatedRules(role('none', {}, [], 'y'), all)).toBeUndefined();
  });
});
