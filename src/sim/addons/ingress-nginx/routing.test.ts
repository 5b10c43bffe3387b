import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { pathMatches, route } from './routing.ts';

const be = (name: string, number = 80) => ({ service: { name, port: { number } } });
const ing = (name: string, spec: Record<string, unknown>, created = '2026-11-30T03:00:00Z'): KubeObject => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name, namespace: 'default', creationTimestamp: created },
  spec,
});
const rule = (host: string | undefined, paths: [string, string, string][]) => ({
  ...(host ? { host } : {}),
  http: { paths: paths.map(([path, pathType, svc]) => ({ path, pathType, backend: be(svc) })) },
});
const target = (d: ReturnType<typeof route>) => (d.kind === 'backend' ? d.backend.name : d.kind);

describe('ingress-nginx routing', () => {
  it('matches Prefix paths element by element, Exact paths exactly', () => {
    expect(pathMatches('Prefix', '/foo', '/foo')).toBe(true);
    expect(pathMatches('Prefix', '/foo', '/foo/bar')).toBe(true);
    expect(pathMatches('Prefix', '/foo/', '/foo')).toBe(true);
    expect(pathMatches('Prefix', '/foo', '/foobar')).toBe(false);
    expect(pathMatches('Prefix', '/', '/anything')).toBe(true);
    expect(pathMatches('Exact', '/foo', '/foo/')).toBe(false);
    expect(pathMatches('ImplementationSpecific', '/foo', '/foobar')).toBe(true);
  });

  it('takes the longest matching path, and Exact over Prefix on a tie', () => {
    const i = ing('a', { rules: [rule('shop.example.com', [['/', 'Prefix', 'web'], ['/api', 'Prefix', 'api'], ['/api', 'Exact', 'api-root'], ['/api/v2', 'Prefix', 'api2']])] });
    const go = (p: string) => target(route([i], 'shop.example.com', p, false));
    expect(go('/')).toBe('web');
    expect(go('/api')).toBe('api-root');
    expect(go('/api/users')).toBe('api');
    expect(go('/api/v2/users')).toBe('api2');
    expect(go('/apis')).toBe('web');
  });

  it('picks the server by Host: exact, then a one-label wildcard, then the rules without host', () => {
    const i = ing('a', { rules: [rule('a.example.com', [['/', 'Prefix', 'a']]), rule('*.example.com', [['/', 'Prefix', 'wild']]), rule(undefined, [['/', 'Prefix', 'any']])] });
    expect(target(route([i], 'a.example.com', '/', false))).toBe('a');
    expect(target(route([i], 'A.Example.com:80', '/', false))).toBe('a');
    expect(target(route([i], 'b.example.com', '/', false))).toBe('wild');
    expect(target(route([i], 'x.b.example.com', '/', false))).toBe('any');
    expect(target(route([i], '10.96.0.20', '/', false))).toBe('any');
  });

  it('answers 404 when nothing matches, unless an Ingress of that host has a defaultBackend', () => {
    const plain = ing('a', { rules: [rule('a.example.com', [['/app', 'Prefix', 'app']])] });
    expect(route([plain], 'a.example.com', '/other', false)).toEqual({ kind: 'not-found' });
    expect(route([plain], 'nobody.example.com', '/', false)).toEqual({ kind: 'not-found' });
    const withDefault = ing('b', { defaultBackend: be('fallback'), rules: [rule('a.example.com', [['/app', 'Prefix', 'app']])] });
    expect(target(route([withDefault], 'a.example.com', '/other', false))).toBe('fallback');
    expect(target(route([withDefault], 'nobody.example.com', '/', false))).toBe('fallback');
  });

  it('redirects plain HTTP to HTTPS for a TLS host, and serves it over HTTPS', () => {
    const i = ing('a', { tls: [{ hosts: ['a.example.com'], secretName: 'a-tls' }], rules: [rule('a.example.com', [['/', 'Prefix', 'a']])] });
    expect(route([i], 'a.example.com', '/x?y=1', false)).toEqual({ kind: 'redirect', location: 'https://a.example.com/x?y=1' });
    expect(target(route([i], 'a.example.com', '/x?y=1', true))).toBe('a');
  });

  it('lets the oldest Ingress keep a path two of them define', () => {
    const older = ing('old', { rules: [rule('a.example.com', [['/', 'Prefix', 'old']])] }, '2026-11-30T03:00:00Z');
    const newer = ing('new', { rules: [rule('a.example.com', [['/', 'Prefix', 'new']])] }, '2026-11-30T03:05:00Z');
    expect(target(route([older, newer], 'a.example.com', '/', false))).toBe('old');
  });
});
