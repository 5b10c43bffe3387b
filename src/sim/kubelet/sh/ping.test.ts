import { describe, expect, it } from 'vitest';
import { openSession } from '../../../../tests/support/session.ts';

const FILES = {
  'peers.yaml': `apiVersion: v1
kind: Service
metadata:
  name: peers
spec:
  clusterIP: None
  selector: {app: peers}
---
apiVersion: v1
kind: Pod
metadata:
  name: one-pod
  labels: {app: peers}
spec:
  hostname: one
  subdomain: peers
  containers:
  - name: main
    image: bash:latest
    command: ['sleep', '3600']
`,
};

async function peer() {
  const s = await openSession({ seed: 3, preset: 'kind', files: FILES });
  await s.run('kubectl apply -f peers.yaml');
  await s.run('kubectl wait --for=condition=Ready pod/one-pod');
  await s.run('sleep 2');
  const ip = s.cluster.api.get('pods', 'default', 'one-pod').status.podIP as string;
  return { s, ip };
}

describe('busybox ping in a Pod with a hostname and a subdomain', () => {
  it('knows itself by its spec hostname, from /etc/hosts', async () => {
    const { s, ip } = await peer();
    expect((await s.run('kubectl exec one-pod -- hostname')).stdout).toBe('one\n');
    expect((await s.run('kubectl exec one-pod -- tail -1 /etc/hosts')).stdout).toBe(`${ip}\tone.peers.default.svc.cluster.local\tone\n`);
    const r = await s.run('kubectl exec one-pod -- ping -c 1 one');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(
      `PING one (${ip}): 56 data bytes\n64 bytes from ${ip}: seq=0 ttl=64 time=0.050 ms\n\n--- one ping statistics ---\n1 packets transmitted, 1 packets received, 0% packet loss\nround-trip min/avg/max = 0.050/0.050/0.050 ms\n`,
    );
  });

  it('reaches it by hostname.subdomain from another Pod through the search list, and exits 1 on a name nobody has', async () => {
    const { s, ip } = await peer();
    await s.run('kubectl run other --image=bash:latest -- sleep 3600');
    await s.run('kubectl wait --for=condition=Ready pod/other');
    const ok = await s.run('kubectl exec other -- ping -c 1 one.peers');
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(`^PING one\\.peers \\(${ip.replace(/\./g, '\\.')}\\): 56 data bytes\\n64 bytes from ${ip.replace(/\./g, '\\.')}: seq=0 ttl=62 time=`),
    );
    const bad = await s.run('kubectl exec other -- bash -c "ping -c 1 two.peers; echo exit \\$?"');
    expect(bad.stdout).toBe('exit 1\n');
    expect(bad.stderr).toBe("ping: bad address 'two.peers'\n");
  });
});
