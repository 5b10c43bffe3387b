/**
 * Performance figures for the simulator and the site. Prints one line per figure.
 *
 *   npm run bench            (run `npm run build` first for the JavaScript-bytes figures)
 *
 * Wall-clock times are measured here, in the host; the cluster itself runs on virtual time,
 * so "reach all Running" means: apply, then let the cluster's clock run until every Pod is
 * Running and Ready, as fast as the machine can compute it. Each timing is the median of three
 * runs on fresh clusters (a shared machine's load varies from run to run); the heap figures are
 * live data after a full collection (`npm run bench` runs node with --expose-gc).
 *
 *   npm run bench [pods rollout sts cronjob network replay js]   (and, only when named: endpoints-rollout [large] [three])
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { runTranscript } from '../src/cli/transcript.ts';
import { createCluster, loadInstallerCode, type Cluster } from '../src/sim/index.ts';
import { addNode } from '../src/sim/host-api.ts';
import { createMemoryFS } from '../src/shell/fs.ts';
import { replayJournal, type JournalEntry } from '../src/host/replay.ts';

// The whole simulator is at hand in Node: its on-first-use code is loaded before anything is timed.
await loadInstallerCode();

function podManifests(n: number): string {
  const docs: string[] = [];
  for (let i = 0; i < n; i++) {
    docs.push(
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: bench-${i}\n  labels:\n    app: bench\nspec:\n  containers:\n  - name: web\n    image: nginx:1.25\n`,
    );
  }
  return docs.join('---\n');
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** Runs `fn` three times (a fresh cluster each time) and keeps the run with the median time. */
async function median3<T extends { ms: number }>(fn: () => Promise<T>): Promise<T & { runs: number[] }> {
  const results: T[] = [];
  for (let i = 0; i < 3; i++) {
    results.push(await fn());
    collect();
  }
  const sorted = [...results].sort((a, b) => a.ms - b.ms);
  return { ...sorted[1]!, runs: results.map((r) => r.ms) };
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Full garbage collection (node --expose-gc, as `npm run bench` runs), so heap figures are live data only. */
function collect(): void {
  gc?.();
  gc?.();
}

/** Heap in use after a full collection, in MB; undefined without --expose-gc. */
function heapMB(): number | undefined {
  if (!gc) return undefined;
  collect();
  return process.memoryUsage().heapUsed / 1_048_576;
}

function runs(r: { runs: number[] }): string {
  return `median of 3: ${r.runs.map(fmt).join(', ')}`;
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

function runningPods(c: Cluster, ns = 'default'): number {
  return c.api.list('pods', { namespace: ns }).filter((p) => p.status?.phase === 'Running').length;
}

/**
 * The cluster every size runs on, so that 1,000 and 10,000 compare like for like: kind's three
 * nodes plus ten workers whose kubelets take 1,100 Pods each (a real kubelet's maxPods is 110 by
 * default and is raised the same way, through its configuration).
 */
function benchCluster(): Cluster {
  const cluster = createCluster({ seed: 1 });
  for (let i = 3; i <= 12; i++) addNode(cluster, `kind-worker${i}`, { pods: '1100', cpu: '64', memory: '256Gi' });
  return cluster;
}

/** Applies N pods from one multi-document file and waits until all are Ready. */
async function applyPods(n: number): Promise<{ ms: number; cluster: Cluster; running: number }> {
  const cluster = benchCluster();
  const files = { '/home/learner/pods.yaml': podManifests(n) };
  const { ms } = await timed(() =>
    runTranscript('kubectl apply -f pods.yaml\nkubectl wait --for=condition=Ready pods --all --timeout=3600s\n', {
      cluster,
      files,
      stepMs: 0,
    }),
  );
  return { ms, cluster, running: runningPods(cluster) };
}

async function getPods(cluster: Cluster): Promise<{ ms: number; lines: number }> {
  // Warm once (first-call compilation), then take the median of three.
  await runTranscript('kubectl get pods\n', { cluster, stepMs: 0 });
  const times: number[] = [];
  let lines = 0;
  for (let i = 0; i < 3; i++) {
    const { ms, value } = await timed(() => runTranscript('kubectl get pods\n', { cluster, stepMs: 0 }));
    times.push(ms);
    lines = value.split('\n').length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[1]!, lines };
}

async function rollingUpdate(replicas: number): Promise<{ ms: number; out: string }> {
  const cluster = benchCluster();
  await runTranscript(
    `kubectl create deployment big --image=nginx:1.25 --replicas=${replicas}\nkubectl rollout status deployment/big --timeout=24h\n`,
    { cluster, stepMs: 0 },
  );
  const { ms, value } = await timed(() =>
    runTranscript('kubectl set image deployment/big nginx=nginx:1.26\nkubectl rollout status deployment/big --timeout=24h\n', {
      cluster,
      stepMs: 0,
    }),
  );
  return { ms, out: value.trim().split('\n').slice(-1)[0] ?? '' };
}

async function statefulSetScale(): Promise<{ ms: number; out: string }> {
  const cluster = benchCluster();
  const manifest = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
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
        image: nginx:1.25
`;
  const { ms, value } = await timed(() =>
    runTranscript(
      'kubectl apply -f sts.yaml\nkubectl scale sts db --replicas=100\nkubectl rollout status sts/db --timeout=24h\nkubectl scale sts db --replicas=0\nkubectl wait --for=delete pod/db-0 --timeout=24h\nkubectl get sts db --no-headers\n',
      { cluster, stepMs: 0, files: { '/home/learner/sts.yaml': manifest } },
    ),
  );
  return { ms, out: value.trim().split('\n').slice(-1)[0] ?? '' };
}

async function cronJobDay(): Promise<{ ms: number; jobs: number; pods: number }> {
  const cluster = benchCluster();
  await runTranscript("kubectl create cronjob tick --image=busybox --schedule='*/1 * * * *' -- date\n", { cluster, stepMs: 0 });
  const { ms } = await timed(async () => {
    cluster.advance(24 * 3_600_000);
  });
  return {
    ms,
    jobs: cluster.api.list('jobs.batch', { namespace: 'default' }).length,
    pods: cluster.api.list('pods', { namespace: 'default' }).length,
  };
}

/**
 * A journal of `n` commands a learner might type, five seconds apart: Pods created, listed,
 * labelled, described and deleted, a Deployment scaled up and down.
 */
function learnerJournal(start: number, n: number): JournalEntry[] {
  const kinds = [
    (i: number) => `kubectl run p${i} --image=nginx:1.27`,
    () => 'kubectl get pods',
    (i: number) => `kubectl label pod p${i - 2} tier=web`,
    (i: number) => `kubectl describe pod p${i - 3}`,
    (i: number) => `kubectl delete pod p${i - 4} --wait=false`,
    (i: number) => (i % 2 ? 'kubectl scale deployment web --replicas=5' : 'kubectl scale deployment web --replicas=2'),
  ];
  const out: JournalEntry[] = [{ t: start, line: 'kubectl create deployment web --image=nginx:1.27' }];
  for (let i = 1; i < n; i++) out.push({ t: start + i * 5000, line: kinds[i % kinds.length]!(i) });
  return out;
}

/** Restores a lesson's cluster from `entries` as the page does on reload; returns the wall time. */
async function restore(entries: JournalEntry[], until: number): Promise<{ ms: number; pods: number; events: number }> {
  const cluster = createCluster({ seed: 1 });
  const { ms } = await timed(() =>
    replayJournal({ cluster, fs: createMemoryFS(), entries, until, yieldToHost: () => new Promise((r) => setImmediate(r)) }),
  );
  return { ms, pods: cluster.store.count('pods'), events: cluster.store.count('events') };
}

async function section(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    console.log(`${name}: not measured (${e instanceof Error ? e.message : String(e)})`);
  }
}

const only = process.argv.slice(2);
const want = (k: string): boolean => only.length === 0 || only.includes(k);

if (want('pods')) {
  await section('pods', async () => {
    collect();
    const heap0 = heapMB();
    const a1 = await median3(() => applyPods(1000));
    console.log(`apply 1,000 Pods (one multi-document file) until all Running: ${fmt(a1.ms)} (${a1.running} Running; ${runs(a1)})`);
    const g1 = await getPods(a1.cluster);
    console.log(`kubectl get pods over 1,000 Pods: ${fmt(g1.ms)} (${g1.lines - 2} rows)`);
    const heap1 = heapMB();
    a1.cluster = undefined as unknown as Cluster;
    collect();
    const a10 = await median3(() => applyPods(10000));
    console.log(`apply 10,000 Pods until all Running: ${fmt(a10.ms)} (${a10.running} Running; ${runs(a10)})`);
    const g10 = await getPods(a10.cluster);
    console.log(`kubectl get pods over 10,000 Pods: ${fmt(g10.ms)} (${g10.lines - 2} rows)`);
    const heap10 = heapMB();
    console.log(`  ratio 10,000 / 1,000: apply ${(a10.ms / a1.ms).toFixed(1)}x, get ${(g10.ms / g1.ms).toFixed(1)}x (target <= 12x)`);
    if (heap0 === undefined || heap1 === undefined || heap10 === undefined) console.log('heap in use: not measured (run node with --expose-gc, as `npm run bench` does)');
    else {
      console.log(
        `heap in use after GC: ${heap0.toFixed(1)} MB before, ${heap1.toFixed(1)} MB with 1,000 Pods, ${heap10.toFixed(1)} MB with 10,000 Pods (about ${(((heap10 - heap1) * 1024) / 9000).toFixed(1)} KB per Pod, with its events)`,
      );
    }
  });
}

if (want('rollout')) {
  await section('rollout', async () => {
    const r1 = await median3(() => rollingUpdate(1000));
    console.log(`rolling update of a 1,000-replica Deployment to completion: ${fmt(r1.ms)} (${r1.out}; ${runs(r1)})`);
    const r10 = await median3(() => rollingUpdate(10000));
    console.log(`rolling update of a 10,000-replica Deployment to completion: ${fmt(r10.ms)} (${r10.out}; ${runs(r10)})`);
    console.log(`  ratio 10,000 / 1,000: ${(r10.ms / r1.ms).toFixed(1)}x (target <= 11x, medians of three)`);
  });
}

if (want('sts')) {
  await section('sts', async () => {
    const s = await median3(() => statefulSetScale());
    console.log(`StatefulSet scaled 1 -> 100 (OrderedReady) -> 0: ${fmt(s.ms)} (${s.out}; ${runs(s)})`);
  });
}

if (want('cronjob')) {
  await section('cronjob', async () => {
    const c = await median3(() => cronJobDay());
    console.log(`CronJob every minute through 24 simulated hours: ${fmt(c.ms)} (${c.jobs} Jobs and ${c.pods} Pods kept by the history limits; ${runs(c)})`);
  });
}

if (want('network')) {
  await section('network', async () => {
    const { spreadOverPods, dnsRate } = await import('./bench-network.ts');
    const cluster = benchCluster();
    const s = await spreadOverPods(cluster);
    console.log(`Service over 1,000 ready Pods, 10,000 requests from a Pod: ${fmt(s.ms)} (setup ${fmt(s.setupMs)}; ${s.requests} answers from ${s.pods} Pods, ${s.min} to ${s.max} each, chi-square ${s.chiSquare.toFixed(0)} for 999 degrees of freedom)`);
    await runTranscript('kubectl create service clusterip web-headless --clusterip=None --tcp=8080:8080\nkubectl patch service web-headless -p \'{"spec":{"selector":{"app":"web"}}}\'\n', { cluster, stepMs: 1000 });
    const d = dnsRate(cluster);
    console.log(`DNS: ${Math.round(d.resolverPerSec).toLocaleString('en')} lookups/s of a Service name through the search list; ${Math.round(d.headlessPerSec).toLocaleString('en')} queries/s of a headless name with 1,000 addresses`);
  });
}

// Endpoints through a rolling update with a readiness probe. Only when asked (`npm run bench
// endpoints-rollout`, 100 and 300 Pods; `endpoints-rollout large`, 1,000 and 10,000 Pods): the
// large size takes minutes. Each size is the median of three runs, except 10,000 (one run) unless
// `three` is named too. Wall and CPU time are both printed: on a shared machine the CPU time of
// the process moves much less with the load than the wall time does.
if (only.includes('endpoints-rollout')) {
  await section('endpoints-rollout', async () => {
    const { endpointsThroughRollout } = await import('./bench-network.ts');
    const sizes = only.includes('large') ? [1000, 10_000] : [100, 300];
    const results: [number, Awaited<ReturnType<typeof endpointsThroughRollout>>][] = [];
    for (const n of sizes) {
      collect();
      const once = () => endpointsThroughRollout(benchCluster(), n);
      const e = n >= 10_000 && !only.includes('three') ? { ...(await once()), runs: [] as number[] } : await median3(once);
      results.push([n, e]);
      const how = e.runs.length ? runs(e) : 'one run';
      console.log(
        `endpoints of a ${n.toLocaleString('en')}-Pod Deployment through a rolling update with a readiness probe: ${fmt(e.ms)}, CPU ${fmt(e.cpuMs)} (${how}; ${e.fromNewPods} of ${e.ready} ready endpoints from the new Pods in ${e.slices} EndpointSlices; never fewer than ${e.minReady} ready)`,
      );
    }
    const at = (n: number) => results.find(([k]) => k === n)?.[1];
    const [small, big] = [at(sizes[0]!), at(sizes[1]!)];
    if (small && big)
      console.log(
        `  ratio ${sizes[1]!.toLocaleString('en')} / ${sizes[0]!.toLocaleString('en')}: ${(big.ms / small.ms).toFixed(1)}x wall, ${(big.cpuMs / small.cpuMs).toFixed(1)}x CPU (linear would be ${sizes[1]! / sizes[0]!}x)`,
      );
  });
}

if (want('replay')) {
  await section('replay', async () => {
    const start = createCluster({ seed: 1 }).clock.now();
    for (const n of [1000, 5000]) {
      const entries = learnerJournal(start, n);
      const r = await median3(() => restore(entries, entries[entries.length - 1]!.t + 1000));
      console.log(`restore a lesson from ${n.toLocaleString('en')} journal entries: ${fmt(r.ms)} (${r.pods} Pods, ${r.events} Events; ${runs(r)})`);
    }
    const week = 7 * 24 * 3_600_000;
    const cron = await median3(() => restore([{ t: start, line: "kubectl create cronjob tick --image=busybox:1.36 --schedule='* * * * *' -- date" }], start + week));
    console.log(`restore a lesson after a week of a per-minute CronJob: ${fmt(cron.ms)} (${cron.pods} Pods, ${cron.events} Events; ${runs(cron)})`);
  });
}

if (want('js')) {
  await section('js', async () => {
    if (!existsSync('dist')) throw new Error('no dist/: run `npm run build` first');
    const { measureJs, formatReport } = await import('./measure-js.ts');
    console.log(formatReport(await measureJs()));
  });
}
