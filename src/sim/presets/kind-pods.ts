/**
 * Running system Pods for presets: a finished pod spec (defaults as the API server adds them)
 * and a status as a kubelet reports for a pod that started cleanly.
 */
import { isoTime, type KubeObject, type OwnerReference } from '../api/types.ts';
import { defaultPodSpec } from '../apiserver/kinds/pod-spec.ts';
import { DEFAULT_TOLERATIONS, podQosClass, SA_TOKEN_MOUNT_PATH, tokenVolume } from '../apiserver/kinds/pod-admission.ts';
import type { Random } from '../clock/random.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Everything needed to write a Pod that is already Running and Ready. */
export interface RunningPodOptions {
  name: string;
  namespace: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  /** Pod spec as written in the owner's template (or the static pod manifest). */
  spec: Obj;
  nodeName: string;
  hostIP: string;
  /** Pod IP; the host IP for hostNetwork pods. */
  podIP: string;
  createdAt: number;
  /** When containers were running and ready. */
  readyAt: number;
  /** Static (mirror) pods get no service account token or default tolerations. */
  staticPod?: boolean;
}

/** A full containerd container ID. */
export function containerID(random: Random): string {
  return `containerd://${random.hex(64)}`;
}

/** Applies the API server's create-time pod defaults to a spec (no store lookups). */
export function finishPodSpec(spec: Obj, random: Random, staticPod: boolean): Obj {
  const s: Obj = JSON.parse(JSON.stringify(spec));
  defaultPodSpec(s);
  s.enableServiceLinks ??= true;
  s.preemptionPolicy ??= 'PreemptLowerPriority';
  s.priority ??= s.priorityClassName === 'system-node-critical' ? 2000001000 : s.priorityClassName === 'system-cluster-critical' ? 2000000000 : 0;
  if (!staticPod) {
    const sa = s.serviceAccountName ?? 'default';
    s.serviceAccount = sa;
    s.serviceAccountName = sa;
    const vol = `kube-api-access-${random.suffix(5)}`;
    s.volumes = [...(s.volumes ?? []), tokenVolume(vol)];
    for (const c of s.containers ?? []) c.volumeMounts = [...(c.volumeMounts ?? []), { mountPath: SA_TOKEN_MOUNT_PATH, name: vol, readOnly: true }];
    const tols: Obj[] = s.tolerations ?? [];
    for (const t of DEFAULT_TOLERATIONS) {
      if (!tols.some((x) => x.key === t.key || (!x.key && x.operator === 'Exists' && (!x.effect || x.effect === 'NoExecute')))) tols.push({ ...t });
    }
    s.tolerations = tols;
  }
  return s;
}

/** A Pod that has been Running and Ready since `readyAt`. */
export function buildRunningPod(o: RunningPodOptions, random: Random): KubeObject {
  const spec = finishPodSpec(o.spec, random, o.staticPod === true);
  spec.nodeName = o.nodeName;
  const created = isoTime(o.createdAt);
  const started = isoTime(o.readyAt - 1000);
  const ready = isoTime(o.readyAt);
  const cond = (type: string, at: string): Obj => ({ lastProbeTime: null, lastTransitionTime: at, status: 'True', type });
  const containerStatuses = (spec.containers as Obj[]).map((c) => ({
    containerID: containerID(random),
    image: c.image,
    imageID: `sha256:${random.hex(64)}`,
    lastState: {},
    name: c.name,
    ready: true,
    restartCount: 0,
    started: true,
    state: { running: { startedAt: started } },
  }));
  const metadata: Obj = { name: o.name, namespace: o.namespace };
  if (o.annotations) metadata.annotations = o.annotations;
  if (o.labels) metadata.labels = o.labels;
  if (o.ownerReferences) metadata.ownerReferences = o.ownerReferences;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec,
    status: {
      conditions: [
        cond('PodReadyToStartContainers', started),
        cond('Initialized', created),
        cond('Ready', ready),
        cond('ContainersReady', ready),
        cond('PodScheduled', created),
      ],
      containerStatuses,
      hostIP: o.hostIP,
      hostIPs: [{ ip: o.hostIP }],
      phase: 'Running',
      podIP: o.podIP,
      podIPs: [{ ip: o.podIP }],
      qosClass: podQosClass(spec),
      startTime: created,
    },
  };
}
