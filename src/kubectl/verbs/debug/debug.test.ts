import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const LEGACY =
  '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n';

async function session() {
  const s = await kindSession();
  await s.run('run web --image=nginx:1.27');
  s.c.advance(20_000);
  return s;
}

describe('kubectl debug', () => {
  it('adds an ephemeral container targeting a container, which shows in spec and status', async () => {
    const { c, run } = await session();
    const out = await run('debug web --image=busybox:1.36 --target=web -- sleep 3600');
    expect(out.code).toBe(0);
    expect(out.stderr).toBe(LEGACY);
    expect(out.stdout).toMatch(
      /^Targeting container "web"\. If you don't see processes from this container it may be because the container runtime doesn't support this feature\.\nDefaulting debug container name to debugger-[b-df-hj-np-tv-z2456789]{5}\.\n$/,
    );
    const name = /debugger-\w{5}/.exec(out.stdout)![0];
    c.advance(10_000);
    const pod = JSON.parse((await run('get pod web -o json')).stdout);
    expect(pod.spec.ephemeralContainers).toEqual([
      {
        command: ['sleep', '3600'],
        image: 'busybox:1.36',
        imagePullPolicy: 'IfNotPresent',
        name,
        resources: {},
        targetContainerName: 'web',
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      },
    ]);
    expect(pod.status.ephemeralContainerStatuses).toHaveLength(1);
    expect(pod.status.ephemeralContainerStatuses[0]).toMatchObject({ name, ready: false, restartCount: 0, state: { running: {} } });
    expect(pod.status.containerStatuses.map((s: { name: string }) => s.name)).toEqual(['web']);
    expect((await run('get pod web --no-headers')).stdout).toMatch(/^web\s+1\/1\s+Running\s+0\s/);
    const list = JSON.parse((await run('get events --field-selector involvedObject.name=web -o json')).stdout);
    const events = list.items.map((e: { involvedObject: { fieldPath?: string }; message: string }) => `${e.involvedObject.fieldPath} ${e.message}`);
    expect(events).toContain(`spec.ephemeralContainers{${name}} Created container: ${name}`);
    expect(events).toContain(`spec.ephemeralContainers{${name}} Started container ${name}`);
    expect((await run(`exec web -c ${name} -- hostname`)).stdout).toBe('web\n');
  });

  it('-i with piped input runs the debug shell on it and ends', async () => {
    const { run } = await session();
    const out = await run('debug -i web --image=busybox:1.36 -c dbg --profile=general', { stdin: 'echo inside $(hostname)\n' });
    expect(out).toEqual({ stdout: 'inside web\n', stderr: '', code: 0 });
    const pod = JSON.parse((await run('get pod web -o json')).stdout);
    expect(pod.spec.ephemeralContainers[0]).toMatchObject({ name: 'dbg', stdin: true, securityContext: { capabilities: { add: ['SYS_PTRACE'] } } });
    expect(pod.status.ephemeralContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });

  it('debug node/NAME creates a node-debugger Pod in the host namespaces with / at /host', async () => {
    const { c, run } = await session();
    const out = await run('debug node/kind-worker --image=busybox:1.36 -- sleep 3600');
    expect(out.stderr).toBe(LEGACY);
    expect(out.stdout).toMatch(/^Creating debugging pod node-debugger-kind-worker-\w{5} with container debugger on node kind-worker\.\n$/);
    const name = /node-debugger-kind-worker-\w{5}/.exec(out.stdout)![0];
    c.advance(10_000);
    const pod = JSON.parse((await run(`get pod ${name} -o json`)).stdout);
    expect(pod.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'kubectl-debug' });
    expect(pod.spec).toMatchObject({
      hostIPC: true,
      hostNetwork: true,
      hostPID: true,
      nodeName: 'kind-worker',
      restartPolicy: 'Never',
      tolerations: [{ operator: 'Exists' }],
    });
    expect(pod.spec.containers[0].volumeMounts).toContainEqual({ mountPath: '/host', name: 'host-root' });
    expect(pod.status.phase).toBe('Running');
  });

  it('--copy-to makes a copy with a debug container and no labels', async () => {
    const { c, run } = await session();
    await run('label pod web tier=front');
    const out = await run('debug web --copy-to=web-debug --image=busybox:1.36 --share-processes -- sleep 3600');
    expect(out.stdout).toMatch(/^Defaulting debug container name to debugger-\w{5}\.\n$/);
    c.advance(20_000);
    const pod = JSON.parse((await run('get pod web-debug -o json')).stdout);
    expect(pod.metadata.labels).toBeUndefined();
    expect(pod.spec.shareProcessNamespace).toBe(true);
    expect(pod.spec.containers.map((x: { name: string }) => x.name)).toEqual(['web', expect.stringMatching(/^debugger-/)]);
    expect((await run('get pod web-debug --no-headers')).stdout).toMatch(/^web-debug\s+2\/2\s+Running/);
    expect((await run('debug web --copy-to=web-sh --container=web -- sh -c "sleep 3600"')).code).toBe(0);
    const copy = JSON.parse((await run('get pod web-sh -o json')).stdout);
    expect(copy.spec.containers[0].command).toEqual(['sh', '-c', 'sleep 3600']);
  });

  it('reports errors as kubectl and the API server do', async () => {
    const { run } = await session();
    expect(await run('debug web')).toEqual({ stdout: '', stderr: 'error: you must specify --image when not using --copy-to.\n', code: 1 });
    expect((await run('debug -t web --image=busybox:1.36')).stderr).toBe('error: -i/--stdin is required for containers with -t/--tty=true\n');
    expect((await run('debug web --image=busybox:1.36 --target=web --copy-to=x')).stderr).toBe(
      'error: --target is incompatible with --copy-to. Use --share-processes instead.\n',
    );
    expect((await run('debug ghost --image=busybox:1.36')).stderr).toBe(LEGACY + 'Error from server (NotFound): pods "ghost" not found\n');
    expect((await run('debug web --image=busybox:1.36 --target=nope -c x')).stderr).toBe(
      LEGACY + 'The Pod "web" is invalid: spec.ephemeralContainers[0].targetContainerName: Not found: "nope"\n',
    );
    expect((await run('debug web --image=busybox:1.36 -c web')).stderr).toBe(
      LEGACY + 'The Pod "web" is invalid: spec.ephemeralContainers[0].name: Duplicate value: "web"\n',
    );
    expect((await run('debug web --image=BAD:IMAGE')).stderr).toBe('error: invalid image name "BAD:IMAGE": invalid reference format\n');
  });
});
