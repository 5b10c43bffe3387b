import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl logs', () => {
  it("prints a running container's log and honours --tail", async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx');
    c.advance(10_000);
    const all = await run('logs web');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('Configuration complete; ready for start up\n');
    const last = await run('logs web --tail=1');
    expect(last.stdout).toBe(all.stdout.split('\n').slice(-2).join('\n'));
  });

  it("reports kubectl's errors", async () => {
    const { c, run } = await kindSession();
    expect(await run('logs nosuchpod')).toEqual({
      stdout: '',
      stderr: 'error: error from server (NotFound): pods "nosuchpod" not found in namespace "default"\n',
      code: 1,
    });
    expect(await run('logs')).toEqual({
      stdout: '',
      stderr:
        "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n",
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

  it('reads every pod a selector matches: --prefix, the last 10 lines by default, --max-log-requests when following', async () => {
    const { c, run } = await kindSession();
    await run('create deployment web --image=busybox:1.36 --replicas=2 -- sh -c "seq 1 12; sleep 3600"');
    c.advance(15_000);
    const pods = JSON.parse((await run('get pods -l app=web -o json')).stdout)
      .items.map((p: { metadata: { name: string } }) => p.metadata.name)
      .sort();
    const ten = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(String);
    expect(await run('logs -l app=web')).toEqual({ stdout: [...ten, ...ten].join('\n') + '\n', stderr: '', code: 0 });
    expect((await run('logs -l app=web --tail=1 --prefix')).stdout).toBe(pods.map((p: string) => `[pod/${p}/busybox] 12\n`).join(''));
    // logs.go cannot tell --tail=-1 from its default: with a selector it is 10 lines too.
    expect((await run('logs -l app=web --tail=-1')).stdout.split('\n').length).toBe(21);
    expect((await run('logs -l app=web --tail=20')).stdout.split('\n').length).toBe(25);
    expect(await run('logs -l app=web -f --max-log-requests=1')).toEqual({
      stdout: '',
      stderr: 'error: you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit\n',
      code: 1,
    });
    const followed = await run('logs -l app=web -f --tail=1 --prefix', { streamFor: 1000 });
    expect(followed).toEqual({ stdout: pods.map((p: string) => `[pod/${p}/busybox] 12\n`).join(''), stderr: '', code: 0 });
    expect(await run('logs -l app=nothing')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect((await run('logs -l app=web web')).stderr).toBe(
      "error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n",
    );
  });

  it('--since keeps only recent lines; --all-containers reads init containers first', async () => {
    const { c, run } = await kindSession();
    const pod = `apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  initContainers:
  - name: setup
    image: busybox:1.36
    command: ['sh', '-c', 'echo init done']
  containers:
  - name: app
    image: busybox:1.36
    command: ['sh', '-c', 'echo early; sleep 60; echo late; sleep 3600']
  - name: side
    image: busybox:1.36
    command: ['sh', '-c', 'echo side; sleep 3600']
`;
    await run('apply -f -', { stdin: pod });
    c.advance(90_000);
    expect((await run('logs two -c app --since=40s')).stdout).toBe('late\n');
    expect((await run('logs two -c app --since=1h')).stdout).toBe('early\nlate\n');
    expect(await run('logs two --all-containers --prefix')).toEqual({
      stdout: '[pod/two/setup] init done\n[pod/two/app] early\n[pod/two/app] late\n[pod/two/side] side\n',
      stderr: '',
      code: 0,
    });
    expect(await run('logs two')).toEqual({ stdout: 'early\nlate\n', stderr: 'Defaulted container "app" out of: app, side, setup (init)\n', code: 0 });
    expect((await run('logs two -c app --all-containers')).stderr).toBe('error: --all-containers=true should not be specified with container name app\n');
    expect((await run('logs two --tail=-2')).stderr).toBe('error: --tail must be greater than or equal to -1\n');
  });
});
