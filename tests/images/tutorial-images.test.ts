import { describe, expect, it } from 'vitest';
import { kindSession } from '../../src/kubectl/testing.ts';

const PI_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 4
`;

describe('images of the official task pages', () => {
  it('the pi Job prints pi to 2000 digits, rounded as perl rounds the last one', async () => {
    const { c, run } = await kindSession({ 'job.yaml': PI_JOB });
    expect((await run('apply -f job.yaml')).stdout).toBe('job.batch/pi created\n');
    c.advance(120_000);
    expect((await run('get job pi --no-headers')).stdout).toMatch(/^pi\s+Complete\s+1\/1\s/);
    const out = (await run('logs job/pi')).stdout;
    expect(out.length).toBe(2002);
    expect(out.startsWith('3.14159265358979323846264338327950288419716939937510')).toBe(true);
    // A recorded run of the same Job ends with these digits (...75900|99 rounds up to ...75901).
    expect(out.endsWith('4599581339047802759' + '01\n')).toBe(true);
  });

  it('hello-app, gb-frontend, fluentd-elasticsearch and goproxy run; a missing tag fails to pull', async () => {
    const { c, run } = await kindSession();
    await run('create deployment hello --image=us-docker.pkg.dev/google-samples/containers/gke/hello-app:2.0');
    await run('run fe --image=us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5');
    await run('run fl --image=quay.io/fluentd_elasticsearch/fluentd:v2.5.2');
    await run('run gp --image=registry.k8s.io/goproxy:0.1');
    await run('run bad --image=nginx:1.91');
    c.advance(60_000);
    const pods = (await run('get pods --no-headers')).stdout;
    for (const name of ['hello-', 'fe ', 'fl ', 'gp ']) expect(pods).toMatch(new RegExp(`^${name}\\S*\\s+1/1\\s+Running`, 'm'));
    expect(pods).toMatch(/^bad\s+0\/1\s+(ErrImagePull|ImagePullBackOff)/m);
    const events = (await run('get events --field-selector involvedObject.name=bad -o jsonpath={.items[*].message}')).stdout;
    expect(events).toContain(
      'Failed to pull image "nginx:1.91": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found',
    );
    expect((await run('exec fe -- curl -s localhost')).stdout).toContain('<title>Guestbook</title>');
  });

  it('kill 1 inside redis stops it; the kubelet restarts the container', async () => {
    const { c, run } = await kindSession();
    await run('run redis --image=redis:7.4');
    c.advance(20_000);
    expect(await run('exec redis -- kill 1')).toEqual({ stdout: '', stderr: '', code: 0 });
    c.advance(5_000);
    const pod = JSON.parse((await run('get pod redis -o json')).stdout);
    expect(pod.status.containerStatuses[0].restartCount).toBe(1);
    expect(pod.status.containerStatuses[0].lastState.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect((await run('logs redis --previous')).stdout).toMatch(/Received SIGTERM scheduling shutdown\.\.\.\n[\s\S]*ready to exit, bye bye\.\.\.\n$/);
    // SIGKILL from inside the PID namespace never reaches PID 1; busybox sleep has no SIGTERM handler either.
    await run('run bb --image=busybox:1.28 -- sleep 3600');
    c.advance(20_000);
    await run('exec bb -- kill -9 1');
    await run('exec bb -- kill 1');
    c.advance(5_000);
    expect(JSON.parse((await run('get pod bb -o json')).stdout).status.containerStatuses[0].restartCount).toBe(0);
  });

  it('busybox applets and files: /etc/passwd, cut, sort, uniq, head, tail, wc, grep, cp, ps, mount', async () => {
    const { c, run } = await kindSession();
    await run('run bb --image=busybox:1.36 -- sleep 3600');
    c.advance(20_000);
    const sh = async (script: string) => run(`exec bb -- sh -c '${script}'`);
    expect((await sh('head -n 2 /etc/passwd')).stdout).toBe('root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1:daemon:/usr/sbin:/bin/false\n');
    expect((await sh('cut -d: -f1,3 /etc/passwd | tail -n 2')).stdout).toBe('operator:37\nnobody:65534\n');
    expect((await sh('printf "b\\na\\nb\\nc\\n" | sort | uniq -c')).stdout).toBe('      1 a\n      2 b\n      1 c\n');
    expect((await sh('printf "10\\n9\\n100\\n" | sort -n -r')).stdout).toBe('100\n10\n9\n');
    expect((await sh('wc -l /etc/passwd')).stdout).toBe('9 /etc/passwd\n');
    expect((await sh('echo a b | wc')).stdout).toBe('        1         2         4\n');
    expect((await sh('grep -n www /etc/passwd')).stdout).toBe('7:www-data:x:33:33:www-data:/var/www:/bin/false\n');
    expect((await sh('grep -c nothing /etc/passwd; echo $?')).stdout).toBe('0\n1\n');
    expect(await sh('cp /etc/hostname /tmp/h && cat /tmp/h && cp /nope /tmp/x')).toEqual({
      stdout: 'bb\n',
      stderr: "cp: can't stat '/nope': No such file or directory\ncommand terminated with exit code 1\n",
      code: 1,
    });
    expect((await sh('ps')).stdout).toBe('PID   USER     TIME  COMMAND\n    1 root      0:00 sleep 3600\n    7 root      0:00 ps\n');
    expect(await sh('cd /etc && tar cf /tmp/a.tar hostname passwd && tar tf /tmp/a.tar && mkdir /x && tar xf /tmp/a.tar -C /x && cat /x/hostname')).toEqual({
      stdout: 'hostname\npasswd\nbb\n',
      stderr: '',
      code: 0,
    });
    expect((await sh('tar tvf /tmp/a.tar')).stdout).toMatch(
      /^-rw-r--r-- root\/root         3 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d hostname\n-rw-r--r-- root\/root       \d{3} [\d: -]{19} passwd\n$/,
    );
    expect((await sh('tar xf /tmp/a.tar -C /nowhere')).stderr).toBe(
      "tar: can't change directory to '/nowhere': No such file or directory\ncommand terminated with exit code 1\n",
    );
    expect((await sh('mount | grep hostname')).stdout).toMatch(/^\/dev\/\S+ on \/etc\/hostname type ext4 \(rw,relatime\)\n$/);
  });

  it('sh in Debian-based images is dash: echo interprets backslash escapes, bash does not', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx:1.27');
    await run('run bb --image=busybox:1.36 -- sleep 3600');
    c.advance(20_000);
    expect((await run(`exec web -- sh -c 'echo "a\\tb"; echo -n x; echo -e y'`)).stdout).toBe('a\tb\nx-e y\n');
    expect((await run(`exec web -- bash -c 'echo "a\\tb"'`)).stdout).toBe('a\\tb\n');
    expect((await run(`exec bb -- sh -c 'echo "a\\tb"; echo -e "c\\td"'`)).stdout).toBe('a\\tb\nc\td\n');
  });
});
