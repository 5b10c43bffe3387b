import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ApiError } from '../../api/errors.ts';
import { createCluster } from '../../index.ts';
import type { KubeObject } from '../../api/types.ts';

/** The `kubectl get pod nginx -o yaml` spec from a real 1.32 cluster (transcripts/03-pods.txt). */
const REAL_SPEC = parse(`
containers:
- image: nginx
  imagePullPolicy: Always
  name: nginx
  resources: {}
  terminationMessagePath: /dev/termination-log
  terminationMessagePolicy: File
  volumeMounts:
  - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
    name: kube-api-access-f4vr8
    readOnly: true
dnsPolicy: ClusterFirst
enableServiceLinks: true
preemptionPolicy: PreemptLowerPriority
priority: 0
restartPolicy: Always
schedulerName: default-scheduler
securityContext: {}
serviceAccount: default
serviceAccountName: default
terminationGracePeriodSeconds: 30
tolerations:
- effect: NoExecute
  key: node.kubernetes.io/not-ready
  operator: Exists
  tolerationSeconds: 300
- effect: NoExecute
  key: node.kubernetes.io/unreachable
  operator: Exists
  tolerationSeconds: 300
volumes:
- name: kube-api-access-f4vr8
  projected:
    defaultMode: 420
    sources:
    - serviceAccountToken:
        expirationSeconds: 3607
        path: token
    - configMap:
        items:
        - key: ca.crt
          path: ca.crt
        name: kube-root-ca.crt
    - downwardAPI:
        items:
        - fieldRef:
            apiVersion: v1
            fieldPath: metadata.namespace
          path: namespace
`);

function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
  return v;
}

const pod = (spec: object, name = 'nginx', extra: object = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { run: name } }, spec, ...extra });

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('pod admission', () => {
  it('defaults a pod exactly as a 1.32 API server does', () => {
    const c = createCluster({ seed: 3 });
    const { object } = c.api.create('pods', pod({ containers: [{ name: 'nginx', image: 'nginx' }] }), { dryRun: true });
    const vol = object.spec.volumes[0].name as string;
    expect(vol).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const expected = JSON.parse(JSON.stringify(REAL_SPEC).replaceAll('kube-api-access-f4vr8', vol));
    expect(sorted(object.spec)).toEqual(sorted(expected));
    expect(object.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  it('drops supplementalGroupsPolicy, whose feature gate is off in 1.32, and keeps the rest of the securityContext', () => {
    const c = createCluster({ seed: 3 });
    const sc = { runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [4000], supplementalGroupsPolicy: 'Strict' };
    const { object } = c.api.create('pods', pod({ securityContext: sc, containers: [{ name: 'c', image: 'busybox:1.28' }] }), { dryRun: true });
    expect(object.spec.securityContext).toEqual({ runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [4000] });
  });

  it('picks IfNotPresent for tagged images and copies limits into requests', () => {
    const c = createCluster({ seed: 3 });
    const { object } = c.api.create(
      'pods',
      pod({ containers: [{ name: 'web', image: 'nginx:1.25', ports: [{ containerPort: 80 }], resources: { limits: { cpu: '500m', memory: '128Mi' } } }] }),
      { dryRun: true },
    );
    const ctr = object.spec.containers[0];
    expect(ctr.imagePullPolicy).toBe('IfNotPresent');
    expect(ctr.ports).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(ctr.resources.requests).toEqual({ cpu: '500m', memory: '128Mi' });
    expect(object.status.qosClass).toBe('Guaranteed');
    const canon = c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: 0.5, memory: 1000000000 }, limits: { cpu: 1 } } }] }, 'q'), { dryRun: true });
    expect(canon.object.spec.containers[0].resources).toEqual({ requests: { cpu: '500m', memory: '1G' }, limits: { cpu: '1' } });
    expect(canon.object.status.qosClass).toBe('Burstable');
  });

  it('reports validation errors with the real messages', () => {
    const c = createCluster({ seed: 3 });
    expect(error(() => c.api.create('pods', pod({ containers: [] }, 'empty'))).message).toBe('Pod "empty" is invalid: spec.containers: Required value');
    expect(error(() => c.api.create('pods', pod({ containers: [{ name: 'a' }] }, 'noimage'))).message).toBe(
      'Pod "noimage" is invalid: spec.containers[0].image: Required value',
    );
    expect(error(() => c.api.create('pods', pod({ containers: [{ name: 'web', image: 'x' }, { name: 'web', image: 'y' }] }, 'dup'))).message).toBe(
      'Pod "dup" is invalid: spec.containers[1].name: Duplicate value: "web"',
    );
    const res = error(() =>
      c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '2', memory: '1Gi' }, limits: { cpu: '1', memory: '512Mi' } } }] }, 'badres')),
    );
    expect(res.details.causes!.map((x) => x.message)).toEqual([
      'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      'spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 512Mi',
    ]);
    const bad = error(() => c.api.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'My_Pod' }, spec: { containers: [{ name: 'Web_Server', image: 'nginx' }] } }));
    expect(bad.details.causes!.map((x) => x.message)).toEqual([
      `metadata.name: Invalid value: "My_Pod": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      `spec.containers[0].name: Invalid value: "Web_Server": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    ]);
    const lbl = error(() => c.api.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'badlabel', labels: { app: 'my app!' } }, spec: { containers: [{ name: 'a', image: 'x' }] } }));
    expect(lbl.message).toBe(
      `Pod "badlabel" is invalid: metadata.labels: Invalid value: "my app!": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    );
    const rp = error(() => c.api.create('pods', pod({ restartPolicy: 'Sometimes', containers: [{ name: 'a', image: 'x' }] }, 'rp')));
    expect(rp.message).toBe('Pod "rp" is invalid: spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"');
  });

  it('rejects bad quantities and unknown fields at decoding', () => {
    const c = createCluster({ seed: 3 });
    const q = error(() => c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', resources: { limits: { memory: '1GB' } } }] }, 'q')));
    expect(q.reason).toBe('BadRequest');
    expect(q.message).toBe(
      `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    );
    const env = error(() => c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', env: [{ name: 'PORT', value: 8080 }] }] }, 'e')));
    expect(env.message).toBe('Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field EnvVar.spec.containers.env.value of type string');
    const cmd = error(() => c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', command: 'sleep 10' }] }, 'cmd')));
    expect(cmd.message).toBe('Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field Container.spec.containers.command of type []string');
    const u = error(() => c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', port: 80 }] }, 'u')));
    expect(u.message).toBe('Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].port"');
    const w = c.api.create('pods', pod({ containers: [{ name: 'a', image: 'x', port: 80 }] }, 'w'), { fieldValidation: 'Warn', dryRun: true });
    expect(w.warnings).toEqual(['unknown field "spec.containers[0].port"']);
  });

  it('allows image updates and forbids other spec changes', () => {
    const c = createCluster({ seed: 3 });
    c.api.create('pods', pod({ containers: [{ name: 'a', image: 'nginx:1.25' }] }, 'up'));
    const updated = c.api.modify('pods', 'default', 'up', (o) => void (o.spec.containers[0].image = 'nginx:1.26'));
    expect(updated.spec.containers[0].image).toBe('nginx:1.26');
    const e = error(() => c.api.modify('pods', 'default', 'up', (o) => void (o.spec.restartPolicy = 'Never')));
    expect(e.message).toContain('Pod "up" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,');
    expect(e.message).toContain('- \tRestartPolicy: "Always",\n+ \tRestartPolicy: "Never",');
  });

  it('needs a named service account to exist', () => {
    const c = createCluster({ seed: 3 });
    const e = error(() => c.api.create('pods', pod({ serviceAccountName: 'robot', containers: [{ name: 'a', image: 'x' }] }, 'x')));
    expect(e.reason).toBe('Forbidden');
    expect(e.message).toBe('pods "x" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
    c.api.create('serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } });
    const ok = c.api.create('pods', pod({ serviceAccountName: 'robot', automountServiceAccountToken: false, containers: [{ name: 'a', image: 'x' }] }, 'y')).object;
    expect(ok.spec.serviceAccount).toBe('robot');
    expect(ok.spec.volumes).toBeUndefined();
  });
});

describe('sortFieldPaths', () => {
  it('orders paths as sorted JSON keys, indexes numerically', async () => {
    const { sortFieldPaths } = await import('./pod-spec.ts');
    expect(sortFieldPaths(['spec.containers[10].x', 'spec.b', 'metadata.z', 'spec.containers[2].port', 'foo'])).toEqual([
      'foo',
      'metadata.z',
      'spec.b',
      'spec.containers[2].port',
      'spec.containers[10].x',
    ]);
  });
});
