import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/types.ts';
import { ndotsOf, podDnsConfig, resolvConfText } from './pod-dns-config.ts';

const pod = (spec: Record<string, unknown>, namespace = 'shop'): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace }, spec });

describe('a Pod\'s resolv.conf', () => {
  it('ClusterFirst: the cluster DNS, the namespace\'s search list, ndots:5', () => {
    expect(resolvConfText(podDnsConfig(pod({})))).toBe('search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it('Default, and ClusterFirst with hostNetwork: the kind node\'s resolver', () => {
    const node = 'nameserver 172.18.0.1\noptions ndots:0\n';
    expect(resolvConfText(podDnsConfig(pod({ dnsPolicy: 'Default' })))).toBe(node);
    expect(resolvConfText(podDnsConfig(pod({ hostNetwork: true })))).toBe(node);
    expect(resolvConfText(podDnsConfig(pod({ hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' })))).toContain('nameserver 10.96.0.10\n');
  });

  it('appends dnsConfig without duplicates, the Pod\'s option values winning, within the limits', () => {
    const c = podDnsConfig(
      pod({
        dnsConfig: {
          nameservers: ['10.96.0.10', '1.1.1.1', '8.8.8.8', '9.9.9.9'],
          searches: ['cluster.local', 'example.com'],
          options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }],
        },
      }),
    );
    expect(c).toEqual({
      servers: ['10.96.0.10', '1.1.1.1', '8.8.8.8'],
      searches: ['shop.svc.cluster.local', 'svc.cluster.local', 'cluster.local', 'example.com'],
      options: ['ndots:2', 'edns0'],
    });
    expect(ndotsOf(c)).toBe(2);
  });

  it('None: only dnsConfig (the docs\' example)', () => {
    const c = podDnsConfig(
      pod({
        dnsPolicy: 'None',
        dnsConfig: { nameservers: ['192.0.2.1'], searches: ['ns1.svc.cluster-domain.example', 'my.dns.search.suffix'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] },
      }),
    );
    expect(resolvConfText(c)).toBe('search ns1.svc.cluster-domain.example my.dns.search.suffix\nnameserver 192.0.2.1\noptions ndots:2 edns0\n');
    expect(ndotsOf(podDnsConfig(pod({ dnsPolicy: 'None', dnsConfig: { nameservers: ['192.0.2.1'] } })))).toBe(1);
  });
});
