import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';

const NOW = Date.UTC(2026, 10, 30, 3, 10, 0);
const slice = (extra: object): KubeObject =>
  ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-x2v4k', creationTimestamp: '2026-11-30T03:09:40Z' }, addressType: 'IPv4', ...extra }) as KubeObject;
const cells = (o: KubeObject): string[] => toTable('endpointslices.discovery.k8s.io', [o], NOW).rows[0]!.cells;

describe('endpointslices table', () => {
  it('lists ports and addresses as kubectl get endpointslices shows them', () => {
    const o = slice({ ports: [{ name: '', port: 80, protocol: 'TCP' }], endpoints: [{ addresses: ['10.244.1.2'] }, { addresses: ['10.244.2.2'] }] });
    expect(toTable('endpointslices.discovery.k8s.io', [o], NOW).columns.map((c) => c.name)).toEqual(['Name', 'AddressType', 'Ports', 'Endpoints', 'Age']);
    expect(cells(o)).toEqual(['web-x2v4k', 'IPv4', '80', '10.244.1.2,10.244.2.2', '20s']);
  });

  it('shows <unset> when empty and counts addresses past three', () => {
    expect(cells(slice({})).slice(2, 4)).toEqual(['<unset>', '<unset>']);
    const many = slice({ ports: [{ port: null, name: 'http' }, {}], endpoints: [1, 2, 3, 4, 5].map((i) => ({ addresses: [`10.0.0.${i}`] })) });
    expect(cells(many).slice(2, 4)).toEqual(['http,*', '10.0.0.1,10.0.0.2,10.0.0.3 + 2 more...']);
  });
});
