import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl set image pod/x', () => {
  it('restarts that container from the new image, so logs --previous shows the old one', async () => {
    const { c, run } = await kindSession();
    await run('run x --image=nginx:1.27');
    c.advance(10_000);
    expect(await run('set image pod/x x=nginx:1.26')).toEqual({ stdout: 'pod/x image updated\n', stderr: '', code: 0 });
    c.advance(10_000);
    expect((await run('get pod x --no-headers')).stdout).toMatch(/^x\s+1\/1\s+Running\s+1 \(\d+s ago\)\s+20s\n$/);
    const pod = JSON.parse((await run('get pod x -o json')).stdout);
    const st = pod.status.containerStatuses[0];
    expect(st.image).toBe('docker.io/library/nginx:1.26');
    expect(st.restartCount).toBe(1);
    expect(st.lastState.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    const list = JSON.parse((await run('get events --field-selector involvedObject.name=x -o json')).stdout);
    const events: string[] = list.items.map((e: { reason: string; message: string }) => `${e.reason}: ${e.message}`);
    const killed = events.indexOf('Killing: Container x definition changed, will be restarted');
    expect(killed).toBeGreaterThan(0);
    expect(events.slice(killed + 1, killed + 3)).toEqual([
      'Pulling: Pulling image "nginx:1.26"',
      expect.stringMatching(/^Pulled: Successfully pulled image "nginx:1\.26" in /),
    ]);
    expect(list.items.find((e: { reason: string }) => e.reason === 'Started').count).toBe(2);
    expect((await run('logs x --previous')).stdout).toMatch(/\[notice\] 1#1: exit\n$/);
    expect((await run('logs x')).stdout).not.toMatch(/exit\n$/);
  });

  it('restarts the container even with restartPolicy Never', async () => {
    const { c, run } = await kindSession();
    await run('run once --image=busybox:1.36 --restart=Never -- sleep 3600');
    c.advance(10_000);
    await run('set image pod/once once=busybox:1.37');
    c.advance(40_000);
    const pod = JSON.parse((await run('get pod once -o json')).stdout);
    expect(pod.status.phase).toBe('Running');
    expect(pod.status.containerStatuses[0].restartCount).toBe(1);
    expect(pod.status.containerStatuses[0].lastState.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });
});
