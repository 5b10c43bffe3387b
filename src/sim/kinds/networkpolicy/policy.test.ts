import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { workloadCluster } from '../../controllers/shared/test-fixture.ts';
import { connectionAllowed, dnsAllowed, inCidr, NETWORK_POLICIES } from './policy.ts';

function setup() {
  const cluster = workloadCluster();
  cluster.store.put('namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'other', labels: { 'kubernetes.io/metadata.name': 'other', team: 'a' } },
  });
  let n = 0;
  const pod = (name: string, labels: Record<string, string>, namespace = 'default', ports: object[] = []): { ip: string; pod: KubeObject } => {
    const ip = `10.244.1.${++n}`;
    const p = cluster.store.put('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace, labels, uid: `uid-${name}` },
      spec: { containers: [{ name: 'c', image: 'nginx:1.27', ports }] },
      status: { podIP: ip },
    });
    return { ip, pod: p };
  };
  const policy = (name: string, spec: object, namespace = 'default') =>
    cluster.api.create(NETWORK_POLICIES, { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace }, spec }).object;
  return { cluster, pod, policy };
}

describe('NetworkPolicy enforcement', () => {
  it('leaves Pods that no policy selects open, and isolates selected ones to what a rule allows', () => {
    const { cluster, pod, policy } = setup();
    const web = pod('web', { app: 'web' });
    const client = pod('client', { access: 'true' });
    const stranger = pod('stranger', {});
    expect(connectionAllowed(cluster, stranger, web, 80)).toBe(true);
    policy('access-web', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ podSelector: { matchLabels: { access: 'true' } } }] }] });
    expect(connectionAllowed(cluster, stranger, web, 80)).toBe(false);
    expect(connectionAllowed(cluster, client, web, 80)).toBe(true);
    // A podSelector alone means the policy's own namespace.
    const far = pod('far', { access: 'true' }, 'other');
    expect(connectionAllowed(cluster, far, web, 80)).toBe(false);
  });

  it('matches namespaces by label, ports by number, name and range', () => {
    const { cluster, pod, policy } = setup();
    const web = pod('web', { app: 'web' }, 'default', [{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
    const far = pod('far', {}, 'other');
    policy('from-team-a', {
      podSelector: {},
      ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'a' } } }], ports: [{ port: 'http' }, { port: 9000, endPort: 9005 }] }],
    });
    expect(connectionAllowed(cluster, far, web, 8080)).toBe(true);
    expect(connectionAllowed(cluster, far, web, 9003)).toBe(true);
    expect(connectionAllowed(cluster, far, web, 80)).toBe(false);
    expect(connectionAllowed(cluster, far, web, 8080, 'UDP')).toBe(false);
  });

  it('applies egress rules of the sending Pod, ipBlock exceptions included', () => {
    const { cluster, pod, policy } = setup();
    const app = pod('app', { app: 'client' });
    const db = pod('db', { app: 'db' });
    policy('egress', {
      podSelector: { matchLabels: { app: 'client' } },
      policyTypes: ['Egress'],
      egress: [{ to: [{ ipBlock: { cidr: '10.244.0.0/16', except: [`${db.ip}/32`] } }] }],
    });
    expect(connectionAllowed(cluster, app, db, 5432)).toBe(false);
    expect(connectionAllowed(cluster, app, { ip: '10.244.7.7' }, 80)).toBe(true);
    expect(connectionAllowed(cluster, app, { ip: '172.18.0.2' }, 6443)).toBe(false);
  });

  it('blocks DNS under an egress default deny until UDP 53 to kube-dns is allowed', () => {
    const { cluster, pod, policy } = setup();
    cluster.store.put('namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'kube-system', labels: { 'kubernetes.io/metadata.name': 'kube-system' } },
    });
    pod('coredns', { 'k8s-app': 'kube-dns' }, 'kube-system');
    const app = pod('app', {});
    expect(dnsAllowed(cluster, app.pod, app.ip)).toBe(true);
    policy('deny', { podSelector: {}, policyTypes: ['Egress'] });
    expect(dnsAllowed(cluster, app.pod, app.ip)).toBe(false);
    policy('dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [
            { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } },
          ],
          ports: [{ protocol: 'UDP', port: 53 }],
        },
      ],
    });
    expect(dnsAllowed(cluster, app.pod, app.ip)).toBe(true);
  });

  it('is defaulted and validated as the API server does', () => {
    const { policy } = setup();
    const np = policy('p', { podSelector: {}, ingress: [{ ports: [{ port: 80 }] }], egress: [{}] });
    expect(np.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    // An empty egress list is no egress rule at all.
    expect(policy('q', { podSelector: {}, egress: [] }).spec.policyTypes).toEqual(['Ingress']);
    expect(np.spec.ingress[0].ports[0].protocol).toBe('TCP');
    expect(() => policy('bad', { podSelector: {}, ingress: [{ from: [{}] }] })).toThrow('spec.ingress[0].from[0]: Required value: must specify a peer');
  });

  it('checks CIDR membership', () => {
    expect(inCidr('10.244.1.5', '10.244.0.0/16')).toBe(true);
    expect(inCidr('10.245.1.5', '10.244.0.0/16')).toBe(false);
    expect(inCidr('1.2.3.4', '0.0.0.0/0')).toBe(true);
  });
});
