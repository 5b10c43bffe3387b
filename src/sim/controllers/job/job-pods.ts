/**
 * The pods a Job creates: its template with generateName `<job>-` (Indexed: `<job>-<index>-`,
 * the completion-index label and annotation, hostname `<job>-<index>` and the
 * JOB_COMPLETION_INDEX variable), owned by the Job.
 */
import { clone, type KubeObject } from '../../api/types.ts';
import { controllerRef } from '../statefulset/pods.ts';

export const COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';

/** The pod to create for `job` (for completion `index` when Indexed). */
export function jobPod(job: KubeObject, index: number | undefined): KubeObject {
  const tmpl = clone(job.spec.template ?? {});
  const name = job.metadata.name!;
  const labels: Record<string, string> = { ...(tmpl.metadata?.labels ?? {}) };
  const annotations: Record<string, string> = { ...(tmpl.metadata?.annotations ?? {}) };
  const spec = tmpl.spec ?? {};
  if (index !== undefined) {
    labels[COMPLETION_INDEX] = String(index);
    annotations[COMPLETION_INDEX] = String(index);
    spec.hostname ??= `${name}-${index}`;
    const env = { name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: `metadata.annotations['${COMPLETION_INDEX}']` } } };
    for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) c.env = [...(c.env ?? []), env];
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: index !== undefined ? `${name}-${index}-` : `${name}-`,
      namespace: job.metadata.namespace,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ownerReferences: [controllerRef(job)],
    },
    spec,
  };
}

/** The completion index a pod of an Indexed Job carries, if any. */
export function completionIndexOf(pod: KubeObject): number | undefined {
  const v = pod.metadata.annotations?.[COMPLETION_INDEX] ?? pod.metadata.labels?.[COMPLETION_INDEX];
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
}
