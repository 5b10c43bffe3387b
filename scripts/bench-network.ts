/**
 * Network figures for `npm run bench network`: a Service over 1,000 ready Pods answering
 * 10,000 requests made from a Pod (wall time, and how evenly the Pods shared them), and DNS
 * lookups per second through a Pod's resolver (search list, ndots:5).
 */
import { performance } from 'node:perf_hooks';
import { runTranscript } from '../src/cli/transcript.ts';
import { dnsQuery, resolveHost, type Cluster } from '../src/sim/index.ts';

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
  const out = await runTranscript(`kubectl exec client -- sh -c 'i=0; while [ $i -lt ${requests} ]; do wget -qO- web; echo; i=$((i+1)); done'\n`, { cluster, stepMs: 0 });
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
