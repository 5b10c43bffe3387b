import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';

const NOW = Date.UTC(2026, 10, 30, 3, 10, 0);
const ing = (spec: object, status: object = {}): KubeObject =>
  ({ metadata: { name: 'web', creationTimestamp: '2026-11-30T03:09:00Z' }, spec, status }) as KubeObject;
const cells = (o: KubeObject): string[] => toTable('ingresses.networking.k8s.io', [o], NOW).rows[0]!.cells;

describe('ingresses table', () => {
  it('shows class, hosts, address and ports as kubectl get ingress does', () => {
    expect(cells(ing({ rules: [{ host: 'web.example.com' }] }))).toEqual(['web', '<none>', 'web.example.com', '', '80', '60s']);
    expect(cells(ing({ ingressClassName: 'nginx', tls: [{ hosts: ['a.example.com'] }], rules: [{ host: 'a.example.com' }, { host: 'b.example.com' }] }, { loadBalancer: { ingress: [{ ip: '172.18.0.5' }] } })).slice(1, 5)).toEqual([
      'nginx', 'a.example.com,b.example.com', '172.18.0.5', '80, 443',
    ]);
  });
  it('shows * without hosts and counts hosts past three', () => {
    expect(cells(ing({ defaultBackend: {} }))[2]).toBe('*');
    expect(cells(ing({ rules: ['a', 'b', 'c', 'd', 'e'].map((h) => ({ host: `${h}.com` })) }))[2]).toBe('a.com,b.com,c.com + 2 more...');
  });
});
