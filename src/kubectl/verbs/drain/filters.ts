/**
 * Which pods `kubectl drain` may remove (kubectl's drain filters, applied in order, the last
 * status wins): DaemonSet pods need --ignore-daemonsets, mirror (static) pods are skipped,
 * emptyDir pods need --delete-emptydir-data, pods without a controller need --force.
 */
import type { KubeObject, ReadClient } from '../../../sim/index.ts';

export interface DrainOptions {
  force: boolean;
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
}

type Status = { delete: boolean; kind: 'okay' | 'skip' | 'warning' | 'error'; message: string };

const okay: Status = { delete: true, kind: 'okay', message: '' };
const warn = (del: boolean, message: string): Status => ({ delete: del, kind: 'warning', message });
const fail = (message: string): Status => ({ delete: false, kind: 'error', message });

export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'Pods declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';

function finished(pod: KubeObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

function controllerOf(pod: KubeObject) {
  return pod.metadata.ownerReferences?.find((r) => r.controller);
}

/** A pod's verdict after all filters. */
export function podStatus(api: ReadClient, pod: KubeObject, o: DrainOptions): Status {
  const filters: ((p: KubeObject) => Status)[] = [
    (p) => {
      const ref = controllerOf(p);
      if (!ref || ref.kind !== 'DaemonSet' || finished(p)) return okay;
      if (!api.tryGet('daemonsets.apps', p.metadata.namespace, ref.name)) {
        const msg = `daemonsets.apps "${ref.name}" not found`;
        return o.force ? warn(true, msg) : fail(msg);
      }
      return o.ignoreDaemonSets ? warn(false, DAEMONSET_WARNING) : fail(DAEMONSET_FATAL);
    },
    (p) => (p.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined ? { delete: false, kind: 'skip', message: '' } : okay),
    (p) => {
      const local = ((p.spec?.volumes ?? []) as { emptyDir?: unknown }[]).some((v) => v.emptyDir);
      if (!local || finished(p)) return okay;
      return o.deleteEmptyDirData ? warn(true, LOCAL_STORAGE_WARNING) : fail(LOCAL_STORAGE_FATAL);
    },
    (p) => {
      if (finished(p) || controllerOf(p)) return okay;
      return o.force ? warn(true, UNMANAGED_WARNING) : fail(UNMANAGED_FATAL);
    },
  ];
  let status = okay;
  for (const f of filters) {
    status = f(pod);
    if (!status.delete) break;
  }
  return status;
}

/** `ns/name, ns/name` grouped by message, for errors and warnings. */
function grouped(items: { pod: KubeObject; status: Status }[], kind: Status['kind']): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const { pod, status } of items) {
    if (status.kind !== kind) continue;
    const list = m.get(status.message) ?? [];
    list.push(`${pod.metadata.namespace}/${pod.metadata.name}`);
    m.set(status.message, list);
  }
  return m;
}

/** What GetPodsForDeletion finds on a node: pods to evict, errors, warnings. */
export function podsForDeletion(api: ReadClient, node: string, o: DrainOptions, podFilter?: (p: KubeObject) => boolean) {
  const pods = api
    .list('pods', { fieldSelector: `spec.nodeName=${node}` })
    .items.filter((p) => !podFilter || podFilter(p))
    .sort((a, b) => (a.metadata.namespace! + '/' + a.metadata.name!).localeCompare(b.metadata.namespace! + '/' + b.metadata.name!));
  const items = pods.map((pod) => ({ pod, status: podStatus(api, pod, o) }));
  const errors = [...grouped(items, 'error')].map(([msg, list]) => `cannot delete ${msg}: ${list.join(', ')}`).sort();
  const warnings = [...grouped(items, 'warning')].map(([msg, list]) => `${msg}: ${list.join(', ')}`).sort();
  return { pods: items.filter((i) => i.status.delete).map((i) => i.pod), errors, warnings: warnings.join('; ') };
}
