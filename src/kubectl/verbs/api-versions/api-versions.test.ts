import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl api-versions', () => {
  it('lists the group/versions kind 1.32 serves, sorted', async () => {
    const { run } = await kindSession();
    const r = await run('api-versions');
    expect(r.stdout.split('\n')).toEqual([
      'admissionregistration.k8s.io/v1', 'apiextensions.k8s.io/v1', 'apiregistration.k8s.io/v1', 'apps/v1', 'authentication.k8s.io/v1',
      'authorization.k8s.io/v1', 'autoscaling/v1', 'autoscaling/v2', 'batch/v1', 'certificates.k8s.io/v1', 'coordination.k8s.io/v1',
      'discovery.k8s.io/v1', 'events.k8s.io/v1', 'flowcontrol.apiserver.k8s.io/v1', 'networking.k8s.io/v1', 'node.k8s.io/v1', 'policy/v1',
      'rbac.authorization.k8s.io/v1', 'scheduling.k8s.io/v1', 'storage.k8s.io/v1', 'v1', '',
    ]);
    expect(await run('api-versions foo')).toEqual({ stdout: '', stderr: "error: unexpected arguments: [foo]\nSee 'kubectl api-versions -h' for help and examples\n", code: 1 });
  });
});
