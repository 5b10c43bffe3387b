/** `hostname` and its options in a container answer from the Pod's /etc/hosts, as busybox and Debian do. */
import { describe, expect, it } from 'vitest';
import { openSession } from '../support/session.ts';

const SUBDOMAIN_POD = `apiVersion: v1
kind: Pod
metadata:
  name: named
spec:
  hostname: box-0
  subdomain: sub
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
`;

describe('hostname in a container', () => {
  it('prints the name, the address (-i), the FQDN (-f) and refuses to set it', async () => {
    const s = await openSession({ seed: 2, preset: 'kind', files: { 'named.yaml': SUBDOMAIN_POD } });
    await s.run('kubectl run web --image=nginx:1.27');
    await s.run('kubectl apply -f named.yaml');
    expect((await s.run('kubectl wait --for=condition=Ready pod/web pod/named')).exitCode).toBe(0);
    const ip = (await s.run("kubectl get pod web -o jsonpath='{.status.podIP}'")).stdout;
    expect(ip).toMatch(/^10\.244\.\d+\.\d+$/);
    expect((await s.run('kubectl exec web -- hostname -i')).stdout).toBe(`${ip} \n`);
    expect((await s.run('kubectl exec web -- hostname')).stdout).toBe('web\n');
    expect((await s.run('kubectl exec named -- hostname')).stdout).toBe('box-0\n');
    expect((await s.run('kubectl exec named -- hostname -f')).stdout).toBe('box-0.sub.default.svc.cluster.local\n');
    expect((await s.run('kubectl exec named -- hostname -d')).stdout).toBe('sub.default.svc.cluster.local\n');
    const set = await s.run('kubectl exec named -- hostname other');
    expect(set.stderr).toBe('hostname: sethostname: Operation not permitted\ncommand terminated with exit code 1\n');
    expect((await s.run('kubectl exec web -- hostname other')).stderr).toMatch(/^hostname: you must be root to change the host name\n/);
  });
});
