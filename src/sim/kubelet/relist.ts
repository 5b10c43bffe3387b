/**
 * When the kubelet learns that a container started or exited. The 1.32 kubelet finds out by
 * relisting the node's containers (the generic pod lifecycle event generator, every second)
 * and reports the Pod's new state, Ready or no longer Ready, only after that relist. So for
 * up to a second after a process starts its Pod is not yet Ready as the rest of the cluster
 * sees it, and for up to a second after it exits the Pod still is.
 *
 * The simulator's kubelet writes status at once; `reportedReady` says what the kubelet had
 * reported at a given time, for the one place where that second shows to the Pods themselves:
 * the DNS names of headless Service endpoints (src/sim/network/dns-endpoints.ts).
 */

/** What the relist looks at in a container's runtime state (runtime.ts's ContainerRuntime has it). */
export interface RelistedContainer {
  init: boolean;
  ephemeral?: boolean;
  step: string;
  ready: boolean;
  spec: { readinessProbe?: unknown; startupProbe?: unknown } | undefined;
  running?: { startedAt: number };
  terminated?: { startedAt: number; finishedAt: number };
}

/** What the relist looks at in a Pod's runtime state (runtime.ts's PodRuntime has it). */
export interface RelistedPod {
  node: string;
  terminating: boolean;
  containers: RelistedContainer[];
}

/** The relist period of the kubelet's pod lifecycle event generator. */
export const RELIST_PERIOD_MS = 1_000;

/** The node's relist phase within the period, fixed per node name. */
function relistPhase(node: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < node.length; i++) h = Math.imul(h ^ node.charCodeAt(i), 0x01000193);
  return (h >>> 0) % RELIST_PERIOD_MS;
}

/** The time of the node's first relist strictly after `t` (ms of cluster time). */
export function nextRelist(node: string, t: number): number {
  const phase = relistPhase(node);
  const into = (((t - phase) % RELIST_PERIOD_MS) + RELIST_PERIOD_MS) % RELIST_PERIOD_MS;
  return t - into + RELIST_PERIOD_MS;
}

const appContainers = (rt: RelistedPod) => rt.containers.filter((c) => !c.init && !c.ephemeral);

/** Whether a start or exit of one of the Pod's containers is still unknown to the kubelet at `now`. */
export function unreported(rt: RelistedPod, now: number): boolean {
  return appContainers(rt).some(
    (c) =>
      (c.running !== undefined && now < nextRelist(rt.node, c.running.startedAt)) ||
      (c.terminated !== undefined && now < nextRelist(rt.node, c.terminated.finishedAt)),
  );
}

/** Whether the kubelet, as of its last relist before `now`, had this container reported running and ready. */
function reportedReadyContainer(rt: RelistedPod, c: RelistedContainer, now: number): boolean {
  if (c.step === 'running' && c.running) return now >= nextRelist(rt.node, c.running.startedAt) && c.ready;
  const t = c.terminated;
  if (!t || now >= nextRelist(rt.node, t.finishedAt)) return false;
  // Exited, not yet relisted: still reported as it ran, ready if nothing but its start gated that.
  return !c.spec?.readinessProbe && !c.spec?.startupProbe && nextRelist(rt.node, t.startedAt) <= t.finishedAt;
}

/** Whether the Pod was Ready as the kubelet had last reported it at `now` (every app container running and ready). */
export function reportedReady(rt: RelistedPod, now: number): boolean {
  const apps = appContainers(rt);
  return !rt.terminating && apps.length > 0 && apps.every((c) => reportedReadyContainer(rt, c, now));
}
