import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const PRESS_ENTER = "If you don't see a command prompt, try pressing enter.\n";

async function ticking() {
  const s = await kindSession();
  await s.run(`run tick --image=busybox:1.36 -- sh -c 'i=0; while true; do echo -n "t$i "; i=$((i+1)); sleep 1; done'`);
  s.c.advance(10_000);
  return s;
}

describe('kubectl attach', () => {
  it('streams what the running process writes from now on, partial lines included', async () => {
    const { run } = await ticking();
    const r = await run('attach tick', { streamFor: 3_500 });
    expect(r.stderr).toBe(PRESS_ENTER);
    expect(r.stdout).toMatch(/^(t\d+ ){3,4}$/);
    expect(r.stdout.startsWith('t0 ')).toBe(false);
  });

  it('accepts TYPE/NAME and TYPE NAME, and -q prints only the session', async () => {
    const { run } = await ticking();
    expect((await run('attach pod/tick -q', { streamFor: 1_500 })).stderr).toBe('');
    expect((await run('attach pods tick -q', { streamFor: 1_500 })).stdout).toMatch(/^t\d+ /);
  });

  it('says the container has no TTY when -t is asked of one without', async () => {
    const { run } = await ticking();
    const r = await run('attach tick -t', { streamFor: 1_500 });
    expect(r.stderr).toBe(`error: Unable to use a TTY - container tick did not allocate one\n${PRESS_ENTER}`);
  });

  it('gives the errors of attach.go', async () => {
    const { run, c } = await ticking();
    expect(await run('attach')).toEqual({ stdout: '', stderr: 'error: at least 1 argument is required for attach\n', code: 1 });
    expect((await run('attach a b c')).stderr).toBe('error: expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw 3: [a b c]\n');
    expect((await run('attach tick --pod-running-timeout=0')).stderr).toBe(
      "error: --pod-running-timeout must be higher than zero\nSee 'kubectl attach -h' for help and examples\n",
    );
    expect((await run('attach nope')).stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect((await run('attach tick -c nope')).stderr).toBe('error: cannot attach to the container: container not found (nope)\n');
    await run('run done --image=busybox:1.36 --restart=Never -- true');
    c.advance(10_000);
    expect((await run('attach done')).stderr).toBe('error: cannot attach a container in a completed pod; current phase is Succeeded\n');
  });

  it('feeds what is piped in to the shell of a container started with stdin', async () => {
    const { run, c } = await kindSession();
    await run('run shell -i --attach=false --image=busybox:1.36 -- sh');
    c.advance(10_000);
    const r = await run('attach shell -i', { stdin: 'echo from-attach\n', streamFor: 2_000 });
    expect(r).toEqual({ stdout: 'from-attach\n', stderr: PRESS_ENTER, code: 0 });
  });
});
