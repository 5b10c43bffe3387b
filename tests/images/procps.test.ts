/**
 * procps is not in the bare Debian official images: `ps` is not found in nginx (the official
 * "Get a Shell to a Running Container" page installs procps before `ps aux`), while busybox
 * and Alpine images have it as an applet. Each shell says so in its own words.
 */
import { describe, expect, it } from 'vitest';
import { openSession } from '../support/session.ts';

describe('ps in the images', () => {
  it('is not found in nginx:1.27, in the words of exec, dash and bash', async () => {
    const s = await openSession({ seed: 3, preset: 'kind' });
    await s.run('kubectl run web --image=nginx:1.27');
    await s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await s.run('kubectl run alp --image=nginx:1.27-alpine');
    expect((await s.run('kubectl wait --for=condition=Ready pod/web pod/bb pod/alp')).exitCode).toBe(0);

    const direct = await s.run('kubectl exec web -- ps');
    expect(direct.exitCode).toBe(1);
    expect(direct.stderr).toMatch(/exec: "ps": executable file not found in \$PATH: unknown\n$/);

    const dash = await s.run('kubectl exec web -- sh -c "ps aux"');
    expect(dash.stderr).toBe('sh: 1: ps: not found\ncommand terminated with exit code 127\n');
    const bash = await s.run('kubectl exec web -- bash -c "top -b"');
    expect(bash.stderr).toBe('bash: line 1: top: command not found\ncommand terminated with exit code 127\n');

    expect((await s.run('kubectl exec bb -- ps')).stdout).toMatch(/^PID\s+USER\s+TIME\s+COMMAND\n\s+1 root\s+0:00 sleep 3600\n/);
    expect((await s.run('kubectl exec alp -- ps')).exitCode).toBe(0);
  });
});
