import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';
import { dnsQuery, resolveHost } from './dns.ts';
import { hostProbe } from './host.ts';
import type { Endpoints } from '../kinds/generated-types.ts';
import { pickServiceBackend, serviceByClusterIP } from './service-backend.ts';

const AGNHOST = 'registry.k8s.io/e2e-test-images/agnhost:2.39';

async function withWeb(replicas = 3) {
  const s = await openSession({ seed: 3 });
  await s.run(`kubectl create deployment web --image=${AGNHOST} --replicas=${replicas} -- /agnhost serve-hostname --port=8080`);
  await s.run('kubectl expose deployment web --port=80 --target-port=8080');
  await s.run('kubectl run client --image=busybox:1.36 -- sleep 3600');
  await s.run('kubectl wait --for=condition=Ready pod --all');
  return s;
}

describe('Service traffic', () => {
  it('spreads requests over the ready endpoints', async () => {
    const s = await withWeb();
    const r = await s.run(`kubectl exec client -- sh -c 'for i in $(seq 30); do wget -qO- web; echo; done'`);
    expect(new Set(r.stdout.trim().split('\n')).size).toBe(3);
  });

  it('spreads evenly: 3,000 connections over 3 Pods land within a few percent of 1,000 each', async () => {
    const s = await withWeb();
    const svc = s.cluster.api.get('services', 'default', 'web');
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const b = pickServiceBackend(s.cluster, svc, 80)!;
      counts.set(b.ip, (counts.get(b.ip) ?? 0) + 1);
    }
    expect([...counts.values()].every((n) => n > 900 && n < 1100)).toBe(true);
  });

  it('times out on a port the Service does not declare, and refuses when it has no ready endpoints', async () => {
    const s = await withWeb();
    expect((await s.run('kubectl exec client -- wget -T 2 -qO- web:81')).stderr).toBe('wget: download timed out\ncommand terminated with exit code 1\n');
    await s.run('kubectl scale deployment web --replicas=0');
    await s.run('sleep 40');
    expect((await s.run('kubectl exec client -- wget -qO- web')).stderr).toMatch(/Connection refused/);
  });

  it('reports an empty reply as busybox wget does: a port that answers no HTTP closes the connection', async () => {
    const s = await withWeb(1);
    await s.run('kubectl run cache --image=redis:7.2 --port=6379');
    await s.run('kubectl wait --for=condition=Ready pod/cache');
    const ip = s.cluster.api.get('pods', 'default', 'cache').status.podIP;
    const r = await s.run(`kubectl exec client -- wget -O- http://${ip}:6379/`);
    expect(r.stderr).toBe(`Connecting to ${ip}:6379 (${ip}:6379)\nwget: error getting response\ncommand terminated with exit code 1\n`);
    expect((await s.run(`kubectl exec client -- wget -qO- ${ip}:6379`)).stderr).toBe('wget: error getting response\ncommand terminated with exit code 1\n');
  });

  it('times out on an address nobody has', async () => {
    const s = await withWeb();
    const r = await s.run('kubectl exec client -- wget -T 2 -qO- 10.244.9.9');
    expect(r.stderr).toContain('wget: download timed out');
  });

  it('opens a NodePort on every node, control plane included, reachable from the host', async () => {
    const s = await withWeb();
    await s.run('kubectl create service nodeport np --tcp=80:8080 --node-port=30500');
    await s.run(`kubectl patch service np -p '{"spec":{"selector":{"app":"web"}}}'`);
    for (const ip of ['172.18.0.2', '172.18.0.3', '172.18.0.4']) {
      expect((await s.run(`curl -s ${ip}:30500`)).stdout).toMatch(/^web-/);
      expect('error' in hostProbe(s.cluster, ip, 30500)).toBe(false);
    }
    expect(hostProbe(s.cluster, '172.18.0.2', 30501)).toMatchObject({ error: 'refused' });
    // The host has no route to ClusterIPs or Pod IPs.
    const clusterIP = s.cluster.api.get('services', 'default', 'web').spec.clusterIP;
    expect(hostProbe(s.cluster, clusterIP, 80)).toMatchObject({ error: 'timeout' });
  });

  it('gives LoadBalancer Services an address only once cloud-provider-kind runs', async () => {
    const s = await withWeb();
    await s.run('kubectl expose deployment web --name=lb --type=LoadBalancer --port=80 --target-port=8080');
    expect((await s.run('kubectl get service lb')).stdout).toContain('<pending>');
    await s.run('cluster addons enable cloud-provider-kind');
    const ip = s.cluster.api.get('services', 'default', 'lb').status.loadBalancer.ingress[0].ip;
    expect(ip).toBe('172.18.0.5');
    expect((await s.run(`curl -s ${ip}`)).stdout).toMatch(/^web-/);
    // A node added later does not take the load balancer's address.
    await s.run('cluster add-node kind-worker3');
    expect(s.cluster.api.get('nodes', undefined, 'kind-worker3').status.addresses[0].address).toBe('172.18.0.6');
  });
});

describe('cluster DNS', () => {
  it('answers A, SRV, PTR, headless, StatefulSet and ExternalName records', async () => {
    const s = await withWeb(2);
    const c = s.cluster;
    const web = c.api.get('services', 'default', 'web');
    expect(dnsQuery(c, 'web.default.svc.cluster.local', 'A').answers.map((a) => a.data)).toEqual([web.spec.clusterIP]);
    expect(dnsQuery(c, 'nosuch.default.svc.cluster.local', 'A').rcode).toBe('NXDOMAIN');
    expect(serviceByClusterIP(c, web.spec.clusterIP)?.metadata.name).toBe('web');
    const ptr = dnsQuery(c, `${web.spec.clusterIP.split('.').reverse().join('.')}.in-addr.arpa`, 'PTR');
    expect(ptr.answers[0]?.data).toBe('web.default.svc.cluster.local.');

    await s.run(`kubectl patch service web -p '{"spec":{"ports":[{"port":80,"name":"http"}]}}'`);
    expect(dnsQuery(c, '_http._tcp.web.default.svc.cluster.local', 'SRV').answers.map((a) => a.data)).toEqual(['0 100 80 web.default.svc.cluster.local.']);

    await s.run(`kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
  ports:
  - name: http
    port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: nginx:1.27
EOF`);
    await s.run('kubectl rollout status statefulset/db');
    const ip0 = c.api.get('pods', 'default', 'db-0').status.podIP;
    const ip1 = c.api.get('pods', 'default', 'db-1').status.podIP;
    expect(dnsQuery(c, 'db.default.svc.cluster.local', 'A').answers.map((a) => a.data).sort()).toEqual([ip0, ip1].sort());
    expect(dnsQuery(c, 'db-0.db.default.svc.cluster.local', 'A').answers.map((a) => a.data)).toEqual([ip0]);
    expect(dnsQuery(c, '_http._tcp.db.default.svc.cluster.local', 'SRV').answers.map((a) => a.data).sort()).toEqual(['0 50 80 db-0.db.default.svc.cluster.local.', '0 50 80 db-1.db.default.svc.cluster.local.']);
    expect(((c.api.get('endpoints', 'default', 'db') as Endpoints).subsets?.[0]?.addresses ?? []).map((a) => a.hostname).sort()).toEqual(['db-0', 'db-1']);

    await s.run('kubectl create service externalname alias --external-name=web.default.svc.cluster.local');
    const alias = dnsQuery(c, 'alias.default.svc.cluster.local', 'A').answers;
    expect(alias.map((a) => `${a.type} ${a.data}`)).toEqual(['CNAME web.default.svc.cluster.local.', `A ${web.spec.clusterIP}`]);
  });

  it('applies the search list with ndots:5, per namespace', async () => {
    const s = await withWeb(1);
    const c = s.cluster;
    expect(resolveHost(c, 'web', 'default')).toMatchObject({ ok: true, fqdn: 'web.default.svc.cluster.local' });
    expect(resolveHost(c, 'web.default', 'kube-system')).toMatchObject({ ok: true, fqdn: 'web.default.svc.cluster.local' });
    expect(resolveHost(c, 'web', 'kube-system')).toEqual({ ok: false, reason: 'NXDOMAIN' });
  });

  it('prints nslookup as busybox 1.36, busybox 1.28 and dnsutils do, and times out without CoreDNS', async () => {
    const s = await withWeb(1);
    await s.run('kubectl run old --image=busybox:1.28 -- sleep 3600');
    await s.run('kubectl run dnsutils --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 --command -- sleep infinity');
    await s.run('kubectl wait --for=condition=Ready pod --all');
    const ip = s.cluster.api.get('services', 'default', 'web').spec.clusterIP;
    expect((await s.run('kubectl exec client -- nslookup web.default.svc.cluster.local')).stdout).toBe(
      `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${ip}\n\n*** Can't find web.default.svc.cluster.local: No answer\n\n`,
    );
    expect((await s.run('kubectl exec old -- nslookup web')).stdout).toBe(
      `Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      web\nAddress 1: ${ip} web.default.svc.cluster.local\n`,
    );
    expect((await s.run('kubectl exec dnsutils -- nslookup web')).stdout).toBe(`Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${ip}\n\n`);
    const nx = await s.run('kubectl exec dnsutils -- nslookup web.nowhere');
    expect(nx.stdout).toContain("** server can't find web.nowhere: NXDOMAIN");
    expect(nx.exitCode).toBe(1);
    await s.run('kubectl scale deployment coredns -n kube-system --replicas=0');
    await s.run('sleep 5');
    expect((await s.run('kubectl exec dnsutils -- nslookup web')).stdout).toBe(';; connection timed out; no servers could be reached\n\n');
    expect((await s.run('kubectl exec client -- wget -qO- web')).stderr).toBe("wget: bad address 'web'\ncommand terminated with exit code 1\n");
  });

  it('injects Service variables into containers started after the Service', async () => {
    const s = await withWeb(1);
    // client started after web was exposed (withWeb), so it has them.
    const env = (await s.run('kubectl exec client -- env')).stdout;
    const ip = s.cluster.api.get('services', 'default', 'web').spec.clusterIP;
    expect(env).toContain(`WEB_SERVICE_HOST=${ip}\nWEB_SERVICE_PORT=80\nWEB_PORT=tcp://${ip}:80\nWEB_PORT_80_TCP=tcp://${ip}:80\nWEB_PORT_80_TCP_PROTO=tcp\nWEB_PORT_80_TCP_PORT=80\nWEB_PORT_80_TCP_ADDR=${ip}\n`);
    await s.run('kubectl create service clusterip later --tcp=8080:8080');
    expect((await s.run('kubectl exec client -- env')).stdout).not.toContain('LATER_SERVICE_HOST');
  });
});

describe('host (dnsutils)', () => {
  it('prints one line per record and NXDOMAIN as BIND does', async () => {
    const s = await openSession({ seed: 4 });
    await s.run('kubectl create service clusterip web --tcp=80:80');
    await s.run('kubectl run dnsutils --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 --command -- sleep infinity');
    await s.run('kubectl wait --for=condition=Ready pod/dnsutils');
    const ip = s.cluster.api.get('services', 'default', 'web').spec.clusterIP;
    expect((await s.run('kubectl exec dnsutils -- host web')).stdout).toBe(`web.default.svc.cluster.local has address ${ip}\n`);
    expect((await s.run('kubectl exec dnsutils -- host 10.96.0.10')).stdout).toBe('10.0.96.10.in-addr.arpa domain name pointer kube-dns.kube-system.svc.cluster.local.\n');
    const nx = await s.run('kubectl exec dnsutils -- host nosuch');
    expect(nx.stdout).toBe('Host nosuch not found: 3(NXDOMAIN)\n');
    expect(nx.exitCode).toBe(1);
  });
});
