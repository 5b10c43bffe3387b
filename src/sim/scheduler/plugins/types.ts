/**
 * The filter plugin contract: given a Pod and one node, pass or fail with kube-scheduler's
 * reason strings. `resolvable` marks failures preemption could fix (resources), which decides
 * the `preemption: ...` sentence of FailedScheduling.
 */
import type { KubeObject } from '../../api/types.ts';
import type { NodeUsage } from '../../nodes/node-usage.ts';

export type FilterResult = { ok: true } | { ok: false; reasons: string[]; resolvable: boolean };

export interface NodeInfo {
  node: KubeObject;
  usage: NodeUsage;
}

export interface FilterPlugin {
  name: string;
  filter(pod: KubeObject, info: NodeInfo): FilterResult;
}

export const OK: FilterResult = { ok: true };

/** A failure preemption cannot help (UnschedulableAndUnresolvable). */
export function unresolvable(reason: string): FilterResult {
  return { ok: false, reasons: [reason], resolvable: false };
}
