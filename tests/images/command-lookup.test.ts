/** `type`, `command -v` and `which` in containers: builtins, keywords and each image's own paths. */
import { describe, expect, it } from 'vitest';
import { openSession } from '../support/session.ts';

describe('finding commands in a container', () => {
  it('answers as dash, bash and busybox do, with the paths of Debian, busybox and Alpine images', async () => {
    const s = await openSession({ seed: 4, preset: 'kind' });
    await s.run('kubectl run web --image=nginx:1.27');
    await s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await s.run('kubectl run al --image=alpine:3.20 -- sleep 3600');
    expect((await s.run('kubectl wait --for=condition=Ready pod/web pod/bb pod/al')).exitCode).toBe(0);
    const dash = await s.run(`kubectl exec web -- sh -c 'type nginx echo if nosuch; echo $?; command -v nginx cd; which curl ls nosuch; echo $?'`);
    expect(dash.stdout).toBe('nginx is /usr/sbin/nginx\necho is a shell builtin\nif is a shell keyword\nnosuch: not found\n127\n/usr/sbin/nginx\ncd\n/usr/bin/curl\n/usr/bin/ls\n1\n');
    const bash = await s.run(`kubectl exec web -- bash -c 'type nosuch; echo $?'`);
    expect(bash.stdout).toBe('1\n');
    expect(bash.stderr).toBe('bash: line 1: type: nosuch: not found\n');
    expect((await s.run(`kubectl exec bb -- sh -c 'type sleep; which wget; command -v nosuch; echo $?'`)).stdout).toBe('sleep is /bin/sleep\n/bin/wget\n127\n');
    expect((await s.run('kubectl exec al -- which wget sleep')).stdout).toBe('/usr/bin/wget\n/bin/sleep\n');
  });
});
