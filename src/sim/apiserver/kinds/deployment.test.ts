import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { Cluster } from '../../cluster.ts';
import { toTable } from '../../testing/default-api.ts';
import { installDefaultKinds } from '../../testing/default-api.ts';

const D = 'deployments.apps';

function cluster(): Cluster {
  const c = new Cluster();
  installDefaultKinds(c.api);
  c.store.put('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', uid: 'ns' } });
  return c;
}

function manifest(name = 'web', mutate: (d: KubeObject) => void = () => {}): KubeObject {
  const d: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { app: name } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
    },
  };
  mutate(d);
  return d;
}

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('Deployment admission', () => {
  it('defaults like a 1.32 API server', () => {
    const d = cluster().api.create(D, manifest('web', (m) => delete m.spec.replicas)).object;
    expect(d.metadata.generation).toBe(1);
    expect(d.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
    });
    expect(d.spec.minReadySeconds).toBeUndefined();
    expect(d.spec.template.metadata).toEqual({ creationTimestamp: null, labels: { app: 'web' } });
    expect(d.spec.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', terminationGracePeriodSeconds: 30, schedulerName: 'default-scheduler', securityContext: {} });
    expect(d.spec.template.spec.containers[0]).toMatchObject({ imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', resources: {} });
  });

  it('adds no rollingUpdate for Recreate, and forbids one', () => {
    const c = cluster();
    expect(c.api.create(D, manifest('a', (m) => (m.spec.strategy = { type: 'Recreate' }))).object.spec.strategy).toEqual({ type: 'Recreate' });
    const e = error(() => c.api.create(D, manifest('b', (m) => (m.spec.strategy = { type: 'Recreate', rollingUpdate: {} }))));
    expect(e.message).toBe("Deployment.apps \"b\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'");
  });

  it('rejects a selector that does not match the template labels', () => {
    const e = error(() => cluster().api.create(D, manifest('mismatch', (m) => (m.spec.template.metadata.labels = { app: 'frontend' }))));
    expect(e.reason).toBe('Invalid');
    expect(e.details.causes!.map((x) => x.message)).toEqual([
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"frontend"}: `selector` does not match template `labels`',
    ]);
  });

  it('requires a selector (and a nil selector matches nothing)', () => {
    const e = error(() => cluster().api.create(D, manifest('nosel', (m) => delete m.spec.selector)));
    expect(e.details.causes!.map((x) => x.message)).toEqual([
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"nosel"}: `selector` does not match template `labels`',
    ]);
  });

  it('keeps the selector immutable', () => {
    const c = cluster();
    c.api.create(D, manifest());
    const e = error(() => c.api.modify(D, 'default', 'web', (o) => (o.spec.selector = { matchLabels: { app: 'other' } })));
    expect(e.details.causes!.map((x) => x.message)).toEqual([
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`',
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
  });

  it('rejects negative replicas, zero surge and unavailability, restartPolicy other than Always', () => {
    const c = cluster();
    expect(error(() => c.api.create(D, manifest('web', (m) => (m.spec.replicas = -1)))).message).toBe(
      'Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
    const zero = error(() => c.api.create(D, manifest('z', (m) => (m.spec.strategy = { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }))));
    expect(zero.details.causes!.map((x) => x.message)).toEqual([
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0',
    ]);
    const never = error(() => c.api.create(D, manifest('n', (m) => (m.spec.template.spec.restartPolicy = 'Never'))));
    expect(never.details.causes!.map((x) => x.message)).toEqual(['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']);
    const pct = error(() => c.api.create(D, manifest('p', (m) => (m.spec.strategy = { rollingUpdate: { maxSurge: '10', maxUnavailable: '120%' } }))));
    expect(pct.details.causes!.map((x) => x.message)).toEqual([
      "spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"10\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%',
    ]);
  });

  it('decodes strictly: unknown fields and wrong types are BadRequest', () => {
    const c = cluster();
    const unknown = error(() => c.api.create(D, manifest('web', (m) => (m.spec.replica = 3))));
    expect(unknown.reason).toBe('BadRequest');
    expect(unknown.message).toBe('Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"');
    const nested = error(() => c.api.create(D, manifest('web', (m) => (m.spec.strategy = { rollingUpdate: { maxSurge: 1, surge: 2 } }))));
    expect(nested.message).toContain('unknown field "spec.strategy.rollingUpdate.surge"');
    const typed = error(() => c.api.create(D, manifest('web', (m) => (m.spec.replicas = 'three'))));
    expect(typed.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
  });

  it('validates ReplicaSets with the same selector and template rules', () => {
    const c = cluster();
    const rs = manifest('rs', (m) => {
      m.kind = 'ReplicaSet';
      delete m.spec.replicas;
    });
    expect(c.api.create('replicasets.apps', rs).object.spec.replicas).toBe(1);
    const bad = { ...rs, metadata: { name: 'rs2' }, spec: { ...rs.spec, selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } } };
    expect(error(() => c.api.create('replicasets.apps', bad)).details.causes!.map((x) => x.message)).toEqual([
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"rs"}: `selector` does not match template `labels`',
    ]);
  });
});

describe('Deployment and ReplicaSet tables', () => {
  it('prints the columns kubectl shows', () => {
    const now = Date.UTC(2026, 10, 30, 3, 0, 4);
    const d: KubeObject = {
      ...manifest(),
      metadata: { name: 'web', creationTimestamp: '2026-11-30T03:00:00Z' },
      status: { replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 },
    };
    const t = toTable(D, [d], now);
    expect(t.columns.map((c) => `${c.name}:${c.priority}`)).toEqual(['Name:0', 'Ready:0', 'Up-to-date:0', 'Available:0', 'Age:0', 'Containers:1', 'Images:1', 'Selector:1']);
    expect(t.rows[0]!.cells).toEqual(['web', '3/3', '3', '3', '4s', 'nginx', 'nginx:1.25', 'app=web']);
    const fresh = toTable(D, [{ ...d, status: undefined }], now).rows[0]!.cells;
    expect(fresh.slice(0, 4)).toEqual(['web', '0/3', '0', '0']);
    const rs: KubeObject = {
      ...d,
      kind: 'ReplicaSet',
      metadata: { name: 'web-7b84c5f95f', creationTimestamp: '2026-11-30T03:00:00Z' },
      spec: { ...d.spec, selector: { matchLabels: { app: 'web', 'pod-template-hash': '7b84c5f95f' } } },
      status: { replicas: 3, readyReplicas: 2 },
    };
    const rt = toTable('replicasets.apps', [rs], now);
    expect(rt.columns.map((c) => c.name)).toEqual(['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
    expect(rt.rows[0]!.cells).toEqual(['web-7b84c5f95f', '3', '3', '2', '4s', 'nginx', 'nginx:1.25', 'app=web,pod-template-hash=7b84c5f95f']);
  });
});

describe('Deployment generation', () => {
  it('bumps on spec and annotation changes, not on status writes, and ignores a status on create', () => {
    const c = cluster();
    const created = c.api.create(D, manifest('web', (m) => (m.status = { replicas: 99 }))).object;
    expect(created.status).toBeUndefined();
    expect(c.api.modify(D, 'default', 'web', (o) => (o.spec.replicas = 4)).metadata.generation).toBe(2);
    expect(c.api.modify(D, 'default', 'web', (o) => (o.metadata.annotations = { 'kubernetes.io/change-cause': 'x' })).metadata.generation).toBe(3);
    expect(c.api.modify(D, 'default', 'web', (o) => (o.metadata.labels = { app: 'web', tier: 'fe' })).metadata.generation).toBe(3);
    expect(c.api.modifyStatus(D, 'default', 'web', (o) => (o.metadata.annotations = { ...o.metadata.annotations, 'deployment.kubernetes.io/revision': '1' })).metadata.generation).toBe(3);
  });
});
