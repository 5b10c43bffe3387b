import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl run', () => {
  it('creates a pod labelled run=NAME', async () => {
    const { run } = await kindSession();
    expect(await run('run nginx --image=nginx')).toEqual({ stdout: 'pod/nginx created\n', stderr: '', code: 0 });
    expect((await run('get pod nginx --show-labels --no-headers')).stdout).toMatch(/run=nginx\n$/);
    expect(await run('run nginx --image=nginx')).toEqual({ stdout: '', stderr: 'Error from server (AlreadyExists): pods "nginx" already exists\n', code: 1 });
  });

  it('prints the generated pod for --dry-run=client -o yaml', async () => {
    const { run } = await kindSession();
    const r = await run('run dry --image=nginx --dry-run=client -o yaml');
    expect(r.stdout).toBe(
      'apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    run: dry\n  name: dry\nspec:\n  containers:\n  - image: nginx\n    name: dry\n    resources: {}\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n',
    );
    expect(await run('run dry --image=nginx --dry-run=server')).toEqual({ stdout: 'pod/dry created (server dry run)\n', stderr: '', code: 0 });
    expect((await run('get pod dry')).code).toBe(1);
  });

  it('passes args, ports, env and labels', async () => {
    const { run } = await kindSession();
    const r = await run('run web --image=busybox --port=80 --env=A=1 --labels=app=web,tier=fe --restart=Never --dry-run=client -o json -- sleep 3600');
    const pod = JSON.parse(r.stdout);
    expect(pod.spec.containers[0]).toEqual({ args: ['sleep', '3600'], env: [{ name: 'A', value: '1' }], image: 'busybox', name: 'web', ports: [{ containerPort: 80 }], resources: {} });
    expect(pod.metadata.labels).toEqual({ app: 'web', tier: 'fe' });
    expect(pod.spec.restartPolicy).toBe('Never');
  });

  it('reports usage errors like kubectl', async () => {
    const { run } = await kindSession();
    expect(await run('run x')).toEqual({ stdout: '', stderr: 'error: required flag(s) "image" not set\n', code: 1 });
    expect((await run('run --image=nginx')).stderr).toBe("error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n");
    expect((await run('run x --image=nginx --restart=Sometimes')).stderr).toBe("error: invalid restart policy: Sometimes\nSee 'kubectl run -h' for help and examples\n");
    const bad = await run('run Bad_Name --image=nginx');
    expect(bad.stderr.split('\n').slice(0, 2)).toEqual(['The Pod "Bad_Name" is invalid: ', expect.stringMatching(/^\* metadata\.name: Invalid value: "Bad_Name"/)]);
  });
});
