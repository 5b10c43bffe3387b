/**
 * The ingress-nginx add-on end to end in a terminal session: installed from kind's URL, its
 * webhook refusing Ingresses while no controller Pod is ready and refusing duplicate
 * host/path pairs after, Ingress status and Sync events, and requests routed by host and
 * path from a Pod (200, the controller's 404, 503 without endpoints, the HTTPS redirect).
 */
import { describe, expect, it } from 'vitest';
import { openSession, type Session } from '../support/session.ts';

const CERT = `-----BEGIN CERTIFICATE-----
MIIBpDCCAUugAwIBAgIUdRrvWXk46m/g2gfWiU2DyqVPdrcwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPd2ViLmV4YW1wbGUuY29tMB4XDTI2MTIwMTIxMTcyOVoXDTM2
MTEyODIxMTcyOVowGjEYMBYGA1UEAwwPd2ViLmV4YW1wbGUuY29tMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAE5qlQg8sw7x6Gjv0bjCdlAbC4VK7SG5ThL8pztq5u
xEUrqno1XuwlzsGCRuuLfFTQJq/2555iBGBaDgnJMOYIqaNvMG0wHQYDVR0OBBYE
FCTJMuIHNSdC3d4ca1RVYnX4j+IwMB8GA1UdIwQYMBaAFCTJMuIHNSdC3d4ca1RV
YnX4j+IwMA8GA1UdEwEB/wQFMAMBAf8wGgYDVR0RBBMwEYIPd2ViLmV4YW1wbGUu
Y29tMAoGCCqGSM49BAMCA0cAMEQCIF/uqx5DmsFrgSdqU4xzbWAUSDDT935wQR7g
x1waFUhkAiAcEzDDeHyRWC3nITbeYGdMvjSmhJf5n35eeI+JHVIw6A==
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgNwT2iTeVghC0xxP6
M7xIpXo+9kdXAp/2VwWKXIgHxuyhRANCAATmqVCDyzDvHoaO/RuMJ2UBsLhUrtIb
lOEvynO2rm7ERSuqejVe7CXOwYJG64t8VNAmr/bnnmIEYFoOCckw5gip
-----END PRIVATE KEY-----
`;

const INSTALL = 'kubectl apply -f https://kind.sigs.k8s.io/examples/ingress/deploy-ingress-nginx.yaml';
const WAIT = 'kubectl wait --namespace ingress-nginx --for=condition=ready pod --selector=app.kubernetes.io/component=controller --timeout=90s';

function ingress(name: string, host: string, path: string, pathType: string, svc: string, port: number, extra = ''): string {
  return `cat <<'EOF' | kubectl apply -f -
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ${name}
spec:${extra}
  rules:
  - host: ${host}
    http:
      paths:
      - path: ${path}
        pathType: ${pathType}
        backend:
          service:
            name: ${svc}
            port:
              number: ${port}
EOF`;
}

async function ok(s: Session, line: string): Promise<string> {
  const r = await s.run(line);
  expect(r.exitCode, `${line}\n${r.output}`).toBe(0);
  return r.output;
}

async function installed(): Promise<Session> {
  const s = await openSession({ seed: 11, preset: 'kind-ingress' });
  await ok(s, INSTALL);
  await ok(s, WAIT);
  await ok(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=2 --port=80');
  await ok(s, 'kubectl expose deployment web --port=80');
  await ok(s, 'kubectl run client --image=curlimages/curl:8.11.0 --command -- sleep 3600');
  await ok(s, 'kubectl wait --for=condition=available deployment/web');
  await ok(s, 'kubectl wait --for=condition=ready pod/client');
  return s;
}

const curl = (host: string, path: string) => `kubectl exec client -- curl -s -H 'Host: ${host}' http://ingress-nginx-controller.ingress-nginx${path}`;

describe('ingress-nginx add-on', () => {
  it('an Ingress has no address and no class to use before the controller is installed', async () => {
    const s = await openSession({ seed: 11, preset: 'kind-ingress' });
    expect((await s.run('kubectl get ingressclass')).output).toBe('No resources found\n');
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80));
    await s.run('sleep 120');
    expect(await ok(s, 'kubectl get ingress web -o jsonpath={.status}')).toBe('{"loadBalancer":{}}');
  });

  it('refuses Ingresses while the webhook has no ready controller behind it', async () => {
    const s = await openSession({ seed: 11, preset: 'kind-ingress' });
    await ok(s, INSTALL);
    const r = await s.run(ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80));
    expect(r.exitCode).toBe(1);
    expect(r.output).toMatch(
      /^Error from server \(InternalError\): error when creating "STDIN": Internal error occurred: failed calling webhook "validate\.nginx\.ingress\.kubernetes\.io": failed to call webhook: Post "https:\/\/ingress-nginx-controller-admission\.ingress-nginx\.svc:443\/networking\/v1\/ingresses\?timeout=10s": dial tcp 10\.96\.\d+\.\d+:443: connect: connection refused\n$/,
    );
    await ok(s, WAIT);
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80));
  });

  it('publishes localhost as the address within a minute, with two Sync events', async () => {
    const s = await installed();
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80, '\n  ingressClassName: nginx'));
    await s.run('sleep 60');
    expect(await ok(s, 'kubectl get ingress web -o jsonpath={.status.loadBalancer.ingress[0].hostname}')).toBe('localhost');
    const d = await ok(s, 'kubectl describe ingress web');
    expect(d).toMatch(/Address:\s+localhost\n/);
    expect(d).toMatch(/Normal {2}Sync {4}\S+ \(x2 over \S+\)\s+nginx-ingress-controller {2}Scheduled for sync\n/);
  });

  it('routes by host and path, and answers 404 and 503 as nginx does', async () => {
    const s = await installed();
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80));
    await ok(s, ingress('docs', 'web.example.com', '/docs', 'Exact', 'docs', 80));
    expect(await ok(s, curl('web.example.com', '/'))).toContain('<title>Welcome to nginx!</title>');
    expect(await ok(s, curl('other.example.com', '/'))).toContain('<center><h1>404 Not Found</h1></center>\n<hr><center>nginx</center>');
    expect(await ok(s, curl('web.example.com', '/docs'))).toContain('<title>503 Service Temporarily Unavailable</title>');
    // Exact: /docs/intro is not /docs, so the longest match left is the Prefix `/`.
    expect(await ok(s, curl('web.example.com', '/docs/intro'))).toContain('404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/1.27');
  });

  it('terminates TLS for the hosts under tls and redirects their plain HTTP to HTTPS', async () => {
    const s = await installed();
    await ok(s, `cat > tls.crt <<'EOF'\n${CERT}EOF`);
    await ok(s, `cat > tls.key <<'EOF'\n${KEY}EOF`);
    await ok(s, 'kubectl create secret tls web-tls --cert=tls.crt --key=tls.key');
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80, '\n  tls:\n  - hosts:\n    - web.example.com\n    secretName: web-tls'));
    expect(await ok(s, curl('web.example.com', '/'))).toContain('<title>308 Permanent Redirect</title>');
    const https = "kubectl exec client -- curl -s --resolve web.example.com:443:$(kubectl get svc -n ingress-nginx ingress-nginx-controller -o jsonpath='{.spec.clusterIP}') https://web.example.com/";
    const refused = await s.run(https);
    expect(refused.exitCode).toBe(60);
    expect(refused.output).toContain('curl: (60) SSL certificate problem: self-signed certificate');
    expect(await ok(s, https.replace('curl -s', 'curl -sk'))).toContain('<title>Welcome to nginx!</title>');
  });

  it('refuses a second Ingress for a host and path another one already defines', async () => {
    const s = await installed();
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80));
    const r = await s.run(ingress('copy', 'web.example.com', '/', 'Prefix', 'web', 80));
    expect(r.output).toBe(
      'Error from server (BadRequest): error when creating "STDIN": admission webhook "validate.nginx.ingress.kubernetes.io" denied the request: host "web.example.com" and path "/" is already defined in ingress default/web\n',
    );
    // Strict path validation: regular expressions need pathType ImplementationSpecific.
    const regex = await s.run(ingress('regex', 'app.example.com', '/foo(/|$)(.*)', 'Prefix', 'web', 80));
    expect(regex.output).toBe(
      'Error from server (BadRequest): error when creating "STDIN": admission webhook "validate.nginx.ingress.kubernetes.io" denied the request: ingress contains invalid paths: path /foo(/|$)(.*) cannot be used with pathType Prefix\n',
    );
    await ok(s, ingress('regex', 'app.example.com', '/foo(/|$)(.*)', 'ImplementationSpecific', 'web', 80));
    // Another class is not this controller's business.
    await ok(s, ingress('other', 'web.example.com', '/', 'Prefix', 'web', 80, '\n  ingressClassName: traefik'));
  });

  it('leaves an Ingress of an unknown class alone: no address, no route', async () => {
    const s = await installed();
    await ok(s, ingress('web', 'web.example.com', '/', 'Prefix', 'web', 80, '\n  ingressClassName: ngnix'));
    await s.run('sleep 70');
    expect(await ok(s, 'kubectl get ingress web -o jsonpath={.status}')).toBe('{"loadBalancer":{}}');
    expect(await ok(s, curl('web.example.com', '/'))).toContain('<title>404 Not Found</title>');
    expect(await ok(s, 'kubectl describe ingress web')).toMatch(/Events:\s+<none>/);
  });
});
