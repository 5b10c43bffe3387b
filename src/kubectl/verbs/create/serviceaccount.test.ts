import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl create serviceaccount', () => {
  it('creates a ServiceAccount and prints the generated one', async () => {
    const { c, run } = await kindSession();
    expect((await run('create serviceaccount builder --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  creationTimestamp: null\n  name: builder\n',
    );
    expect(await run('create serviceaccount builder')).toEqual({ stdout: 'serviceaccount/builder created\n', stderr: '', code: 0 });
    expect(c.api.get('serviceaccounts', 'default', 'builder').metadata.name).toBe('builder');
    expect((await run('create sa')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create serviceaccount -h' for help and examples\n");
    expect((await run('create sa builder')).stderr).toBe('error: failed to create serviceaccount: serviceaccounts "builder" already exists\n');
  });
});
