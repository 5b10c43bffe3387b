import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { createCluster } from '../index.ts';
import { createClient, createClusterReader, type ClientWatchEvent } from './index.ts';

const pod = (name: string, labels: Record<string, string> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels },
  spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] },
});

const deployment = (name: string, replicas = 1) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } } },
});

function statusOf(f: () => unknown) {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.toStatus();
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('the REST client', () => {
  it('addresses a resource by group, version and resource, or as resource.group', () => {
    const c = createClient(createCluster());
    c.create('deployments.apps', deployment('web'));
    expect(c.get({ group: 'apps', version: 'v1', resource: 'deployments' }, 'default', 'web').metadata.name).toBe('web');
    expect(c.get({ group: 'apps', resource: 'deployments' }, 'default', 'web').metadata.name).toBe('web');
    expect(c.tryGet('deployments.apps', 'default', 'nope')).toBeUndefined();
    expect(statusOf(() => c.get({ group: 'apps', version: 'v9', resource: 'deployments' }, 'default', 'web'))).toMatchObject({
      code: 404,
      reason: 'NotFound',
      message: 'the server could not find the requested resource (deployments.apps)',
    });
  });

  it('fails with the Status object the server sends', () => {
    const c = createClient(createCluster());
    expect(statusOf(() => c.get('pods', 'default', 'ghost'))).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods "ghost" not found',
      reason: 'NotFound',
      details: { name: 'ghost', group: '', kind: 'pods' },
      code: 404,
    });
    c.create('pods', pod('a'));
    expect(statusOf(() => c.create('pods', pod('a')))).toMatchObject({ code: 409, reason: 'AlreadyExists' });
  });

  it('lists with label and field selectors given as strings, and refuses bad ones with a 400', () => {
    const c = createClient(createCluster());
    c.create('pods', pod('a', { app: 'web', tier: 'fe' }));
    c.create('pods', pod('b', { app: 'web' }));
    c.create('pods', pod('c', { app: 'db' }));
    const names = (o: { items: { metadata: { name?: string } }[] }) => o.items.map((p) => p.metadata.name);
    expect(names(c.list('pods', { namespace: 'default', labelSelector: 'app=web' }))).toEqual(['a', 'b']);
    expect(names(c.list('pods', { namespace: 'default', labelSelector: 'app in (web),!tier' }))).toEqual(['b']);
    expect(names(c.list('pods', { namespace: 'default', fieldSelector: 'metadata.name!=a', labelSelector: 'app=web' }))).toEqual(['b']);
    const list = c.list('pods', { namespace: 'default' });
    expect(list).toMatchObject({ apiVersion: 'v1', kind: 'PodList' });
    expect(Number(list.metadata.resourceVersion)).toBeGreaterThan(0);
    expect(statusOf(() => c.list('pods', { fieldSelector: 'spec.color=red' }))).toMatchObject({
      code: 400,
      message: 'Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.color=red": field label not supported: spec.color',
    });
    expect(statusOf(() => c.list('pods', { labelSelector: 'app in' }))).toMatchObject({ code: 400, reason: 'BadRequest' });
  });

  it('pages a list with limit and continue', () => {
    const c = createClient(createCluster());
    for (const n of ['a', 'b', 'c', 'd', 'e']) c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${n}`, namespace: 'p' === 'p' ? 'default' : '' } });
    const seen: string[] = [];
    let page = c.list('configmaps', { namespace: 'default', limit: 2 });
    seen.push(...page.items.map((o) => o.metadata.name!));
    expect(page.metadata.remainingItemCount).toBeGreaterThan(0);
    while (page.metadata.continue) {
      page = c.list('configmaps', { namespace: 'default', limit: 2, continue: page.metadata.continue });
      seen.push(...page.items.map((o) => o.metadata.name!));
    }
    expect(seen).toEqual(c.list('configmaps', { namespace: 'default' }).items.map((o) => o.metadata.name));
    expect(statusOf(() => c.list('configmaps', { continue: 'not-a-token' }))).toMatchObject({ code: 400 });
  });

  it('watches with a selector: objects entering or leaving it arrive as ADDED and DELETED, and bookmarks on request', () => {
    const cluster = createCluster();
    const c = createClient(cluster);
    c.create('pods', pod('a', { app: 'web' }));
    c.create('pods', pod('b', { app: 'db' }));
    const events: string[] = [];
    const stop = c.watch('pods', { namespace: 'default', labelSelector: 'app=web', allowWatchBookmarks: true }, (e: ClientWatchEvent) =>
      events.push(`${e.type} ${e.object.metadata.name ?? ''}`),
    );
    const relabel = (name: string, app: string) => {
      const live = c.get('pods', 'default', name);
      c.update('pods', { ...live, metadata: { ...live.metadata, labels: { app } } });
    };
    relabel('b', 'web');
    relabel('a', 'db');
    stop.bookmark();
    c.delete('pods', 'default', 'a', { gracePeriodSeconds: 0 });
    stop();
    relabel('b', 'db');
    expect(events).toEqual(['ADDED b', 'DELETED a', 'BOOKMARK ']);
  });

  it('patches with the three patch types, writing nothing when nothing changes', () => {
    const c = createClient(createCluster());
    c.create('deployments.apps', deployment('web'));
    const rv = c.get('deployments.apps', 'default', 'web').metadata.resourceVersion;
    const same = c.patch('deployments.apps', 'default', 'web', 'merge', { spec: { replicas: 1 } });
    expect(same.object.metadata.resourceVersion).toBe(rv);
    expect(c.patch('deployments.apps', 'default', 'web', 'strategic', { spec: { replicas: 3 } }).object.spec.replicas).toBe(3);
    const env = { spec: { template: { spec: { containers: [{ name: 'app', env: [{ name: 'A', value: '1' }] }] } } } };
    const s = c.patch('deployments.apps', 'default', 'web', 'strategic', env).object;
    expect(s.spec.template.spec.containers[0]).toMatchObject({ name: 'app', image: 'nginx:1.27', env: [{ name: 'A', value: '1' }] });
    const j = c.patch('deployments.apps', 'default', 'web', 'json', [{ op: 'replace', path: '/spec/replicas', value: 5 }]).object;
    expect(j.spec.replicas).toBe(5);
    expect(statusOf(() => c.patch('deployments.apps', 'default', 'web', 'json', [{ op: 'remove', path: '/spec/nothing' }]))).toMatchObject({ code: 422 });
    expect(statusOf(() => c.patch('deployments.apps', 'default', 'web', 'merge', [1]))).toMatchObject({ code: 400 });
  });

  it('deletes with dryRun and a propagation policy', () => {
    const c = createClient(createCluster());
    c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } });
    c.delete('configmaps', 'default', 'x', { dryRun: true });
    expect(c.tryGet('configmaps', 'default', 'x')).toBeDefined();
    c.create('deployments.apps', deployment('web'));
    const marked = c.delete('deployments.apps', 'default', 'web', { propagationPolicy: 'Foreground' });
    expect(marked.metadata.finalizers).toContain('foregroundDeletion');
    c.delete('configmaps', 'default', 'x');
    expect(c.tryGet('configmaps', 'default', 'x')).toBeUndefined();
  });

  it('serves the scale, binding and eviction subresources', () => {
    const cluster = createCluster();
    const c = createClient(cluster);
    c.create('deployments.apps', deployment('web', 2));
    expect(c.getScale('deployments.apps', 'default', 'web')).toMatchObject({ kind: 'Scale', spec: { replicas: 2 }, status: { selector: 'app=web' } });
    expect(c.updateScale('deployments.apps', 'default', 'web', { spec: { replicas: 4 } }).spec.replicas).toBe(4);
    expect(c.get('deployments.apps', 'default', 'web').spec?.replicas).toBe(4);
    const read = c.getScale('deployments.apps', 'default', 'web');
    expect(c.updateScale('deployments.apps', 'default', 'web', { metadata: read.metadata, spec: { replicas: 3 } }).spec.replicas).toBe(3);
    // The Scale read before that write is stale now.
    expect(statusOf(() => c.updateScale('deployments.apps', 'default', 'web', { metadata: read.metadata, spec: { replicas: 1 } }))).toMatchObject({ code: 409 });
    expect(c.get('deployments.apps', 'default', 'web').spec?.replicas).toBe(3);
    expect(statusOf(() => c.getScale('configmaps', 'default', 'x'))).toMatchObject({ code: 404 });

    c.create('pods', { ...pod('manual'), spec: { ...pod('manual').spec, schedulerName: 'nobody' } });
    c.bind('default', 'manual', 'kind-worker');
    expect(c.get('pods', 'default', 'manual').spec?.nodeName).toBe('kind-worker');
    expect(statusOf(() => c.bind('default', 'manual', 'kind-worker2'))).toMatchObject({
      code: 409,
      message: 'Operation cannot be fulfilled on pods/binding "manual": pod manual is already assigned to node "kind-worker"',
    });

    c.create('pods', pod('guarded', { app: 'guarded' }));
    const pdb = c.create('poddisruptionbudgets.policy', {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'keep', namespace: 'default' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'guarded' } } },
    }).object;
    cluster.api.updateStatus('pods', 'default', 'guarded', { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] });
    c.updateStatus('poddisruptionbudgets.policy', { ...pdb, status: { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1, observedGeneration: 1 } });
    expect(statusOf(() => c.evict('default', 'guarded'))).toMatchObject({ code: 429, reason: 'TooManyRequests' });
    c.create('pods', pod('free', { app: 'free' }));
    c.evict('default', 'free', { gracePeriodSeconds: 0 });
    expect(c.tryGet('pods', 'default', 'free')?.metadata.deletionTimestamp ?? 'gone').toBeTruthy();
  });

  it('discovers groups and resources, core group first', () => {
    const c = createClient(createCluster());
    const groups = c.discovery.groups();
    expect(groups[0]).toEqual({ name: '', versions: ['v1'], preferredVersion: 'v1' });
    expect(groups.find((g) => g.name === 'apps')?.versions).toEqual(['v1']);
    expect(c.discovery.resources('apps/v1').map((t) => t.plural)).toContain('deployments');
    expect(c.discovery.resolve('deploy')?.plural).toBe('deployments');
    expect(c.discovery.serverVersion()).toBe('v1.32.6');
  });

  it('gives exercises a reader with no way to write', () => {
    const reader = createClusterReader(createCluster());
    expect('create' in reader || 'update' in reader || 'delete' in reader || 'patch' in reader).toBe(false);
    expect(reader.list('nodes').items.length).toBeGreaterThan(0);
    expect(reader.probes.dns('kubernetes.default.svc.cluster.local', 'A')).toBeDefined();
  });
});
