import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl plugin', () => {
  it('finds no plugins on a fresh PATH, with the real error', async () => {
    const { run } = await kindSession();
    expect(await run('plugin list', { env: { PATH: '/usr/local/bin:/usr/bin:/bin' } })).toEqual({ stdout: '', stderr: 'error: unable to find any kubectl plugins in your PATH\n', code: 1 });
    expect((await run('plugin foo')).stderr).toBe("error: unknown command \"foo\"\nSee 'kubectl plugin -h' for help and examples\n");
    const bare = await run('plugin');
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/^Provides utilities for interacting with plugins\./);
  });

  it('lists kubectl-* files with the verifier warnings', async () => {
    const { run } = await kindSession({ '/home/learner/bin/kubectl-hello': 'x', '/home/learner/bin/kubectl-get': 'y' });
    const env = { PATH: '/usr/bin:/home/learner/bin' };
    expect(await run('plugin list', { env })).toEqual({
      stdout: 'The following compatible plugins are available:\n\n/home/learner/bin/kubectl-get\n/home/learner/bin/kubectl-hello\n',
      stderr:
        '  - warning: /home/learner/bin/kubectl-get identified as a kubectl plugin, but it is not executable\n' +
        '  - warning: kubectl-get overwrites existing command: "kubectl get"\n' +
        '  - warning: /home/learner/bin/kubectl-hello identified as a kubectl plugin, but it is not executable\n' +
        'error: 3 plugin warnings were found\n',
      code: 1,
    });
    expect((await run('plugin list --name-only', { env })).stdout).toBe('The following compatible plugins are available:\n\nkubectl-get\nkubectl-hello\n');
  });
});
