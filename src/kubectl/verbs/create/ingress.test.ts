import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl create ingress', () => {
  it('builds rules, TLS, class, default backend and annotations as kubectl does', async () => {
    const { run } = await kindSession();
    const out = (await run("create ingress x --class=nginx --rule='foo.com/*=svc:http,tls=my-cert' --rule='/api=api:80' --default-backend=def:80 --annotation=a=b --dry-run=client -o yaml")).stdout;
    expect(out).toBe(`apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  annotations:
    a: b
  creationTimestamp: null
  name: x
spec:
  defaultBackend:
    service:
      name: def
      port:
        number: 80
  ingressClassName: nginx
  rules:
  - host: foo.com
    http:
      paths:
      - backend:
          service:
            name: svc
            port:
              name: http
        path: /
        pathType: Prefix
  - http:
      paths:
      - backend:
          service:
            name: api
            port:
              number: 80
        path: /api
        pathType: Exact
  tls:
  - hosts:
    - foo.com
    secretName: my-cert
status:
  loadBalancer: {}
`);
  });

  it('creates the Ingress and rejects malformed input', async () => {
    const { c, run } = await kindSession();
    expect(await run("create ingress simple --rule='foo.com/bar=svc1:8080'")).toEqual({ stdout: 'ingress.networking.k8s.io/simple created\n', stderr: '', code: 0 });
    expect(c.api.get('ingresses.networking.k8s.io', 'default', 'simple').spec.rules[0].http.paths[0]).toMatchObject({ path: '/bar', pathType: 'Exact' });
    expect((await run('create ingress y')).stderr).toBe(
      'error: not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)\n',
    );
    expect((await run("create ingress z --rule='foo.com=svc:80'")).stderr).toBe('error: rule foo.com=svc:80 is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]\n');
  });
});
