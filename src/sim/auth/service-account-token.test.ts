import { describe, expect, it } from 'vitest';
import { createClient, createCluster } from '../index.ts';

describe('service-account tokens', () => {
  it('authenticate whatever their claims segment length (base64url drops the padding)', () => {
    const admin = createClient(createCluster({ seed: 1 }));
    const lengths = new Set<number>();
    for (const name of ['a', 'bb', 'ccc']) {
      admin.create('serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'default' } } as never);
      const token = (admin.createToken('default', name, {}) as { status: { token: string } }).status.token;
      lengths.add(token.split('.')[1]!.length % 4);
      expect(admin.withCredentials({ token }).user().username).toBe(`system:serviceaccount:default:${name}`);
    }
    expect(lengths.size).toBeGreaterThan(1);
  });
});
