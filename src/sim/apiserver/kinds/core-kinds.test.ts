import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { base64Decode } from '../../api/base64.ts';
import { createCluster } from '../../index.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Secret } from '../../kinds/generated-types.ts';

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

describe('services', () => {
  it('defaults and allocates a ClusterIP and NodePorts', () => {
    const c = createCluster({ seed: 11 });
    const svc = c.api.create('services', obj('Service', 'web', { spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } })).object;
    expect(svc.spec).toMatchObject({
      type: 'ClusterIP',
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
    });
    expect(svc.spec.clusterIP).toMatch(/^10\.96\.\d+\.\d+$/);
    expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
    expect(['10.96.0.1', '10.96.0.10']).not.toContain(svc.spec.clusterIP);
    expect(svc.status).toEqual({ loadBalancer: {} });
    const np = c.api.create('services', obj('Service', 'np', { spec: { type: 'NodePort', ports: [{ port: 80 }] } })).object;
    expect(np.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(np.spec.ports[0].nodePort).toBeLessThanOrEqual(32767);
    expect(np.spec.externalTrafficPolicy).toBe('Cluster');
    const ext = c.api.create('services', obj('Service', 'ext', { spec: { type: 'ExternalName', externalName: 'db.example.com' } })).object;
    expect(ext.spec.clusterIP).toBeUndefined();
  });

  it('validates ports with the real messages', () => {
    const c = createCluster({ seed: 11 });
    expect(error(() => c.api.create('services', obj('Service', 'badport', { spec: { ports: [{ port: 70000, targetPort: 80 }] } }))).message).toBe(
      'Service "badport" is invalid: spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
    );
    expect(error(() => c.api.create('services', obj('Service', 'np', { spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 8080 }] } }))).message).toBe(
      'Service "np" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    c.api.create('services', obj('Service', 'a', { spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] } }));
    expect(error(() => c.api.create('services', obj('Service', 'dup', { spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] } }))).message).toBe(
      'Service "dup" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
    );
    expect(error(() => c.api.modify('services', 'default', 'a', (o) => void (o.spec.clusterIP = '10.96.0.99'))).message).toBe(
      'Service "a" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set',
    );
    expect(error(() => c.api.modify('services', 'default', 'a', (o) => void (o.spec.clusterIPs = ['10.96.0.99']))).message).toBe(
      'Service "a" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set',
    );
  });

  it('allocates a NodePort when the type changes', () => {
    const c = createCluster({ seed: 11 });
    c.api.create('services', obj('Service', 'web', { spec: { ports: [{ port: 80 }] } }));
    const np = c.api.modify('services', 'default', 'web', (o) => void (o.spec.type = 'NodePort'));
    expect(np.spec.ports[0].nodePort).toBeGreaterThan(30000);
    const ext = c.api.modify('services', 'default', 'web', (o) => {
      o.spec.type = 'ExternalName';
      o.spec.externalName = 'x.example.com';
    });
    expect(ext.spec.clusterIP).toBeUndefined();
    expect(ext.spec.ports[0].nodePort).toBeUndefined();
    const back = c.api.modify('services', 'default', 'web', (o) => {
      o.spec.type = 'ClusterIP';
      delete o.spec.externalName;
    });
    expect(back.spec.clusterIP).toMatch(/^10\.96\./);
  });
});

describe('config maps and secrets', () => {
  it('rejects non-string ConfigMap data with the decode error', () => {
    const c = createCluster({ seed: 11 });
    const e = error(() => c.api.create('configmaps', obj('ConfigMap', 'cm-number', { data: { port: 8080, enabled: true } })));
    expect(e.message).toBe('ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal bool into Go struct field ConfigMap.data of type string');
    expect(error(() => c.api.create('configmaps', obj('ConfigMap', 'bad_name', { data: {} }))).message).toMatch(/^ConfigMap "bad_name" is invalid: metadata.name: Invalid value: "bad_name": a lowercase RFC 1123 subdomain/);
  });

  it('folds stringData into base64 data and defaults the type', () => {
    const c = createCluster({ seed: 11 });
    const s = c.api.create('secrets', obj('Secret', 'db-pass', { stringData: { username: 'admin', password: 's3cr3t!' } })).object as Secret;
    expect(s.data).toEqual({ username: 'YWRtaW4=', password: 'czNjcjN0IQ==' });
    expect(s.stringData).toBeUndefined();
    expect(s.type).toBe('Opaque');
    expect(base64Decode(s.data?.password ?? '')).toBe('s3cr3t!');
    expect(error(() => c.api.create('secrets', obj('Secret', 'tls', { type: 'kubernetes.io/tls', data: {} }))).details.causes!.map((x) => x.message)).toEqual([
      'data[tls.crt]: Required value',
      'data[tls.key]: Required value',
    ]);
    expect(error(() => c.api.create('secrets', obj('Secret', 'b64', { data: { a: '!!' } }))).message).toBe(
      'Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 0',
    );
  });
});

describe('namespaces', () => {
  it('get their label, finalizer, phase, default ServiceAccount and root CA', () => {
    const c = createCluster({ seed: 11 });
    const ns = c.api.create('namespaces', obj('Namespace', 'dev')).object;
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'dev' });
    expect(ns.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(ns.status).toEqual({ phase: 'Active' });
    c.settle();
    expect(c.api.tryGet('serviceaccounts', 'dev', 'default')).toBeDefined();
    expect(c.api.tryGet('configmaps', 'dev', 'kube-root-ca.crt')).toBeDefined();
    expect(error(() => c.api.create('namespaces', obj('Namespace', 'Dev'))).message).toMatch(
      /^Namespace "Dev" is invalid: metadata.name: Invalid value: "Dev": a lowercase RFC 1123 label must consist of/,
    );
  });
});
