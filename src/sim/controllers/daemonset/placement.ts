/**
 * Where a DaemonSet's pods belong (pkg/controller/daemon/util): the tolerations the
 * controller adds to every daemon pod, the required node affinity that pins a pod to its
 * node, and whether a node should run the pod (node selector, node affinity, NoSchedule and
 * NoExecute taints against the pod's tolerations).
 */
import type { KubeObject } from '../../api/types.ts';
import { firstUntolerated, type Taint, type Toleration } from '../../nodes/taints.ts';
import { podMatchesNode } from '../../scheduler/plugins/node-affinity.ts';
import { daemonTolerations } from './tolerations.ts';

function sameToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && (a.operator ?? 'Equal') === (b.operator ?? 'Equal') && (a.value ?? '') === (b.value ?? '');
}

/** The template's tolerations with the daemon ones added or replacing equal ones (AddOrUpdateTolerationInPodSpec). */
export function withDaemonTolerations(existing: Toleration[] | undefined, hostNetwork: boolean): Toleration[] {
  const out = [...(existing ?? [])];
  for (const t of daemonTolerations(hostNetwork)) {
    const i = out.findIndex((e) => sameToleration(e, t));
    if (i >= 0) out[i] = t;
    else out.push(t);
  }
  return out;
}

/** The affinity with its required node terms replaced by `metadata.name In [node]`. */
export function pinToNode(affinity: Record<string, unknown> | undefined, node: string): Record<string, unknown> {
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }] };
  const a = { ...(affinity ?? {}) } as { nodeAffinity?: Record<string, unknown> };
  a.nodeAffinity = { ...(a.nodeAffinity ?? {}), requiredDuringSchedulingIgnoredDuringExecution: required };
  return a;
}

/** The node a daemon pod is for: its nodeName, else the pinned matchFields value. */
export function podNode(pod: KubeObject): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of terms) {
    for (const f of t.matchFields ?? []) if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length) return f.values[0];
  }
  return undefined;
}

/** Whether `node` should run the DaemonSet's pod (NodeShouldRunDaemonPod). */
export function shouldRunOn(ds: KubeObject, node: KubeObject): boolean {
  const spec = ds.spec?.template?.spec ?? {};
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { ...spec, nodeName: undefined } };
  if (!podMatchesNode(pod, node)) return false;
  const tolerations = withDaemonTolerations(spec.tolerations, spec.hostNetwork === true);
  const taints: Taint[] = node.spec?.taints ?? [];
  return firstUntolerated(taints, tolerations, ['NoSchedule', 'NoExecute']) === undefined;
}
