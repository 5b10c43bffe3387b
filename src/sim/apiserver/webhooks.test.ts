import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';

const VWC = 'validatingwebhookconfigurations.admissionregistration.k8s.io';

function config(failurePolicy: 'Fail' | 'Ignore') {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: `guard-${failurePolicy.toLowerCase()}` },
    webhooks: [
      {
        name: 'guard.example.com',
        failurePolicy,
        clientConfig: { service: { namespace: 'default', name: 'guard', path: '/validate', port: 443 } },
        rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
      },
    ],
  };
}

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { a: 'b' } });

describe('validating admission webhooks', () => {
  it('fail the request when the webhook Service is missing, unless failurePolicy is Ignore', () => {
    const c = createCluster({ seed: 3 });
    c.api.create(VWC, config('Ignore'));
    expect(c.api.create('configmaps', cm('one')).object.metadata.name).toBe('one');
    c.api.create(VWC, config('Fail'));
    expect(() => c.api.create('configmaps', cm('two'))).toThrow(
      'Internal error occurred: failed calling webhook "guard.example.com": failed to call webhook: Post "https://guard.default.svc:443/validate?timeout=10s": service "guard" not found',
    );
    // Only the operations and resources the rules name are sent.
    expect(() => c.api.create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } })).not.toThrow();
  });

  it('relay a denial with the webhook name, and let allowed requests through', () => {
    const c = createCluster({ seed: 3 });
    c.api.webhooks.register('default', 'guard', '/validate', (req) =>
      req.object.metadata.name === 'forbidden' ? { allowed: false, message: 'that name is taken' } : { allowed: true },
    );
    c.api.create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'guard', namespace: 'default' }, spec: { ports: [{ port: 443 }] } });
    c.api.create('endpoints', {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'guard', namespace: 'default' },
      subsets: [{ addresses: [{ ip: '10.244.1.9' }], ports: [{ port: 8443 }] }],
    });
    c.api.create(VWC, config('Fail'));
    expect(c.api.create('configmaps', cm('fine')).object.metadata.name).toBe('fine');
    expect(() => c.api.create('configmaps', cm('forbidden'))).toThrow('admission webhook "guard.example.com" denied the request: that name is taken');
  });
});
