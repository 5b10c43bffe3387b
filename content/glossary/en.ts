/**
 * The glossary in English: every term the lessons define, with a short definition in inline
 * Markdown and the slug of the lesson that teaches it. Lessons link to it relatively, `../../glossary/#<id>`, so the course works under any base path.
 */
export interface GlossaryEntry {
  /** Anchor on the glossary page. */
  id: string;
  term: string;
  definition: string;
  /** Slug of the lesson that defines the term. */
  lesson: string;
}

export const glossary: GlossaryEntry[] = [
  { id: 'allocatable', term: 'Allocatable', lesson: 'scheduling', definition: "What a node can give to Pods: its capacity minus what the kubelet reserves for the system and for itself and the eviction threshold (100Mi of memory by default). The scheduler counts Pods' requests against it." },
  { id: 'container', term: 'Container', lesson: 'pods', definition: 'A process started from an image, with its own file system. Kubernetes always runs containers inside a Pod.' },
  { id: 'controller', term: 'Controller', lesson: 'controllers', definition: 'A loop that compares the desired state written in objects with the current state of the cluster and acts to close the gap, e.g. by creating or deleting Pods.' },
  { id: 'cronjob', term: 'CronJob', lesson: 'job-cronjob', definition: 'Creates a Job on a schedule written as a cron expression (minute, hour, day of month, month, day of week).' },
  { id: 'daemonset', term: 'DaemonSet', lesson: 'daemonset', definition: 'Runs one Pod on every node (or on every node a selector picks), and adds one when a node joins. Used for node agents: log collectors, network plugins, monitoring.' },
  { id: 'deployment', term: 'Deployment', lesson: 'deployment', definition: 'Runs a number of identical Pods through ReplicaSets, and changes their version by a rolling update that can be rolled back.' },
  { id: 'desired-state', term: 'Desired state', lesson: 'controllers', definition: "What an object's `spec` asks for. Its `status` reports the current state." },
  { id: 'drain', term: 'Drain', lesson: 'scheduling', definition: '`kubectl drain` cordons a node and evicts its Pods so that their controllers recreate them elsewhere, before maintenance.' },
  { id: 'cordon', term: 'Cordon', lesson: 'scheduling', definition: 'Marks a node unschedulable: no new Pods land there; Pods already there keep running.' },
  { id: 'garbage-collection', term: 'Garbage collection', lesson: 'controllers', definition: 'Deleting an owner deletes what it owns (its dependents), unless the deletion orphans them (`--cascade=orphan`).' },
  { id: 'image-tag', term: 'Image tag', lesson: 'pods', definition: 'The version part of an image name (`nginx:1.27`). A pinned tag gives the same software on every node and every day; `latest` changes under your feet.' },
  { id: 'eviction', term: 'Eviction', lesson: 'scheduling', definition: 'Removing a running Pod from its node: by `kubectl drain`, by a `NoExecute` taint the Pod does not tolerate (any more), or by the kubelet when the node runs short of memory or disk.' },
  { id: 'init-container', term: 'Init container', lesson: 'pods', definition: 'A container under `spec.initContainers`, run to completion before the main containers start; with `restartPolicy: Always` it is a native sidecar that keeps running beside them.' },
  { id: 'job', term: 'Job', lesson: 'job-cronjob', definition: 'Runs Pods until a number of them have succeeded (`completions`), a few at a time (`parallelism`), retrying failures up to `backoffLimit`.' },
  { id: 'kubelet', term: 'kubelet', lesson: 'pods', definition: "The agent on every node that starts the containers of the Pods bound to it, restarts them by their restartPolicy, and reports their status and the node's." },
  { id: 'label', term: 'Label', lesson: 'pods', definition: 'A key=value pair on an object. Selectors choose objects by their labels.' },
  { id: 'namespace', term: 'Namespace', lesson: 'pods', definition: 'A named group of objects in a cluster; names are unique within a namespace. Objects without one given go to `default`.' },
  { id: 'node', term: 'Node', lesson: 'pods', definition: 'A machine (real or virtual) that runs Pods, through its kubelet.' },
  { id: 'node-affinity', term: 'Node affinity', lesson: 'scheduling', definition: 'Rules in a Pod spec on node labels, more expressive than a nodeSelector (`In`, `NotIn`, `Exists`...); required rules must hold, preferred ones only weigh in.' },
  { id: 'node-selector', term: 'nodeSelector', lesson: 'scheduling', definition: 'Labels a node must have for the Pod to be placed on it.' },
  { id: 'ownerreference', term: 'ownerReference', lesson: 'controllers', definition: "An entry in an object's `metadata.ownerReferences` naming its owner by kind, name and uid. The garbage collector and the controllers follow it; a same-named new owner with another uid does not own the object." },
  { id: 'pod', term: 'Pod', lesson: 'pods', definition: 'One or more containers that run together on one node and share a network address and volumes. The smallest unit Kubernetes schedules and deploys.' },
  { id: 'preemption', term: 'Preemption', lesson: 'scheduling', definition: 'When no node fits a Pod, the scheduler may evict Pods of lower priority to make room; the FailedScheduling event says whether that would help.' },
  { id: 'pvc', term: 'PersistentVolumeClaim (PVC)', lesson: 'statefulset', definition: 'A request for storage; once Bound to a PersistentVolume, Pods mount it by the claim\'s name, and the data outlives the Pods.' },
  { id: 'readiness', term: 'Ready', lesson: 'pods', definition: 'A Pod condition. Without a readiness probe it only means every container has started, not that the application answers.' },
  { id: 'replicaset', term: 'ReplicaSet', lesson: 'replicaset', definition: 'Keeps a number of Pods matching its selector running, creating or deleting Pods to reach it.' },
  { id: 'request', term: 'Request', lesson: 'scheduling', definition: 'What a container asks for (CPU, memory, GPUs). The scheduler places a Pod only where the requests fit in what is left of allocatable.' },
  { id: 'restart-policy', term: 'restartPolicy', lesson: 'pods', definition: 'What the kubelet does when a container of the Pod ends: `Always` (the default), `OnFailure` or `Never`.' },
  { id: 'revision', term: 'Revision', lesson: 'deployment', definition: "One version of a Deployment's Pod template, kept as a ReplicaSet (scaled to 0 when old); `kubectl rollout history` lists them and `kubectl rollout undo` goes back to one." },
  { id: 'rolling-update', term: 'Rolling update', lesson: 'deployment', definition: "A Deployment's way of changing version: Pods of a new ReplicaSet are added while Pods of the old one are removed, within maxSurge and maxUnavailable." },
  { id: 'scheduler', term: 'Scheduler', lesson: 'scheduling', definition: 'The control-plane component that chooses a node for each new Pod.' },
  { id: 'selector', term: 'Selector', lesson: 'replicaset', definition: 'A query on labels (`app=web`). Controllers count and adopt Pods by their selector.' },
  { id: 'sidecar', term: 'Sidecar', lesson: 'pods', definition: 'A helper container in the same Pod as the application. Since Kubernetes 1.29 the native form is an init container with `restartPolicy: Always`.' },
  { id: 'statefulset', term: 'StatefulSet', lesson: 'statefulset', definition: 'Runs Pods with stable names, an order, and storage of their own (a PVC per Pod).' },
  { id: 'taint', term: 'Taint', lesson: 'scheduling', definition: 'A mark on a node that keeps Pods away unless they tolerate it. Effects: `NoSchedule` (no new Pods), `PreferNoSchedule` (avoid if possible), `NoExecute` (also evict running Pods).' },
  { id: 'toleration', term: 'Toleration', lesson: 'scheduling', definition: "An entry in a Pod spec that lets the Pod onto a node with a matching taint; for `NoExecute`, `tolerationSeconds` says how long it may stay." },
];
