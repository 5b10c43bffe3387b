import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl logs', () => {
  it('prints a running container\'s log and honours --tail', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx');
    c.advance(10_000);
    const all = await run('logs web');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('Configuration complete; ready for start up\n');
    const last = await run('logs web --tail=1');
    expect(last.stdout).toBe(all.stdout.split('\n').slice(-2).join('\n'));
  });

  it('reports kubectl\'s errors', async () => {
    const { c, run } = await kindSession();
    expect(await run('logs nosuchpod')).toEqual({ stdout: '', stderr: 'error: error from server (NotFound): pods "nosuchpod" not found in namespace "default"\n', code: 1 });
    expect(await run('logs')).toEqual({
      stdout: '',
      stderr: "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n",
      code: 1,
    });
    await run('run web --image=nginx');
    c.advance(10_000);
    expect((await run('logs web -c nope')).stderr).toBe('Error from server (BadRequest): container nope is not valid for pod web\n');
    expect((await run('logs deploy/nothing')).stderr).toBe('Error from server (NotFound): deployments.apps "nothing" not found\n');
  });

  it('follows until interrupted', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx');
    c.advance(10_000);
    const r = await run('logs -f web', { streamFor: 1000 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ready for start up');
  });
});
