import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const TWO = `apiVersion: v1
kind: Pod
metadata:
  name: duo
spec:
  containers:
  - name: nginx
    image: nginx:1.27
  - name: sidecar
    image: busybox:1.36
    command: ["sleep", "3600"]
`;

const SITE = `apiVersion: v1
kind: Pod
metadata:
  name: site
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    volumeMounts:
    - name: html
      mountPath: /usr/share/nginx/html
  volumes:
  - name: html
    configMap:
      name: site
`;

const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });

describe('kubectl exec', () => {
  it('runs commands in the container\'s filesystem and environment', async () => {
    const { c, run } = await kindSession();
    await run('run client --image=busybox:1.36 -- sleep 3600');
    await run('run web --image=nginx:1.27');
    c.advance(15_000);
    expect(await run('exec client -- cat /etc/resolv.conf')).toEqual({
      stdout: 'search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n',
      stderr: '',
      code: 0,
    });
    expect(await run('exec web -- nginx -v')).toEqual({ stdout: '', stderr: 'nginx version: nginx/1.27.4\n', code: 0 });
    expect((await run('exec web -- curl -s localhost')).stdout).toContain('<title>Welcome to nginx!</title>');
    expect((await run('exec web -- env')).stdout).toContain('HOSTNAME=web\n');
    expect((await run('exec web -- hostname')).stdout).toBe('web\n');
    expect((await run('exec web -- ls /')).stdout.split('\n')).toContain('etc');
    expect(await run('exec client -- sh -c "echo $HOSTNAME; sleep 2; echo done"')).toEqual({ stdout: 'client\ndone\n', stderr: '', code: 0 });
    expect(await run('exec -i client -- sh', { stdin: 'echo from-stdin\n' })).toEqual({ stdout: 'from-stdin\n', stderr: '', code: 0 });
  });

  it('shows the image\'s own files, hidden under volume mounts', async () => {
    const { c, run } = await kindSession({ 'site.yaml': SITE });
    await run('run web --image=nginx:1.27');
    await run('run alp --image=alpine:3.21 -- sleep 3600');
    await run('create configmap site --from-literal=index.html=hello');
    await run('apply -f site.yaml');
    c.advance(15_000);
    expect((await run('exec web -- cat /etc/os-release')).stdout).toContain('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n');
    expect((await run('exec alp -- cat /etc/os-release')).stdout).toContain('NAME="Alpine Linux"\n');
    expect((await run('exec web -- ls /etc/nginx/conf.d')).stdout).toBe('default.conf\n');
    expect((await run('exec web -- cat /usr/share/nginx/html/index.html')).stdout).toContain('<h1>Welcome to nginx!</h1>');
    expect((await run('exec site -- ls /usr/share/nginx/html')).stdout).toBe('index.html\n');
    expect((await run('exec site -- curl -s localhost')).stdout).toBe('hello');
  });

  it('reaches Services by name and ClusterIP, as CoreDNS and kube-proxy route them', async () => {
    const { c, run } = await kindSession();
    await run('create deployment web --image=nginx:1.27 --replicas=2');
    await run('expose deployment web --port=8080 --target-port=80');
    await run('run client --image=busybox:1.36 -- sleep 3600');
    c.advance(15_000);
    for (const host of ['web:8080', 'web.default:8080', 'web.default.svc:8080', 'web.default.svc.cluster.local:8080']) {
      expect((await run(`exec client -- wget -qO- ${host}`)).stdout, host).toContain('<title>Welcome to nginx!</title>');
    }
    const ip = c.store.get('services', 'default', 'web')!.spec.clusterIP as string;
    expect((await run(`exec client -- wget -qO- ${ip}:8080`)).stdout).toContain('<title>Welcome to nginx!</title>');
    expect((await run('exec client -- wget -O- web:8080')).stderr).toContain(` (${ip}:8080)\n`);
    expect(await run('exec client -- wget -qO- nosuch')).toEqual({ stdout: '', stderr: "wget: bad address 'nosuch'\ncommand terminated with exit code 1\n", code: 1 });
    await run('scale deployment web --replicas=0');
    c.advance(40_000);
    expect((await run('exec client -- wget -qO- web:8080')).stderr).toBe(`wget: can't connect to remote host (${ip}): Connection refused\ncommand terminated with exit code 1\n`);
  });

  it('ends with the command\'s exit code', async () => {
    const { c, run } = await kindSession();
    await run('run client --image=busybox:1.36 -- sleep 3600');
    c.advance(10_000);
    expect(await run("exec client -- sh -c 'exit 3'")).toEqual({ stdout: '', stderr: 'command terminated with exit code 3\n', code: 3 });
    expect(await run('exec client -- cat /nope')).toEqual({ stdout: '', stderr: "cat: can't open '/nope': No such file or directory\ncommand terminated with exit code 1\n", code: 1 });
  });

  it('defaults to the first container of a multi-container pod, with kubectl\'s notice', async () => {
    const { c, run } = await kindSession({ 'duo.yaml': TWO });
    await run('apply -f duo.yaml');
    c.advance(15_000);
    expect(await run('exec duo -- hostname')).toEqual({ stdout: 'duo\n', stderr: 'Defaulted container "nginx" out of: nginx, sidecar\n', code: 0 });
    expect(await run('exec duo -c sidecar -- hostname')).toEqual({ stdout: 'duo\n', stderr: '', code: 0 });
    expect(await run('exec duo -q -- hostname')).toEqual({ stdout: 'duo\n', stderr: '', code: 0 });
    expect(await run('exec duo -c x -- ls')).toEqual(err('Error from server (BadRequest): container x is not valid for pod duo\n'));
  });

  it('reports kubectl\'s, the API server\'s and the runtime\'s errors', async () => {
    const { c, run } = await kindSession();
    expect(await run('exec nosuchpod -- ls')).toEqual(err('Error from server (NotFound): pods "nosuchpod" not found\n'));
    expect(await run('exec')).toEqual(err('error: pod, type/name or --filename must be specified\n'));
    await run('run web --image=nginx:1.27');
    expect(await run('exec web -- ls')).toEqual(err('Error from server (BadRequest): pod web does not have a host assigned\n'));
    c.advance(500);
    expect(await run('exec web -- ls')).toEqual(err('error: unable to upgrade connection: container not found ("web")\n'));
    c.advance(15_000);
    expect(await run('exec web')).toEqual(err('error: you must specify at least one command for the container\n'));
    expect(await run('exec web ls')).toEqual(
      err("error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n"),
    );
    const missing = await run('exec web -- foo');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "foo": executable file not found in \$PATH: unknown\n$/,
    );
    await run('run once --image=busybox:1.36 --restart=Never -- true');
    c.advance(15_000);
    expect(await run('exec once -- ls')).toEqual(err('error: cannot exec into a container in a completed pod; current phase is Succeeded\n'));
    await run('run alp --image=busybox:1.36 -- sleep 3600');
    c.advance(15_000);
    expect((await run('exec alp -- bash')).stderr).toContain('exec: "bash": executable file not found in $PATH: unknown\n');
  });

  it('runs in preset system Pods, whose images have no shell', async () => {
    const { c, run } = await kindSession();
    const dns = c.store.list('pods', 'kube-system').find((p) => p.metadata.name!.startsWith('coredns-'))!.metadata.name!;
    expect((await run(`exec --namespace kube-system ${dns} -- ls`)).stderr).toContain('exec: "ls": executable file not found in $PATH: unknown\n');
    expect((await run(`logs --namespace kube-system ${dns}`)).stdout).toContain('CoreDNS-1.11.3\nlinux/amd64, go1.21.11, a6338e9\n');
  });

  it('-it with input piped in says the TTY cannot be used, as kubectl does; with no keyboard a shell ends at once', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx:1.27');
    c.advance(15_000);
    const notTTY = 'Unable to use a TTY - input is not a terminal or the right kind of file\n';
    expect(await run('exec -it web -- sh', { stdin: 'hostname\n' })).toEqual({ stdout: 'web\n', stderr: notTTY, code: 0 });
    expect(await run('exec -it web -- sh')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(await run('exec -it web -- hostname')).toEqual({ stdout: 'web\n', stderr: '', code: 0 });
    // -t without -i: no stdin at all, so no terminal and no notice.
    expect(await run('exec -t web -- hostname')).toEqual({ stdout: 'web\n', stderr: '', code: 0 });
  });
});
