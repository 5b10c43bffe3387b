import { describe, expect, it } from 'vitest';
import { capabilityMask, containerCapabilities } from './capabilities.ts';
import { firstProcessArgv } from './first-process.ts';
import { procStatus, commName } from './proc-status.ts';
import { FsTree } from './volumes/fs-tree.ts';
import { MemFs } from './mem-fs.ts';
import { fsGroupOwnership } from './volumes/pod-volumes.ts';
import { imageEnv } from './images/image-env.ts';
import type { KubeObject } from '../api/types.ts';

const mask = (container: Record<string, unknown>) => capabilityMask(containerCapabilities(container));
const statusField = (text: string, field: string) => new RegExp(`^${field}:\\t(.*)$`, 'm').exec(text)?.[1];

describe('capabilities of a container', () => {
  it('are containerd defaults without a securityContext (the page: 00000000a80425fb)', () => {
    expect(mask({ name: 'c' })).toBe('00000000a80425fb');
  });

  it('gain the added ones: NET_ADMIN (bit 12) and SYS_TIME (bit 25) give 00000000aa0435fb', () => {
    expect(mask({ securityContext: { capabilities: { add: ['NET_ADMIN', 'SYS_TIME'] } } })).toBe('00000000aa0435fb');
    expect(mask({ securityContext: { capabilities: { add: ['CAP_NET_ADMIN', 'cap_sys_time'] } } })).toBe('00000000aa0435fb');
  });

  it('follow containerd order: ALL dropped, then each added, then each dropped', () => {
    expect(containerCapabilities({ securityContext: { capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } } })).toEqual(['NET_BIND_SERVICE']);
    expect(containerCapabilities({ securityContext: { capabilities: { drop: ['ALL', 'CHOWN'], add: ['CHOWN'] } } })).toEqual([]);
    expect(mask({ securityContext: { capabilities: { drop: ['NET_RAW'] } } })).toBe('00000000a80405fb');
  });

  it('are every capability of the 6.8 kernel for a privileged container', () => {
    expect(mask({ securityContext: { privileged: true } })).toBe('000001ffffffffff');
  });
});

describe('/proc/1/status', () => {
  const pod = (sc: Record<string, unknown> = {}) => ({ metadata: { name: 'p' }, spec: { securityContext: sc } }) as unknown as KubeObject;

  it('holds the bounding set as permitted and effective for root, nothing for another user', () => {
    const root = procStatus(pod(), {}, ['sleep', '1h'], { uid: 0, gid: 0, groups: [0, 10] });
    expect([statusField(root, 'CapPrm'), statusField(root, 'CapEff'), statusField(root, 'CapBnd')]).toEqual([
      '00000000a80425fb',
      '00000000a80425fb',
      '00000000a80425fb',
    ]);
    const user = procStatus(pod(), {}, ['sleep', '1h'], { uid: 1000, gid: 3000, groups: [2000, 3000, 4000] });
    expect([statusField(user, 'CapPrm'), statusField(user, 'CapEff'), statusField(user, 'CapBnd')]).toEqual([
      '0000000000000000',
      '0000000000000000',
      '00000000a80425fb',
    ]);
    expect(statusField(user, 'Uid')).toBe('1000\t1000\t1000\t1000');
    expect(statusField(user, 'Groups')).toBe('2000 3000 4000 ');
  });

  it('shows no_new_privs for allowPrivilegeEscalation: false and seccomp mode 2 under RuntimeDefault', () => {
    const text = procStatus(pod({ seccompProfile: { type: 'RuntimeDefault' } }), { securityContext: { allowPrivilegeEscalation: false } }, ['/agnhost'], {
      uid: 0,
      gid: 0,
      groups: [0],
    });
    expect(statusField(text, 'NoNewPrivs')).toBe('1');
    expect(statusField(text, 'Seccomp')).toBe('2');
    expect(statusField(text, 'Name')).toBe('agnhost');
    expect(statusField(procStatus(pod(), {}, ['sh'], { uid: 0, gid: 0, groups: [0] }), 'Seccomp')).toBe('0');
  });

  it('names the process by its executable, cut to 15 characters', () => {
    expect(commName('/usr/local/bin/kube-controller-manager')).toBe('kube-controller');
  });
});

describe('the first process of a shell command', () => {
  it('is the single simple command the shell execs', () => {
    expect(firstProcessArgv(['sh', '-c', 'sleep 1h'])).toEqual(['sleep', '1h']);
    expect(firstProcessArgv(['/bin/sh', '-c', 'exec nginx -g daemon'])).toEqual(['nginx', '-g', 'daemon']);
  });

  it('stays the shell for a script, a builtin, quoting or expansions', () => {
    for (const script of ['echo hi; sleep 1h', 'while true; do sleep 1; done', 'echo hello', 'sleep $T', "sleep '1h'", 'X=1 sleep 1']) {
      expect(firstProcessArgv(['sh', '-c', script])).toEqual(['sh', '-c', script]);
    }
    expect(firstProcessArgv(['sleep', '3600'])).toEqual(['sleep', '3600']);
  });
});

describe('file ownership', () => {
  it('gives a new file its creator uid and gid, or a setgid directory group', () => {
    const vol = new FsTree({ ...fsGroupOwnership({ spec: { securityContext: { fsGroup: 2000 } } } as unknown as KubeObject, 0o777) });
    expect(vol.get('')).toMatchObject({ kind: 'dir', mode: 0o2777, gid: 2000 });
    vol.writeFile('testfile', 'hello\n', 0, 0o644, false, { uid: 1000, gid: 3000 });
    expect(vol.get('testfile')).toMatchObject({ uid: 1000, gid: 2000, mode: 0o644 });
    vol.mkdirp('sub', 0, 0o755, { uid: 1000, gid: 3000 });
    expect(vol.get('sub')).toMatchObject({ uid: 1000, gid: 2000, mode: 0o2755 });
    // Rewriting a file keeps its owner, whoever writes.
    vol.writeFile('testfile', 'again\n', 1, 0o644, false, { uid: 5, gid: 5 });
    expect(vol.get('testfile')).toMatchObject({ uid: 1000, gid: 2000, content: 'again\n' });
  });

  it('leaves a volume root as root 0777 without fsGroup; a container filesystem gives its creator the files it writes', () => {
    expect(fsGroupOwnership({ spec: {} } as unknown as KubeObject, 0o777)).toEqual({ rootMode: 0o777 });
    const fs = new MemFs();
    fs.write('/etc/passwd', 'root:x:0:0:root:/root:/bin/sh\n');
    fs.mkdirp('/tmp');
    fs.chmod('/tmp', 0o1777);
    fs.creator = () => ({ uid: 2000, gid: 0 });
    fs.write('/tmp/mine', '');
    expect(fs.lstat('/tmp/mine')?.node).toMatchObject({ uid: 2000 });
    expect(fs.lstat('/etc/passwd')?.node).not.toHaveProperty('uid');
  });

  it('lets a user other than root write only where the mode bits allow them', () => {
    const fs = new MemFs();
    fs.write('/etc/passwd', 'root:x:0:0:root:/root:/bin/sh\n');
    fs.mkdirp('/tmp');
    fs.chmod('/tmp', 0o1777);
    fs.creator = () => ({ uid: 1000, gid: 3000, groups: [2000, 3000] });
    expect(fs.writeError('/etc/passwd')).toBe('Permission denied');
    expect(fs.writeError('/etc/new')).toBe('Permission denied');
    expect(fs.write('/etc/new', 'x')).toBe(false);
    expect(fs.mkdirp('/etc/sub')).toBe(false);
    expect(fs.writeError('/tmp/new')).toBeUndefined();
    // A group-writable directory of a supplementary group (an fsGroup volume) lets them in.
    const vol = new FsTree(fsGroupOwnership({ spec: { securityContext: { fsGroup: 2000 } } } as unknown as KubeObject, 0o770));
    fs.mount({ path: '/data', tree: vol, sub: '', readOnly: false });
    expect(fs.write('/data/f', 'hello\n')).toBe(true);
    fs.mount({ path: '/ro', tree: new FsTree(), sub: '', readOnly: true });
    expect(fs.writeError('/ro/f')).toBe('Read-only file system');
    // Root is not held back by mode bits.
    fs.creator = () => ({ uid: 0, gid: 0 });
    expect(fs.writeError('/etc/passwd')).toBeUndefined();
  });
});

describe("an image's own environment", () => {
  it('is the nginx Dockerfile ENV of the release behind the tag', () => {
    expect(imageEnv('docker.io/library/nginx', '1.27')).toEqual([
      ['NGINX_VERSION', '1.27.4'],
      ['NJS_VERSION', '0.8.9'],
      ['NJS_RELEASE', '1~bookworm'],
      ['PKG_RELEASE', '1~bookworm'],
      ['DYNPKG_RELEASE', '1~bookworm'],
    ]);
    expect(imageEnv('docker.io/library/nginx', '1.27.4-alpine').map(([k]) => k)).toEqual([
      'NGINX_VERSION',
      'PKG_RELEASE',
      'DYNPKG_RELEASE',
      'NJS_VERSION',
      'NJS_RELEASE',
    ]);
    expect(imageEnv('docker.io/library/nginx', '1.27-alpine-slim').map(([k]) => k)).toEqual(['NGINX_VERSION', 'PKG_RELEASE', 'DYNPKG_RELEASE']);
    expect(imageEnv('docker.io/library/nginx', '1.14.2')).toEqual([
      ['NGINX_VERSION', '1.14.2-1~stretch'],
      ['NJS_VERSION', '1.14.2.0.2.6-1~stretch'],
    ]);
  });

  it('is empty for other images and for releases whose values are not known', () => {
    expect(imageEnv('docker.io/library/busybox', '1.28')).toEqual([]);
    expect(imageEnv('docker.io/library/nginx', '1.9.1')).toEqual([]);
  });
});
