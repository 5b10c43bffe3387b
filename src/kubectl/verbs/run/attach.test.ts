import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const PRESS_ENTER = "If you don't see a command prompt, try pressing enter.\n";

describe('kubectl run -i --rm', () => {
  it('prints what the command printed, then deletes the Pod', async () => {
    const { c, run } = await kindSession();
    const r = await run('run tmp -i --rm --restart=Never --image=busybox:1.36 -- echo hello', { streamFor: 30_000 });
    expect(r).toEqual({ stdout: 'hello\npod "tmp" deleted\n', stderr: '', code: 0 });
    c.advance(5_000);
    expect(c.store.get('pods', 'default', 'tmp')).toBeUndefined();
  });

  it('reports a failed container as kubectl does', async () => {
    const { run } = await kindSession();
    const r = await run('run tmp -i --rm --restart=Never --image=busybox:1.36 -- false', { streamFor: 30_000 });
    expect(r).toEqual({ stdout: 'pod "tmp" deleted\n', stderr: 'pod default/tmp terminated (Error)\n', code: 1 });
  });

  it('deletes the exposed Service too', async () => {
    const { c, run } = await kindSession();
    const r = await run('run tmp -i --rm --restart=Never --expose --port=80 --image=busybox:1.36 -- echo hi', { streamFor: 30_000 });
    expect(r).toEqual({ stdout: 'service/tmp created\nhi\npod "tmp" deleted\nservice "tmp" deleted\n', stderr: '', code: 0 });
    expect(c.store.get('services', 'default', 'tmp')).toBeUndefined();
  });

  it('feeds what is piped in to a shell started with -i', async () => {
    const { run } = await kindSession();
    const r = await run('run tmp -i --rm --restart=Never --image=busybox:1.36 -- sh', { stdin: 'cd /etc\necho $PWD\nhostname\n', streamFor: 30_000 });
    expect(r).toEqual({ stdout: '/etc\ntmp\npod "tmp" deleted\n', stderr: PRESS_ENTER, code: 0 });
  });

  it('with no keyboard, the shell of -it reads end of input at once and the Pod is removed', async () => {
    const { c, run } = await kindSession();
    const r = await run('run tmp -it --rm --image=busybox:1.36 -- sh', { streamFor: 30_000 });
    expect(r).toEqual({ stdout: 'pod "tmp" deleted\n', stderr: PRESS_ENTER, code: 0 });
    c.advance(5_000);
    expect(c.store.get('pods', 'default', 'tmp')).toBeUndefined();
  });

  it('-it with input piped in says the TTY cannot be used and feeds the input', async () => {
    const { run } = await kindSession();
    const r = await run('run tmp -it --rm --restart=Never --image=busybox:1.36 -- sh', { stdin: 'echo piped\n', streamFor: 30_000 });
    expect(r).toEqual({ stdout: 'piped\npod "tmp" deleted\n', stderr: `Unable to use a TTY - input is not a terminal or the right kind of file\n${PRESS_ENTER}`, code: 0 });
  });

  it('streams what the container writes before the line ends', async () => {
    const { run } = await kindSession();
    // The loop never ends a line: an attach shows each write as it comes, the log never a line.
    const r = await run(`run load -i --rm --restart=Never --image=busybox:1.36 -- sh -c 'while true; do echo -n OK!; sleep 1; done'`, { streamFor: 5_500 });
    expect(r.stdout).toMatch(/^(OK!){4,6}pod "load" deleted\n$/);
    expect(r.stderr).toBe(PRESS_ENTER);
  });

  it('ends with the exit code of a failed Never container, after deleting it', async () => {
    const { run } = await kindSession();
    const r = await run(`run tmp -i --rm --restart=Never --image=busybox:1.36 -- sh -c 'sleep 2; echo oops >&2; exit 3'`, { streamFor: 30_000 });
    expect(r).toEqual({ stdout: 'pod "tmp" deleted\n', stderr: `${PRESS_ENTER}oops\npod default/tmp terminated (Error)\n`, code: 3 });
  });

  it('refuses --rm without attaching', async () => {
    const { run } = await kindSession();
    expect((await run('run tmp --rm --image=busybox:1.36')).stderr).toBe(
      "error: --rm should only be used for attached containers\nSee 'kubectl run -h' for help and examples\n",
    );
  });
});
