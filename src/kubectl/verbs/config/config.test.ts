import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl config', () => {
  it('shows and switches the namespace of the current context', async () => {
    const { run } = await kindSession();
    expect((await run('config current-context')).stdout).toBe('kind-kind\n');
    expect((await run('config get-contexts')).stdout).toBe(
      'CURRENT   NAME        CLUSTER     AUTHINFO           NAMESPACE\n*         kind-kind   kind-kind   kubernetes-admin   default\n',
    );
    expect((await run('config set-context --current --namespace=dev')).stdout).toBe('Context "kind-kind" modified.\n');
    expect((await run('get pods')).stderr).toBe('No resources found in dev namespace.\n');
    expect((await run('config view')).stdout).toContain('- context:\n    cluster: kind-kind\n    namespace: dev\n    user: kubernetes-admin\n  name: kind-kind\n');
    expect((await run('config foo')).stderr).toBe("error: unknown command \"foo\"\nSee 'kubectl config -h' for help and examples\n");
  });
});
