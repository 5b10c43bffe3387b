/**
 * Exercises of the lab: the cluster holds one of each workload the lab builds, every one of
 * them healthy (the lab's own steps satisfy it, and so does any other way of getting there);
 * a Deployment whose Pods leave a dead node quickly; and a node that went silent, to be found.
 */
import { nameAnswer } from '../answers.ts';
import type { Exercise } from '../exercise.ts';
import { checkThat } from '../outcome.ts';
import type { ClusterReader, KubeObject } from '../../sim/index.ts';
import { podDisplayStatus } from '../pod-status.ts';
import { controllerOf, ownedBy, someWorkload } from '../workload-checks.ts';

const conditionTrue = (obj: { status?: { conditions?: { type?: string; status?: string }[] } }, type: string): boolean =>
  (obj.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');

const NODE_AGENT = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
spec:
  selector:
    matchLabels:
      app: node-agent
  template:
    metadata:
      labels:
        app: node-agent
    spec:
      containers:
      - name: agent
        image: fluent/fluentd:v1.17-1
EOF`;

const FAST_API = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 2
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      tolerations:
      - key: node.kubernetes.io/unreachable
        operator: Exists
        effect: NoExecute
        tolerationSeconds: 30
      - key: node.kubernetes.io/not-ready
        operator: Exists
        effect: NoExecute
        tolerationSeconds: 30
      containers:
      - name: nginx
        image: nginx:1.27
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const labExercises: Exercise[] = [
  {
    id: 'lab/all-kinds',
    title: 'One of each',
    lesson: 'lab',
    task:
      'By the end of the lab, the `default` namespace should hold: a Deployment with at least 4 ' +
      'available replicas, a Job that completed, a CronJob that has run a Job to completion, a ' +
      'DaemonSet whose Pods are all ready, and a running Pod whose controller is a ReplicaSet.',
    hints: [
      'Follow the lab\'s steps 2 to 4; each creates one of these.',
      '`kubectl get deployments,daemonsets,jobs,cronjobs` shows them all at once.',
      'A CronJob with schedule `*/1 * * * *` runs at the start of each minute: `sleep 60` lets time pass.',
    ],
    setup: [],
    solution: [
      'kubectl create deployment web --image=nginx:1.25 --replicas=4',
      'kubectl rollout status deployment/web',
      "kubectl create job pi --image=busybox:1.36 -- echo 'Job done'",
      'kubectl wait --for=condition=Complete job/pi',
      "kubectl create cronjob hello --image=busybox:1.36 --schedule='*/1 * * * *' -- echo 'Hello from CronJob'",
      NODE_AGENT,
      'kubectl rollout status daemonset/node-agent',
      'sleep 75',
    ],
    checks: [
      someWorkload(
        'A Deployment with at least 4 available replicas',
        'deployments',
        (d) => (d.status?.availableReplicas ?? 0) >= 4,
        'no Deployment in namespace "default" has 4 available replicas',
      ),
      someWorkload('A Job that completed', 'jobs', (j) => conditionTrue(j, 'Complete'), 'no Job in namespace "default" has completed'),
      someWorkload(
        'A CronJob that has run a Job to completion',
        'cronjobs',
        (cj, cluster) => ownedBy(cluster, 'jobs', cj).some((j) => conditionTrue(j, 'Complete')),
        'no CronJob in namespace "default" has a completed Job',
      ),
      someWorkload(
        'A DaemonSet with all its Pods ready',
        'daemonsets',
        (ds) => (ds.status?.desiredNumberScheduled ?? 0) > 0 && ds.status?.numberReady === ds.status?.desiredNumberScheduled,
        'no DaemonSet in namespace "default" has all its Pods ready',
      ),
      someWorkload(
        'A running Pod owned by a ReplicaSet',
        'pods',
        (p) => controllerOf(p)?.kind === 'ReplicaSet' && podDisplayStatus(p) === 'Running',
        'no running Pod in namespace "default" belongs to a ReplicaSet',
      ),
    ],
  },
  {
    id: 'lab/fast-failover',
    title: 'Leave a dead node sooner',
    lesson: 'lab',
    task:
      'Create a Deployment `api` of 2 replicas of `nginx:1.27` whose Pods are evicted from a node ' +
      'at most 30 seconds after the node is found unreachable or not ready, instead of the usual 5 ' +
      'minutes, so that their replacements start elsewhere sooner.',
    hints: [
      'What keeps a Pod on a node that stopped answering for 300 s? Look at the Tolerations in `kubectl describe pod` of any Pod.',
      'The node lifecycle controller taints such a node with an effect that evicts Pods, unless they tolerate it, for as long as their toleration says.',
      'Write your own tolerations for `node.kubernetes.io/unreachable` and `node.kubernetes.io/not-ready` (effect `NoExecute`) with `tolerationSeconds` in the Pod template.',
    ],
    setup: [],
    solution: [FAST_API, 'kubectl rollout status deployment/api'],
    checks: [
      someWorkload('api keeps 2 replicas available', 'deployments', (d) => d.metadata.name === 'api' && (d.status?.availableReplicas ?? 0) >= 2 && d.spec?.replicas === 2, 'deployment.apps "api" does not have 2 available replicas'),
      checkThat('Pods of api leave an unreachable or not-ready node within 30 seconds', (cluster) => {
        const d = cluster.tryGet('deployments.apps', 'default', 'api');
        if (!d) return 'deployment.apps "api" does not exist';
        const pods = cluster.list('pods', { namespace: 'default' }).items.filter((p) => ownerDeployment(cluster, p) === 'api' && !p.metadata.deletionTimestamp);
        if (pods.length === 0) return 'api has no Pods yet';
        for (const p of pods) {
          for (const key of ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready']) {
            const secs = evictionSeconds(p, key);
            if (secs === undefined) return `pod "${p.metadata.name}" stays on a node tainted ${key} for ever`;
            if (secs > 30) return `pod "${p.metadata.name}" stays ${secs}s on a node tainted ${key}`;
          }
        }
        return undefined;
      }),
    ],
  },
  {
    id: 'lab/silent-node',
    title: 'Which node went quiet?',
    lesson: 'lab',
    task:
      'A minute ago one machine of the cluster stopped answering. Nothing was deleted, and every ' +
      'Pod still shows `Running` for now. Which node is it?',
    hints: [
      '`kubectl get nodes` shows the STATUS the control plane believes.',
      "`kubectl describe node NAME` shows the conditions and when the kubelet last reported; a silent node's conditions turn Unknown.",
    ],
    setup: ['kubectl create deployment web --image=nginx:1.27 --replicas=4', 'kubectl rollout status deployment/web', 'cluster stop-node kind-worker', 'sleep 60'],
    solution: ['kubectl get nodes', 'kubectl describe node kind-worker | grep -A6 Conditions'],
    checks: [checkThat('Every machine is still part of the cluster', (cluster) => (cluster.list('nodes').items.length >= 3 ? undefined : 'a node was removed'))],
    answer: nameAnswer('Which node stopped answering? Give its name.', (cluster) => {
      const silent = cluster.list('nodes').items.filter((n) => !((n.status?.conditions ?? []) as { type?: string; status?: string }[]).some((c) => c.type === 'Ready' && c.status === 'True'));
      return silent.length > 0 ? silent.map((n) => n.metadata.name!) : { problem: 'every node is Ready again: reset the exercise to start again' };
    }),
  },
];

/** Seconds a Pod tolerates a NoExecute taint with `key`; undefined when it tolerates it for ever, 0 when not at all. */
function evictionSeconds(pod: KubeObject, key: string): number | undefined {
  const tolerations = (pod.spec?.tolerations ?? []) as { key?: string; operator?: string; effect?: string; tolerationSeconds?: number }[];
  const matching = tolerations.filter((t) => (t.key === key || (t.key === undefined && t.operator === 'Exists')) && (t.effect === undefined || t.effect === 'NoExecute'));
  if (matching.length === 0) return 0;
  if (matching.some((t) => t.tolerationSeconds === undefined)) return undefined;
  return Math.max(...matching.map((t) => Math.max(0, t.tolerationSeconds!)));
}

/** The Deployment that owns the Pod through its ReplicaSet, if any. */
function ownerDeployment(cluster: ClusterReader, pod: KubeObject): string | undefined {
  const rsRef = controllerOf(pod);
  if (rsRef?.kind !== 'ReplicaSet') return undefined;
  const rs = cluster.tryGet('replicasets.apps', pod.metadata.namespace ?? 'default', rsRef.name);
  const d = rs ? controllerOf(rs) : undefined;
  return d?.kind === 'Deployment' ? d.name : undefined;
}
