import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

async function session(files: Record<string, string> = {}) {
  const s = await kindSession(files);
  await s.run('run web --image=nginx:1.27');
  await s.run('run bb --image=busybox:1.36 -- sleep 3600');
  await s.run('run hello --image=gcr.io/google-samples/hello-app:1.0');
  s.c.advance(30_000);
  return s;
}

describe('kubectl cp', () => {
  it("copies a file out of a Pod with GNU tar's notice on stdout", async () => {
    const { run, fs } = await session();
    expect(await run('cp web:/etc/nginx/conf.d/default.conf ./default.conf')).toEqual({
      stdout: "tar: Removing leading `/' from member names\n",
      stderr: '',
      code: 0,
    });
    expect(fs.read('/home/learner/default.conf')).toContain('server_name  localhost;');
    expect(await run('cp bb:/etc/hostname /tmp/h')).toEqual({ stdout: "tar: removing leading '/' from member names\n", stderr: '', code: 0 });
    expect(fs.read('/tmp/h')).toBe('bb\n');
  });

  it('copies a directory out of a Pod into the named directory', async () => {
    const { run, fs } = await session();
    expect((await run('cp web:/etc/nginx conf')).code).toBe(0);
    expect(fs.read('/home/learner/conf/nginx.conf')).toContain('worker_processes  auto;');
    expect(fs.read('/home/learner/conf/conf.d/default.conf')).toContain('listen       80;');
  });

  it('copies a local file into a Pod, into a directory when the destination is one', async () => {
    const { run } = await session({ 'index.html': '<h1>hi</h1>\n' });
    expect(await run('cp index.html web:/usr/share/nginx/html/index.html')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('exec web -- cat /usr/share/nginx/html/index.html')).stdout).toBe('<h1>hi</h1>\n');
    expect(await run('cp index.html bb:/tmp')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('exec bb -- cat /tmp/index.html')).stdout).toBe('<h1>hi</h1>\n');
    expect(await run('cp index.html default/bb:/tmp/copy.html -c bb')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('exec bb -- cat /tmp/copy.html')).stdout).toBe('<h1>hi</h1>\n');
  });

  it('copies a local directory into a Pod, keeping its tree', async () => {
    const { run } = await session({ 'site/index.html': 'home\n', 'site/css/main.css': 'body{}\n' });
    expect(await run('cp site bb:/srv')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('exec bb -- sh -c "cat /srv/index.html /srv/css/main.css"')).stdout).toBe('home\nbody{}\n');
    expect(await run('cp site bb:/tmp')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('exec bb -- cat /tmp/site/css/main.css')).stdout).toBe('body{}\n');
  });

  it('reports missing files on either side as kubectl and tar do', async () => {
    const { run } = await session();
    expect(await run('cp web:/tmp/nope ./nope')).toEqual({
      stdout:
        "tar: Removing leading `/' from member names\ntar: /tmp/nope: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n",
      stderr: 'command terminated with exit code 2\n',
      code: 2,
    });
    expect(await run('cp bb:/nope ./nope')).toEqual({
      stdout: 'tar: /nope: No such file or directory\ntar: error exit delayed from previous errors\n',
      stderr: 'command terminated with exit code 1\n',
      code: 1,
    });
    expect(await run('cp ./missing.txt web:/tmp/x')).toEqual({ stdout: '', stderr: "error: ./missing.txt doesn't exist in local filesystem\n", code: 1 });
    expect(await run('cp ghost:/etc/hostname h')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "ghost" not found\n', code: 1 });
  });

  it('fails on an image without tar the way exec does', async () => {
    const { run } = await session({ 'a.txt': 'a\n' });
    const out = await run('cp hello:/etc/hostname h');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(
      /^error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "tar": executable file not found in \$PATH: unknown\n$/,
    );
    expect((await run('cp a.txt hello:/tmp/a.txt')).stderr).toContain('exec: "tar": executable file not found in $PATH');
  });

  it('checks its arguments as kubectl does', async () => {
    const { run } = await session();
    expect((await run('cp a')).stderr).toBe('error: source and destination are required\n');
    expect((await run('cp web:/a bb:/b')).stderr).toBe('error: one of src or dest must be a local file specification\n');
    expect((await run('cp a b')).stderr).toBe('error: one of src or dest must be a remote file specification\n');
    expect((await run('cp :a b')).stderr).toBe('error: filespec must match the canonical format: [[namespace/]pod:]file/path\n');
    expect((await run('cp web: b')).stderr).toBe('error: filepath can not be empty\n');
  });
});
