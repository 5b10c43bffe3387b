/**
 * Exercise of the lab: the cluster holds one of each workload the lab builds, every one of
 * them healthy. The lab's own steps satisfy it; so does any other way of getting there.
 */
import type { Exercise } from '../exercise.ts';
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
        image: fluentd:latest
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
];
