import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl run', () => {
  it('creates a pod labelled run=NAME', async () => {
    const { run } = await kindSession();
    expect(await run('run nginx --image=nginx')).toEqual({ stdout: 'pod/nginx created\n', stderr: '', code: 0 });
    expect((await run('get pod nginx --show-labels --no-headers')).stdout).toMatch(/run=nginx\n$/);
    expect(await run('run nginx --image=nginx')).toEqual({ stdout: '', stderr: 'Error from server (AlreadyExists): pods "nginx" already exists\n', code: 1 });
  });

  it('refuses overrides that are not JSON as its merge-patch library does, and warns of a bare --dry-run', async () => {
    const { run } = await kindSession();
    expect(await run("run a --image=nginx --overrides='{spec:1}'")).toEqual({ stdout: '', stderr: 'error: Invalid JSON Patch\n', code: 1 });
    expect(await run('run a --image=nginx --overrides=null')).toEqual({ stdout: '', stderr: 'error: Invalid JSON Patch\n', code: 1 });
    const bare = await run('run a --image=nginx --dry-run -o name');
    expect(bare.stdout).toBe('pod/a\n');
    expect(bare.stderr).toMatch(/^W\d{4} \d\d:\d\d:\d\d\.\d{6} {3}\d+ helpers\.go:702\] --dry-run is deprecated and can be replaced with --dry-run=client\.\n$/);
    expect((await run('run a --image=nginx --dry-run=bogus')).stderr).toBe('error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n');
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
    expect(pod.spec.containers[0]).toEqual({
      args: ['sleep', '3600'],
      env: [{ name: 'A', value: '1' }],
      image: 'busybox',
      name: 'web',
      ports: [{ containerPort: 80 }],
      resources: {},
    });
    expect(pod.metadata.labels).toEqual({ app: 'web', tier: 'fe' });
    expect(pod.spec.restartPolicy).toBe('Never');
  });

  it('reports usage errors like kubectl', async () => {
    const { run } = await kindSession();
    expect(await run('run x')).toEqual({ stdout: '', stderr: 'error: required flag(s) "image" not set\n', code: 1 });
    expect((await run('run --image=nginx')).stderr).toBe("error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n");
    expect((await run('run x --image=nginx --restart=Sometimes')).stderr).toBe(
      "error: invalid restart policy: Sometimes\nSee 'kubectl run -h' for help and examples\n",
    );
    const bad = await run('run Bad_Name --image=nginx');
    expect(bad.stderr.split('\n').slice(0, 2)).toEqual([
      'The Pod "Bad_Name" is invalid: ',
      expect.stringMatching(/^\* metadata\.name: Invalid value: "Bad_Name"/),
    ]);
  });

  it('rejects the flags and combinations kubectl 1.32 rejects', async () => {
    const { run } = await kindSession();
    const usage = (m: string) => ({ stdout: '', stderr: `error: ${m}\nSee 'kubectl run -h' for help and examples\n`, code: 1 });
    for (const flag of ['--requests=cpu=1', '--limits=cpu=1', '--replicas=2', '--generator=run-pod/v1', '--serviceaccount=a']) {
      expect(await run(`run x --image=nginx ${flag} --dry-run=client`)).toEqual({
        stdout: '',
        stderr: `error: unknown flag: ${flag.split('=')[0]}\nSee 'kubectl run --help' for usage.\n`,
        code: 1,
      });
    }
    expect(await run('run x --image=nginx -t --dry-run=client')).toEqual(usage('-i/--stdin is required for containers with -t/--tty=true'));
    expect(await run('run x --image=nginx --expose --dry-run=client')).toEqual(usage('--port must be set when exposing a service'));
    expect(await run('run x --image=busybox -it --rm --dry-run=client -o yaml -- sh')).toEqual(
      usage("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)"),
    );
    expect(await run('run x --image=nginx --image-pull-policy=Sometimes')).toEqual(usage('invalid image pull policy: Sometimes'));
  });

  it('creates the Service first with --expose, printing both lines', async () => {
    const { run } = await kindSession();
    expect(await run('run web --image=nginx:1.27 --expose --port=80')).toEqual({ stdout: 'service/web created\npod/web created\n', stderr: '', code: 0 });
    const svc = JSON.parse((await run('get svc web -o json')).stdout);
    expect(svc.spec.selector).toEqual({ run: 'web' });
    expect(svc.spec.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 80 }]);
    expect((await run('run web2 --image=nginx:1.27 --expose --port=80 --dry-run=server')).stdout).toBe(
      'service/web2 created (server dry run)\npod/web2 created (server dry run)\n',
    );
  });

  it('prints the Service, ---, then the Pod for --expose --dry-run=client -o yaml', async () => {
    const { run } = await kindSession();
    const r = await run('run x2 --image=nginx --expose --port=80 --labels=app=w --dry-run=client -o yaml');
    expect(r.stdout).toBe(
      'apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: w\n  name: x2\nspec:\n  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 80\n  selector:\n    app: w\nstatus:\n  loadBalancer: {}\n---\n' +
        'apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: w\n  name: x2\nspec:\n  containers:\n  - image: nginx\n    name: x2\n    ports:\n    - containerPort: 80\n    resources: {}\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n',
    );
  });

  it('marks stdin and tty on the container and defaults to OnFailure with -i', async () => {
    const { run } = await kindSession();
    const pod = JSON.parse((await run('run t --image=busybox:1.36 -it --attach=false -o json -- sh')).stdout);
    expect(pod.spec.containers[0]).toMatchObject({ stdin: true, stdinOnce: true, tty: true });
    expect(pod.spec.restartPolicy).toBe('OnFailure');
  });
});
