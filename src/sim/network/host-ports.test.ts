import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';
import { hostRequest, portMappings } from './host.ts';

const POD = `kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: kind-worker
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
      hostPort: 8081
EOF`;

const nodeIP = (s: Awaited<ReturnType<typeof openSession>>, name: string) =>
  (s.cluster.api.get('nodes', '', name).status?.addresses as { type: string; address: string }[]).find((a) => a.type === 'InternalIP')!.address;

describe('host ports', () => {
  it('reach the Pod on its own node only, and stop with the Pod', async () => {
    const s = await openSession({ seed: 5 });
    await s.run(POD);
    await s.run('kubectl wait --for=condition=Ready pod/web');
    const r = hostRequest(s.cluster, nodeIP(s, 'kind-worker'), 8081, '/', 'curl/8.5.0');
    expect('body' in r && r.body).toContain('Welcome to nginx!');
    expect(hostRequest(s.cluster, nodeIP(s, 'kind-worker2'), 8081, '/', 'curl/8.5.0')).toMatchObject({ error: 'refused' });
    // The node's port is the Pod's, not a NodePort: from a Pod too.
    expect((await s.run(`kubectl exec web -- curl -s -o /dev/null -w '%{http_code}' ${nodeIP(s, 'kind-worker')}:8081`)).stdout).toBe('200');
    await s.run('kubectl delete pod web');
    expect(hostRequest(s.cluster, nodeIP(s, 'kind-worker'), 8081, '/', 'curl/8.5.0')).toMatchObject({ error: 'refused' });
  });

  it("are published on the host's loopback only where kind's config maps them", async () => {
    const plain = await openSession({ seed: 5 });
    expect(portMappings(plain.cluster)).toEqual([]);
    expect(hostRequest(plain.cluster, 'localhost', 80, '/', 'curl/8.5.0')).toMatchObject({ error: 'refused' });
    const ingress = await openSession({ seed: 5, preset: 'kind-ingress' });
    expect(portMappings(ingress.cluster).map((m) => `${m.hostPort}->${m.node}:${m.containerPort}`)).toEqual(['80->kind-control-plane:80', '443->kind-control-plane:443']);
    // Docker's proxy takes the connection, the node has nothing on port 80 yet: an empty reply.
    expect(hostRequest(ingress.cluster, 'localhost', 80, '/', 'curl/8.5.0')).toMatchObject({ error: 'not-http' });
  });
});
