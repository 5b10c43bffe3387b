import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl create service', () => {
  it('generates the Service kubectl builds', async () => {
    const { run } = await kindSession();
    expect((await run('create service loadbalancer lb --tcp=5678:8080 --tcp=443 --dry-run=client -o yaml')).stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: lb
  name: lb
spec:
  ports:
  - name: 5678-8080
    port: 5678
    protocol: TCP
    targetPort: 8080
  - name: "443"
    port: 443
    protocol: TCP
    targetPort: 443
  selector:
    app: lb
  type: LoadBalancer
status:
  loadBalancer: {}
`);
    expect((await run('create service nodeport np --tcp=80:80 --node-port=30080 --dry-run=client -o yaml')).stdout).toContain(
      '  ports:\n  - name: 80-80\n    nodePort: 30080\n    port: 80\n    protocol: TCP\n    targetPort: 80\n',
    );
    expect((await run('create service clusterip hl --clusterip=None --dry-run=client -o yaml')).stdout).toContain('spec:\n  clusterIP: None\n  selector:\n    app: hl\n  type: ClusterIP\n');
    expect((await run('create svc externalname ex --external-name=x.example.com --dry-run=client -o yaml')).stdout).toContain('spec:\n  externalName: x.example.com\n  selector:\n    app: ex\n  type: ExternalName\n');
  });

  it('creates Services and reports errors as kubectl does', async () => {
    const { c, run } = await kindSession();
    expect(await run('create service nodeport web-np2 --tcp=8080:80 --node-port=30080')).toEqual({ stdout: 'service/web-np2 created\n', stderr: '', code: 0 });
    expect(c.api.get('services', 'default', 'web-np2').spec.ports[0].nodePort).toBe(30080);
    expect((await run('create service nodeport dup --tcp=80:80 --node-port=30080')).stderr).toBe(
      'error: failed to create NodePort service: Service "dup" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated\n',
    );
    expect((await run('create service clusterip x')).stderr).toBe('error: at least one tcp port specifier must be provided\n');
    expect((await run('create service clusterip --tcp=80')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create service clusterip -h' for help and examples\n");
    expect((await run('create service clusterip y --tcp=abc')).stderr).toBe('error: strconv.ParseUint: parsing "abc": invalid syntax\n');
    expect((await run('create service externalname z')).stderr).toBe('error: required flag(s) "external-name" not set\n');
    expect((await run('create service foo x')).stderr).toBe('error: unknown command "foo x"\nSee \'kubectl create service -h\' for help and examples\n');
  });
});
