/**
 * The Pod table (printers.go printPod): READY, the STATUS reason algorithm, RESTARTS with
 * "(x ago)", and the wide IP / NODE / NOMINATED NODE / READINESS GATES cells.
 */
import { humanDuration } from '../../api/duration.ts';
import type { KubeObject } from '../../api/types.ts';
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function isRestartable(c: Obj | undefined): boolean {
  return c?.restartPolicy === 'Always';
}

function ts(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

function terminatedReason(t: Obj, prefix: string): string {
  if (t.reason) return prefix + t.reason;
  return t.signal ? `${prefix}Signal:${t.signal}` : `${prefix}ExitCode:${t.exitCode ?? 0}`;
}

/** The READY, STATUS and RESTARTS cells of a Pod row. */
export interface PodRowSummary {
  ready: string;
  status: string;
  restarts: string;
}

/** READY, STATUS and RESTARTS exactly as printPod computes them. */
export function podSummary(pod: KubeObject, now: number): PodRowSummary {
  const spec: Obj = pod.spec ?? {};
  const status: Obj = pod.status ?? {};
  const conditions: Obj[] = status.conditions ?? [];
  let restarts = 0;
  let restartableInitRestarts = 0;
  let totalContainers = (spec.containers ?? []).length;
  let readyContainers = 0;
  let lastRestart: number | undefined;
  let lastRestartableInitRestart: number | undefined;
  const phase: string = status.phase ?? '';
  let reason: string = status.reason || phase;
  for (const c of conditions) if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';

  const initSpecs = new Map<string, Obj>();
  for (const c of spec.initContainers ?? []) {
    initSpecs.set(c.name, c);
    if (isRestartable(c)) totalContainers++;
  }
  const later = (a: number | undefined, b: number | undefined): number | undefined => (b !== undefined && (a === undefined || b > a) ? b : a);

  let initializing = false;
  const initStatuses: Obj[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i]!;
    restarts += cs.restartCount ?? 0;
    const lastTerm = ts(cs.lastState?.terminated?.finishedAt);
    lastRestart = later(lastRestart, lastTerm);
    const restartable = isRestartable(initSpecs.get(cs.name));
    if (restartable) {
      restartableInitRestarts += cs.restartCount ?? 0;
      lastRestartableInitRestart = later(lastRestartableInitRestart, lastTerm);
    }
    const st: Obj = cs.state ?? {};
    if (st.terminated && (st.terminated.exitCode ?? 0) === 0) continue;
    if (restartable && cs.started === true) {
      if (cs.ready) readyContainers++;
      continue;
    }
    if (st.terminated) reason = terminatedReason(st.terminated, 'Init:');
    else if (st.waiting?.reason && st.waiting.reason !== 'PodInitializing') reason = `Init:${st.waiting.reason}`;
    else reason = `Init:${i}/${(spec.initContainers ?? []).length}`;
    initializing = true;
    break;
  }

  const initializedTrue = conditions.some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initializedTrue) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses: Obj[] = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i]!;
      restarts += cs.restartCount ?? 0;
      lastRestart = later(lastRestart, ts(cs.lastState?.terminated?.finishedAt));
      const st: Obj = cs.state ?? {};
      if (st.waiting?.reason) reason = st.waiting.reason;
      else if (st.terminated?.reason) reason = st.terminated.reason;
      else if (st.terminated) reason = terminatedReason(st.terminated, '');
      else if (cs.ready && st.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      reason = conditions.some((c) => c.type === 'Ready' && c.status === 'True') ? 'Running' : 'NotReady';
    }
  }

  if (pod.metadata.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';

  let restartsText = String(restarts);
  if (restarts !== 0 && lastRestart !== undefined) restartsText = `${restarts} (${humanDuration(now - lastRestart)} ago)`;
  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts: restartsText };
}

function readinessGates(pod: KubeObject): string {
  const gates: Obj[] = pod.spec?.readinessGates ?? [];
  if (!gates.length) return '<none>';
  const conditions: Obj[] = pod.status?.conditions ?? [];
  let ok = 0;
  for (const g of gates) {
    const c = conditions.find((x) => x.type === g.conditionType);
    if (c?.status === 'True') ok++;
  }
  return `${ok}/${gates.length}`;
}

/** Installs its `kubectl get` tables into an API server. */
export function installPodsTables(api: ApiRegistries): void {
  api.tables.register('pods', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Ready', priority: 0 },
      { name: 'Status', priority: 0 },
      { name: 'Restarts', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'IP', priority: 1 },
      { name: 'Node', priority: 1 },
      { name: 'Nominated Node', priority: 1 },
      { name: 'Readiness Gates', priority: 1 },
    ],
    row(pod, now) {
      const s = podSummary(pod, now);
      return [
        pod.metadata.name ?? '',
        s.ready,
        s.status,
        s.restarts,
        age(pod, now),
        pod.status?.podIPs?.[0]?.ip || '<none>',
        pod.spec?.nodeName || '<none>',
        pod.status?.nominatedNodeName || '<none>',
        readinessGates(pod),
      ];
    },
  });
}
