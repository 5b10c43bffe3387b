import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const ING = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: edge
spec:
  defaultBackend:
    service:
      name: nosvc
      port:
        number: 8080
  tls:
  - hosts: [a.example.com, b.example.com]
    secretName: edge-tls
  - hosts: [c.example.com]
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: api
            port:
              name: http
`;

describe('kubectl describe ingress', () => {
  it('prints class, default backend, TLS and rules as kubectl does', async () => {
    const { run } = await kindSession({ 'ing.yaml': ING });
    expect((await run('apply -f ing.yaml')).stdout).toBe('ingress.networking.k8s.io/edge created\n');
    expect(await run('describe ingress edge')).toEqual({
      stdout: `Name:             edge
Labels:           <none>
Namespace:        default
Address:          
Ingress Class:    <none>
Default backend:  nosvc:8080 (<error: services "nosvc" not found>)
TLS:
  edge-tls terminates a.example.com,b.example.com
  SNI routes c.example.com
Rules:
  Host        Path  Backends
  ----        ----  --------
  *           
              /   api:http (<error: services "api" not found>)
Annotations:  <none>
Events:       <none>
`,
      stderr: '',
      code: 0,
    });
  });

  it('lists the endpoints of the backend Service port', async () => {
    const svc = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: api\n  ports:\n  - name: http\n    port: 8080\n    targetPort: 80\n';
    const ing = ING.replace(/  defaultBackend:[\s\S]*?number: 8080\n/, '').replace(/  tls:[\s\S]*?- hosts: \[c.example.com\]\n/, '');
    const { c, run } = await kindSession({ 'svc.yaml': svc, 'ing.yaml': ing });
    await run('create deployment api --image=nginx --replicas=1 --port=80');
    await run('apply -f svc.yaml');
    await run('apply -f ing.yaml');
    c.advance(30_000);
    const out = (await run('describe ing edge')).stdout;
    expect(out).toContain('Default backend:  <default>\nRules:\n');
    expect(out).toMatch(/\n {14}\/   api:http \(10\.244\.\d+\.\d+:80\)\n/);
  });
});
