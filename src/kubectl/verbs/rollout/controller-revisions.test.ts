import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const STS = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`;

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      name: agent
  template:
    metadata:
      labels:
        name: agent
    spec:
      containers:
      - name: agent
        image: busybox:1.36
        command: ["sleep", "infinity"]
`;

describe('kubectl rollout (statefulsets, daemonsets)', () => {
  it('follows a StatefulSet rollout and its ControllerRevision history', async () => {
    const { run, c } = await kindSession({ 'sts.yaml': STS });
    await run('apply -f sts.yaml');
    c.advance(1);
    const first = await run('rollout status statefulset/web --timeout=2m');
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Waiting for 2 pods to be ready...');
    expect(lines.at(-1)).toBe('partitioned roll out complete: 2 new pods have been updated...');
    expect(first.code).toBe(0);
    expect(await run('set image sts/web nginx=nginx:1.26')).toEqual({ stdout: 'statefulset.apps/web image updated\n', stderr: '', code: 0 });
    c.advance(1);
    const second = await run('rollout status sts/web --timeout=2m');
    expect(second.stdout.trimEnd().split('\n').at(-1)).toBe('partitioned roll out complete: 2 new pods have been updated...');
    for (const l of second.stdout.trimEnd().split('\n').slice(0, -1)) {
      expect(l).toMatch(/^(Waiting for 1 pods to be ready\.\.\.|Waiting for partitioned roll out to finish: [0-1] out of 2 new pods have been updated\.\.\.)$/);
    }
    expect((await run('rollout history sts/web')).stdout).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    expect((await run('rollout history sts/web --revision=1')).stdout).toBe(
      'statefulset.apps/web with revision #1\nPod Template:\n  Labels:\tapp=nginx\n  Containers:\n   nginx:\n    Image:\tnginx:1.25\n    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n',
    );
    expect(await run('rollout undo sts/web --to-revision=2')).toEqual({
      stdout: 'statefulset.apps/web skipped rollback (current template already matches revision 2)\n',
      stderr: '',
      code: 0,
    });
    expect((await run('rollout undo sts/web')).stdout).toBe('statefulset.apps/web rolled back\n');
    expect(c.api.get('statefulsets.apps', 'default', 'web').spec.template.spec.containers[0].image).toBe('nginx:1.25');
    expect((await run('rollout undo sts/web --to-revision=9')).stderr).toBe('error: unable to find specified revision 9 in history\n');
    expect((await run('rollout restart sts/web')).stdout).toBe('statefulset.apps/web restarted\n');
  });

  it('reports DaemonSet rollouts and refuses pause', async () => {
    const { run, c } = await kindSession({ 'ds.yaml': DS });
    await run('apply -f ds.yaml');
    c.advance(20_000);
    expect(await run('rollout status ds/agent')).toEqual({ stdout: 'daemon set "agent" successfully rolled out\n', stderr: '', code: 0 });
    expect((await run('rollout history ds/agent')).stdout).toBe('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         <none>\n\n');
    expect((await run('rollout undo ds/agent')).stderr).toBe('error: no last revision to roll back to\n');
    expect(await run('rollout pause ds/agent')).toEqual({ stdout: '', stderr: 'error: daemonsets.apps "agent" pausing is not supported\n', code: 1 });
    await run('set image ds/agent agent=busybox:1.37');
    c.advance(1);
    const r = await run('rollout status daemonset/agent --timeout=2m');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('daemon set "agent" successfully rolled out');
    expect(r.stdout).toContain('Waiting for daemon set "agent" rollout to finish: ');
  });
});
