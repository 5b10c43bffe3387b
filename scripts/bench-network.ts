/**
 * Network figures for `npm run bench network`: a Service over 1,000 ready Pods answering
 * 10,000 requests made from a Pod (wall time, and how evenly the Pods shared them), and DNS
 * lookups per second through a Pod's resolver (search list, ndots:5), and a Service's
 * EndpointSlices following a rolling update of a Deployment whose Pods have a readiness probe.
 */
import { performance } from 'node:perf_hooks';
import { runTranscript } from '../src/cli/transcript.ts';
import type { Cluster } from '../src/sim/index.ts';
import { dnsQuery, resolveHost } from '../src/sim/network/dns.ts';

const AGNHOST = 'registry.k8s.io/e2e-test-images/agnhost:2.39';

/** What `spreadOverPods` measured. */
export interface SpreadResult {
  setupMs: number;
  ms: number;
  requests: number;
  pods: number;
  min: number;
  max: number;
  /** Pearson's chi-square of the counts against an even spread; about `pods - 1` when random and even. */
  chiSquare: number;
}

/** 1,000 ready agnhost Pods behind Service `web`; a busybox Pod fetches `http://web` 10,000 times. */
export async function spreadOverPods(cluster: Cluster, pods = 1000, requests = 10_000): Promise<SpreadResult> {
  const t0 = performance.now();
  await runTranscript(
    [
      `kubectl create deployment web --image=${AGNHOST} --replicas=${pods} -- /agnhost serve-hostname --port=8080`,
      'kubectl expose deployment web --port=80 --target-port=8080',
      'kubectl run client --image=busybox:1.36 -- sleep infinity',
      'kubectl wait --for=condition=Ready pods --all --timeout=3600s',
      '',
    ].join('\n'),
    { cluster, stepMs: 0 },
  );
  const setupMs = performance.now() - t0;
  const t1 = performance.now();
  const out = await runTranscript(`kubectl exec client -- sh -c 'i=0; while [ $i -lt ${requests} ]; do wget -qO- web; echo; i=$((i+1)); done'\n`, {
    cluster,
    stepMs: 0,
  });
  const ms = performance.now() - t1;
  const counts = new Map<string, number>();
  for (const line of out.split('\n')) if (line.startsWith('web-')) counts.set(line, (counts.get(line) ?? 0) + 1);
  const values = [...counts.values()];
  const total = values.reduce((a, b) => a + b, 0);
  const expected = total / pods;
  const all = [...values, ...new Array(Math.max(0, pods - values.length)).fill(0)];
  const chiSquare = all.reduce((s, v) => s + (v - expected) ** 2 / expected, 0);
  return { setupMs, ms, requests: total, pods: counts.size, min: Math.min(...all), max: Math.max(...all), chiSquare };
}

/** Lookups per second of `web` through the search list, and of the 1,000-address headless name. */
export function dnsRate(cluster: Cluster, n = 100_000): { resolverPerSec: number; headlessPerSec: number } {
  let t = performance.now();
  for (let i = 0; i < n; i++) resolveHost(cluster, 'web', 'default');
  const resolverPerSec = n / ((performance.now() - t) / 1000);
  const m = Math.floor(n / 10);
  t = performance.now();
  for (let i = 0; i < m; i++) dnsQuery(cluster, 'web-headless.default.svc.cluster.local', 'A');
  const headlessPerSec = m / ((performance.now() - t) / 1000);
  return { resolverPerSec, headlessPerSec };
}

/** A Deployment of nginx behind Service `web`, each Pod Ready once its readiness probe answers. */
function probedDeployment(replicas: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.26
        ports:
        - containerPort: 80
        readinessProbe:
          httpGet:
            path: /
            port: 80
          initialDelaySeconds: 2
          periodSeconds: 5
`;
}

/** What `endpointsThroughRollout` measured. */
export interface RolloutEndpointsResult {
  ms: number;
  /** CPU time of this process over the same span (user + system): steadier than wall time on a shared machine. */
  cpuMs: number;
  /** Ready endpoints of Service `web` at the end, and how many of them are Pods of the new template. */
  ready: number;
  fromNewPods: number;
  slices: number;
  /** The fewest ready endpoints seen during the rollout (maxUnavailable 25% keeps at least 75%). */
  minReady: number;
}

type Slice = { endpoints?: { conditions?: { ready?: boolean }; targetRef?: { name?: string } }[] };

/**
 * A `replicas`-Pod Deployment with a readiness probe behind Service `web`: the wall time of a
 * rolling update (`set image`, `rollout status`) until the Service's EndpointSlices list only
 * the new Pods, all ready, and the fewest ready endpoints the Service had on the way.
 */
export async function endpointsThroughRollout(cluster: Cluster, replicas: number): Promise<RolloutEndpointsResult> {
  const files = { '/home/learner/web.yaml': probedDeployment(replicas) };
  await runTranscript('kubectl apply -f web.yaml\nkubectl expose deployment web --port=80\nkubectl rollout status deployment/web --timeout=24h\n', {
    cluster,
    files,
    stepMs: 0,
  });
  const slices = () =>
    cluster.api.list('endpointslices.discovery.k8s.io', {
      namespace: 'default',
      filter: (s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'web',
    }) as unknown as Slice[];
  const readyNow = () => slices().reduce((n, s) => n + (s.endpoints ?? []).filter((e) => e.conditions?.ready).length, 0);
  let minReady = readyNow();
  // Ready endpoints per slice, updated from each slice's own event (a full scan per event would dominate at 10,000).
  const perSlice = new Map<string, number>();
  for (const s of slices() as (Slice & { metadata: { name: string } })[])
    perSlice.set(s.metadata.name, (s.endpoints ?? []).filter((e) => e.conditions?.ready).length);
  const stop = cluster.api.watch('endpointslices.discovery.k8s.io', 'default', (e) => {
    if (e.object.metadata.labels?.['kubernetes.io/service-name'] !== 'web') return;
    const name = e.object.metadata.name ?? '';
    if (e.type === 'DELETED') perSlice.delete(name);
    else perSlice.set(name, ((e.object as unknown as Slice).endpoints ?? []).filter((x) => x.conditions?.ready).length);
    let sum = 0;
    for (const v of perSlice.values()) sum += v;
    minReady = Math.min(minReady, sum);
  });
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  await runTranscript('kubectl set image deployment/web nginx=nginx:1.27\nkubectl rollout status deployment/web --timeout=24h\n', { cluster, stepMs: 0 });
  const rs = cluster.api.list('replicasets.apps', { namespace: 'default' }).find((r) => r.spec?.template?.spec?.containers?.[0]?.image === 'nginx:1.27');
  const hash = rs?.metadata.labels?.['pod-template-hash'] as string | undefined;
  // The rollout is done when the new Pods are available; the EndpointSlice controller may still owe its last batch.
  const converged = () => {
    const eps = slices().flatMap((s) => s.endpoints ?? []);
    return eps.length === replicas && eps.every((e) => e.conditions?.ready && hash && e.targetRef?.name?.includes(`-${hash}-`));
  };
  for (let i = 0; i < 600 && !converged(); i++) await runTranscript('sleep 1\n', { cluster, stepMs: 0 });
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  stop();
  const eps = slices().flatMap((s) => s.endpoints ?? []);
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    ready: eps.filter((e) => e.conditions?.ready).length,
    fromNewPods: eps.filter((e) => hash && e.targetRef?.name?.includes(`-${hash}-`)).length,
    slices: slices().length,
    minReady,
  };
}
