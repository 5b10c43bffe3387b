import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/types.ts';
import { imageFiles } from './images/files.ts';
import { pullImage } from './images/catalogue.ts';
import { parseImageRef } from './images/reference.ts';
import { formatId, idOutput, processUser, runAsNonRootError, userName } from './identity.ts';

function filesOf(image: string, tag = 'latest') {
  const ref = parseImageRef(`${image}:${tag}`);
  if ('error' in ref) throw new Error(ref.error);
  const pulled = pullImage(ref);
  if ('error' in pulled) throw new Error(pulled.error);
  const f = imageFiles(pulled.image, tag);
  return { passwd: f['/etc/passwd'], group: f['/etc/group'] };
}

function pod(podSc: Record<string, unknown> = {}, containerSc: Record<string, unknown> = {}): { pod: KubeObject; container: KubeObject['spec'] } {
  const container = { name: 'c', image: 'x', securityContext: containerSc };
  return { pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { securityContext: podSc, containers: [container] } } as KubeObject, container };
}

const idOf = (image: string, podSc?: Record<string, unknown>, containerSc?: Record<string, unknown>) => {
  const files = filesOf(image);
  const p = pod(podSc, containerSc);
  return formatId(processUser(p.pod, p.container, files), files);
};

describe('the user a container runs as', () => {
  it('is root with the image groups root belongs to', () => {
    expect(idOf('busybox')).toBe('uid=0(root) gid=0(root) groups=0(root),10(wheel)');
    expect(idOf('nginx')).toBe('uid=0(root) gid=0(root) groups=0(root)');
    expect(idOf('alpine')).toBe('uid=0(root) gid=0(root) groups=0(root),1(bin),2(daemon),3(sys),4(adm),6(disk),10(wheel),11(floppy),20(dialout),26(tape),27(video)');
  });

  it('takes runAsUser, and the group of that user in /etc/passwd, or 0 for an unknown uid', () => {
    expect(idOf('nginx', { runAsUser: 101 })).toBe('uid=101(nginx) gid=101(nginx) groups=101(nginx)');
    expect(idOf('busybox', { runAsUser: 1000 })).toBe('uid=1000 gid=0(root) groups=0(root)');
  });

  it('adds runAsGroup, fsGroup and supplementalGroups, sorted as the kernel keeps them', () => {
    expect(idOf('busybox', { runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000, supplementalGroups: [4000, 5] })).toBe('uid=1000 gid=3000 groups=5(tty),2000,3000,4000');
  });

  it("lets the container's securityContext win over the Pod's", () => {
    expect(idOf('busybox', { runAsUser: 1000, runAsGroup: 3000 }, { runAsUser: 2000 })).toBe('uid=2000 gid=3000 groups=3000');
  });

  it('names the user for whoami only when /etc/passwd has it', () => {
    const files = filesOf('busybox');
    expect(userName({ uid: 0, gid: 0, groups: [0] }, files.passwd)).toBe('root');
    expect(userName({ uid: 1000, gid: 0, groups: [0] }, files.passwd)).toBeUndefined();
  });
});

describe('id with options', () => {
  const files = filesOf('nginx');
  const user = { uid: 101, gid: 101, groups: [101, 2000] };
  it('prints one id or the group list', () => {
    expect(idOutput(user, ['-u'], files)).toEqual({ text: '101\n' });
    expect(idOutput(user, ['-un'], files)).toEqual({ text: 'nginx\n' });
    expect(idOutput(user, ['-g'], files)).toEqual({ text: '101\n' });
    expect(idOutput(user, ['-G'], files)).toEqual({ text: '101 2000\n' });
    expect(idOutput(user, ['-Gn'], files)).toEqual({ text: 'nginx 2000\n' });
  });
});

describe('runAsNonRoot, as the kubelet checks it before creating a container', () => {
  const meta = { name: 'web', namespace: 'default', uid: 'u-1' };
  const check = (podSc: Record<string, unknown>, containerSc: Record<string, unknown> = {}, imageUser?: string) => {
    const p = pod(podSc, containerSc);
    p.pod.metadata = { ...meta };
    return runAsNonRootError(p.pod, p.container, imageUser);
  };
  it('lets through a Pod that does not ask, or names a non-root user', () => {
    expect(check({})).toBeUndefined();
    expect(check({ runAsNonRoot: true, runAsUser: 1000 })).toBeUndefined();
    expect(check({ runAsNonRoot: true }, {}, '65535:65535')).toBeUndefined();
  });
  it("refuses root from the image or from runAsUser, and an image user it cannot check, in the kubelet's words", () => {
    expect(check({ runAsNonRoot: true })).toBe('container has runAsNonRoot and image will run as root (pod: "web_default(u-1)", container: c)');
    expect(check({ runAsNonRoot: true }, { runAsUser: 0 })).toBe('container\'s runAsUser breaks non-root policy (pod: "web_default(u-1)", container: c)');
    expect(check({}, { runAsNonRoot: true }, 'curl_user')).toBe('container has runAsNonRoot and image has non-numeric user (curl_user), cannot verify user is non-root (pod: "web_default(u-1)", container: c)');
  });

  it('merges the groups agnhost 2.45 gives its own user in /etc/group (the page: groups=3000,4000,50000)', () => {
    const files = filesOf('registry.k8s.io/e2e-test-images/agnhost', '2.45');
    const p = pod({ runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [4000] });
    expect(formatId(processUser(p.pod, p.container, files), files)).toBe('uid=1000(user-defined-in-image) gid=3000 groups=3000,4000,50000(group-defined-in-image)');
    expect(filesOf('registry.k8s.io/e2e-test-images/agnhost', '2.40').group).not.toContain('group-defined-in-image');
  });
});
