import { describe, expect, it } from 'vitest';
import { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { installDefaultKinds } from '../../testing/default-api.ts';

function cluster(): Cluster {
  const c = new Cluster();
  installDefaultKinds(c.api);
  c.store.put('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' }, status: { phase: 'Active' } });
  return c;
}

const ingress = (name: string, path: Record<string, unknown>): KubeObject => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name, namespace: 'default' },
  spec: { rules: [{ host: 'example.com', http: { paths: [path] } }] },
});

describe('ingress admission', () => {
  it('requires a port on a service backend, as the 1.32 API server does', () => {
    const c = cluster();
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('noback', { path: '/', pathType: 'Prefix', backend: { service: { name: 'web' } } }))).toThrow(
      '"noback" is invalid: spec.rules[0].http.paths[0].backend: Required value: port name or number is required',
    );
  });

  it('requires pathType and an absolute path for Prefix', () => {
    const c = cluster();
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('a', { path: '/', backend: { service: { name: 'web', port: { number: 80 } } } }))).toThrow(
      'spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified',
    );
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('b', { path: 'app', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }))).toThrow(
      'spec.rules[0].http.paths[0].path: Invalid value: "app": must be an absolute path',
    );
  });

  it('refuses hosts that are not DNS names, and paths with empty or dot segments', () => {
    const c = cluster();
    const ok = { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } };
    const withHost = (name: string, host: string) => ({ ...ingress(name, ok), spec: { rules: [{ host, http: { paths: [ok] } }] } });
    expect(() => c.api.create('ingresses.networking.k8s.io', withHost('h1', '10.0.0.1'))).toThrow('spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address');
    expect(() => c.api.create('ingresses.networking.k8s.io', withHost('h2', 'Web_App.com'))).toThrow('spec.rules[0].host: Invalid value: "Web_App.com": a lowercase RFC 1123 subdomain must consist of');
    expect(() => c.api.create('ingresses.networking.k8s.io', withHost('h3', 'a.*.com'))).toThrow("spec.rules[0].host: Invalid value: \"a.*.com\": a wildcard DNS-1123 subdomain must start with '*.'");
    expect(c.api.create('ingresses.networking.k8s.io', withHost('h4', '*.example.com')).object.status).toEqual({ loadBalancer: {} });
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('p1', { ...ok, path: '/a//b' }))).toThrow(`spec.rules[0].http.paths[0].path: Invalid value: "/a//b": must not contain '//'`);
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('p2', { ...ok, pathType: 'Exact', path: '/a/..' }))).toThrow(`spec.rules[0].http.paths[0].path: Invalid value: "/a/..": cannot end with '/..'`);
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('p3', { ...ok, pathType: 'ImplementationSpecific', path: 'app' }))).toThrow('"app": must be an absolute path');
  });

  it('gives an Ingress without class the one default IngressClass, and refuses it when there are two', () => {
    const c = cluster();
    const ok = { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } };
    const cls = (name: string) => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'IngressClass',
      metadata: { name, annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } },
      spec: { controller: `example.com/${name}` },
    });
    c.api.create('ingressclasses.networking.k8s.io', cls('first'));
    expect(c.api.create('ingresses.networking.k8s.io', ingress('one', ok)).object.spec?.ingressClassName).toBe('first');
    c.api.create('ingressclasses.networking.k8s.io', cls('second'));
    expect(() => c.api.create('ingresses.networking.k8s.io', ingress('two', ok))).toThrow('ingresses.networking.k8s.io "two" is forbidden: 2 default IngressClasses were found, only 1 allowed');
    const named = ingress('three', ok);
    named.spec = { ...named.spec, ingressClassName: 'second' };
    expect(c.api.create('ingresses.networking.k8s.io', named).object.spec?.ingressClassName).toBe('second');
  });

  it('accepts a complete ingress', () => {
    const c = cluster();
    const created = c.api.create('ingresses.networking.k8s.io', ingress('ok', { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }));
    expect(created.object.metadata.name).toBe('ok');
  });
});
