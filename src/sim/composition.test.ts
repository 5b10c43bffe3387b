import { describe, expect, it } from 'vitest';
import { addonEnabled, addons } from './addons/registry.ts';
import { DEFAULT_INSTALLERS, installersFor } from './components.ts';
import { createCluster } from './index.ts';
import { stopped, without, type Installer } from './installer.ts';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
  },
};

const lb = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80 }] } };

describe('the composition root', () => {
  it('builds the default cluster from DEFAULT_INSTALLERS, in list order', () => {
    const c = createCluster({ seed: 1 });
    expect(c.installed).toEqual(DEFAULT_INSTALLERS.map((i) => i.name));
  });

  it('with the Deployment controller stopped, a Deployment is stored but gets no ReplicaSet', () => {
    const c = createCluster({ seed: 1, installers: stopped(DEFAULT_INSTALLERS, 'deployment-controller') });
    c.api.create('deployments.apps', deployment);
    c.advance(60_000);
    expect(c.api.get('deployments.apps', 'default', 'web').metadata.generation).toBe(1);
    expect(c.api.list('replicasets.apps', { namespace: 'default' })).toEqual([]);
    expect(c.api.get('deployments.apps', 'default', 'web').status).toBeUndefined();
    // The same Deployment on a default cluster gets its ReplicaSet and Pods.
    const d = createCluster({ seed: 1 });
    d.api.create('deployments.apps', deployment);
    d.advance(60_000);
    expect(d.api.list('replicasets.apps', { namespace: 'default' })).toHaveLength(1);
  });

  it('without an installer, its kind is not admitted any more', () => {
    const c = createCluster({ seed: 1, installers: without(DEFAULT_INSTALLERS, 'networkpolicies.networking.k8s.io') });
    // No defaulting: policyTypes stays unset (the kind's own admission would fill it in).
    const np = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny', namespace: 'default' }, spec: { podSelector: {} } };
    expect(c.api.create('networkpolicies.networking.k8s.io', np).object.spec.policyTypes).toBeUndefined();
    expect(createCluster({ seed: 1 }).api.create('networkpolicies.networking.k8s.io', np).object.spec.policyTypes).toEqual(['Ingress']);
  });

  it('installs an add-on at creation: a LoadBalancer Service gets its address at once', () => {
    const c = createCluster({ seed: 1, installers: [...DEFAULT_INSTALLERS, addonEnabled('cloud-provider-kind')] });
    expect(addons(c).find((a) => a.name === 'cloud-provider-kind')!.enabled(c)).toBe(true);
    c.api.create('services', lb);
    c.settle();
    expect(c.api.get('services', 'default', 'web').status.loadBalancer.ingress).toEqual([{ ip: '172.18.0.5', ipMode: 'Proxy' }]);
    const plain = createCluster({ seed: 1 });
    plain.api.create('services', lb);
    plain.settle();
    expect(plain.api.get('services', 'default', 'web').status.loadBalancer).toEqual({});
  });

  it('keeps registries per cluster: what one cluster installs, another does not see', () => {
    const guard: Installer = {
      name: 'guard',
      api: (api) => api.admission.addPlugin({ name: 'Guard', admit: () => { throw new Error('guarded'); } }),
    };
    const guarded = createCluster({ seed: 1, installers: [...DEFAULT_INSTALLERS, guard] });
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } };
    expect(() => guarded.api.create('configmaps', cm)).toThrow('guarded');
    expect(createCluster({ seed: 1 }).api.create('configmaps', cm).object.metadata.name).toBe('x');
  });

  it('builds the cluster a lesson asks for by names: a scheduler stopped leaves Pods Pending', () => {
    const c = createCluster({ seed: 1, installers: installersFor({ stopped: ['scheduler'], addons: ['cloud-provider-kind'] }) });
    c.api.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } });
    c.advance(30_000);
    expect(c.api.get('pods', 'default', 'p').status.phase).toBe('Pending');
    expect(c.api.get('pods', 'default', 'p').spec.nodeName).toBeUndefined();
    expect(c.addons.get('cloud-provider-kind')!.enabled(c)).toBe(true);
    expect(() => installersFor({ stopped: ['no-such'] })).toThrow('no installer "no-such"');
  });

  it('refuses an installer listed twice and an unknown name to leave out', () => {
    expect(() => createCluster({ installers: [...DEFAULT_INSTALLERS, DEFAULT_INSTALLERS[0]!] })).toThrow('installer "core-kinds" is listed twice');
    expect(() => without(DEFAULT_INSTALLERS, 'no-such-controller')).toThrow('no installer "no-such-controller" in the list');
    expect(() => createCluster({ installers: [addonEnabled('cloud-provider-kind')] })).toThrow('no add-on "cloud-provider-kind"');
  });
});
