import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl expose', () => {
  it('exposes a deployment with its selector, labels and ports', async () => {
    const { c, run } = await kindSession();
    await run('create deployment web --image=nginx --replicas=2 --port=80');
    expect(await run('expose deployment web --port=80 --target-port=8080')).toEqual({ stdout: 'service/web exposed\n', stderr: '', code: 0 });
    const svc = c.api.get('services', 'default', 'web');
    expect(svc.metadata.labels).toEqual({ app: 'web' });
    expect(svc.spec.selector).toEqual({ app: 'web' });
    expect(svc.spec.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 8080 }]);
    expect(svc.spec.type).toBe('ClusterIP');
    expect(await run('expose deployment web --port=80')).toEqual({ stdout: '', stderr: 'Error from server (AlreadyExists): services "web" already exists\n', code: 1 });
    expect((await run('expose deploy/web --name=web-np --type=NodePort')).stdout).toBe('service/web-np exposed\n');
    expect(c.api.get('services', 'default', 'web-np').spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
  });

  it('introspects a pod and prints the generated Service', async () => {
    const { run } = await kindSession();
    await run('run p --image=nginx --port=8080');
    expect((await run('expose pod p --dry-run=client -o yaml')).stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    run: p
  name: p
spec:
  ports:
  - port: 8080
    protocol: TCP
    targetPort: 8080
  selector:
    run: p
status:
  loadBalancer: {}
`);
  });

  it('reports errors as kubectl does', async () => {
    const { run } = await kindSession();
    await run('create deployment db --image=postgres');
    expect(await run('expose deployment db')).toEqual({ stdout: '', stderr: "error: couldn't find port via --port flag or introspection\n", code: 1 });
    expect((await run('expose pod nosuch --port=80')).stderr).toBe('Error from server (NotFound): pods "nosuch" not found\n');
    expect((await run('expose node kind-worker --port=80')).stderr).toBe('error: cannot expose a Node\n');
    expect((await run('expose')).stderr).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
  });
});
