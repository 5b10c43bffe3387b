import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';
import { dnsQuery } from './dns.ts';
import { RELIST_PERIOD_MS } from '../kubelet/relist.ts';

const podYaml = (name: string, script: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  labels: {app: peers}
spec:
  hostname: ${name}
  subdomain: peers
  restartPolicy: Never
  containers:
  - name: main
    image: busybox:1.36
    command: ['sh', '-c', '${script}']
`;

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: peers
spec:
  clusterIP: None
  selector: {app: peers}
`;

const answer = (s: { cluster: Parameters<typeof dnsQuery>[0] }, name: string) => dnsQuery(s.cluster, `${name}.peers.default.svc.cluster.local`, 'A');

type Session = Awaited<ReturnType<typeof openSession>>;

/** Moves cluster time in small steps until `done` holds, giving loading code its turns. */
async function until(s: Session, done: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i++) {
    await new Promise((r) => setImmediate(r));
    s.cluster.clock.advance(10);
  }
  expect(done()).toBe(true);
}

const phase = (s: Session) => s.cluster.api.get('pods', 'default', 'one').status?.phase;
const ready = (s: Session) =>
  (s.cluster.api.get('pods', 'default', 'one').status?.conditions ?? []).some(
    (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
  );

async function session(script: string) {
  const s = await openSession({ seed: 5, preset: 'kind', files: { 'svc.yaml': SERVICE, 'pod.yaml': podYaml('one', script) } });
  await s.run('kubectl apply -f svc.yaml');
  await s.run('kubectl apply -f pod.yaml');
  return s;
}

describe('DNS names of a headless Service follow the kubelet relist', () => {
  it('resolves a Pod by hostname.subdomain only once the relist after its start has passed', async () => {
    const s = await session('sleep 3600');
    await until(s, () => ready(s));
    const ip = s.cluster.api.get('pods', 'default', 'one').status.podIP as string;
    // The Endpoints already list it (the simulator writes status at once)...
    const ep = s.cluster.api.get('endpoints', 'default', 'peers') as { subsets?: { addresses?: object[] }[] };
    expect(ep.subsets?.[0]?.addresses?.[0]).toMatchObject({ ip, hostname: 'one' });
    // ...but the kubelet has not relisted the new container yet: no name, NXDOMAIN as CoreDNS says.
    expect(answer(s, 'one')).toEqual({ rcode: 'NXDOMAIN', answers: [] });
    expect(dnsQuery(s.cluster, 'peers.default.svc.cluster.local', 'A').answers).toEqual([]);
    s.cluster.clock.advance(RELIST_PERIOD_MS);
    expect(answer(s, 'one').answers.map((a) => a.data)).toEqual([ip]);
    expect(dnsQuery(s.cluster, 'peers.default.svc.cluster.local', 'A').answers.map((a) => a.data)).toEqual([ip]);
  });

  it('keeps the name of a Pod whose container exited until the next relist, then drops it', async () => {
    const s = await session('sleep 3');
    await until(s, () => ready(s));
    s.cluster.clock.advance(RELIST_PERIOD_MS);
    const ip = s.cluster.api.get('pods', 'default', 'one').status.podIP as string;
    await until(s, () => phase(s) === 'Succeeded');
    expect(s.cluster.api.get('endpoints', 'default', 'peers').subsets ?? []).toEqual([]);
    expect(answer(s, 'one').answers.map((a) => a.data)).toEqual([ip]);
    expect(dnsQuery(s.cluster, `${ip.split('.').reverse().join('.')}.in-addr.arpa`, 'PTR').answers[0]?.data).toBe('one.peers.default.svc.cluster.local.');
    s.cluster.clock.advance(RELIST_PERIOD_MS);
    expect(answer(s, 'one').rcode).toBe('NXDOMAIN');
  });

  it('drops a Pod at once when its labels leave the selector and it has been running a while', async () => {
    const s = await session('sleep 3600');
    await s.run('kubectl wait --for=condition=Ready pod/one');
    s.cluster.clock.advance(RELIST_PERIOD_MS);
    expect(answer(s, 'one').rcode).toBe('NOERROR');
    await s.run('kubectl label pod one app=other --overwrite');
    expect(answer(s, 'one').rcode).toBe('NXDOMAIN');
  });
});
