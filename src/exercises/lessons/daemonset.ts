/**
 * Exercises of the lesson "DaemonSets": an agent on every node, the control-plane node
 * included; a log collector on every worker that reads the node's own /var/log; and a
 * DaemonSet that skips a tainted node, to be fixed without touching the node.
 */
import type { Exercise } from '../exercise.ts';
import { outcome } from '../outcome.ts';
import { daemonSetMountsHostPath } from '../outcome-checks.ts';
import { daemonSetOnEveryNode, nodeHasTaint } from '../workload-checks.ts';

const AGENT = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      tolerations:
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      containers:
      - name: agent
        image: busybox:1.36
        command: ["sh", "-c", "while true; do sleep 3600; done"]
EOF`;

const LOG_AGENT = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: log-agent
spec:
  selector:
    matchLabels:
      app: log-agent
  template:
    metadata:
      labels:
        app: log-agent
    spec:
      containers:
      - name: collector
        image: fluent/fluentd:v1.17-1
        volumeMounts:
        - name: varlog
          mountPath: /var/log
          readOnly: true
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
EOF`;

/** node-exporter without any toleration: it skips a tainted worker. */
function exporter(tolerations: string): string {
  return `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-exporter
spec:
  selector:
    matchLabels:
      app: node-exporter
  template:
    metadata:
      labels:
        app: node-exporter
    spec:${tolerations}
      containers:
      - name: exporter
        image: busybox:1.36
        command: ["sh", "-c", "while true; do sleep 3600; done"]
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const daemonsetExercises: Exercise[] = [
  {
    id: 'daemonset/agent',
    title: 'An agent on every node',
    lesson: 'daemonset',
    task:
      'Create a DaemonSet named `agent` (any image that keeps running, such as `busybox:1.36` ' +
      'with `sleep`) that has a ready Pod on **every** node of the cluster, the control-plane ' +
      'node included. If you add a node, it must get its Pod too.',
    hints: [
      'Start from `sample-daemonset.yaml`. A busybox container needs a command that does not end, e.g. `["sh", "-c", "while true; do sleep 3600; done"]`.',
      '`kubectl describe node kind-control-plane` shows what keeps ordinary Pods off that node.',
      'A Pod that tolerates that taint may go there: `tolerations` in the Pod template.',
    ],
    setup: [],
    solution: [AGENT, 'kubectl rollout status daemonset/agent'],
    checks: [
      outcome('agent has a ready Pod on every worker node', daemonSetOnEveryNode('agent', false)),
      outcome('agent has a ready Pod on the control-plane node too', daemonSetOnEveryNode('agent', true)),
    ],
  },
  {
    id: 'daemonset/log-agent',
    title: 'Read the logs of the node',
    lesson: 'daemonset',
    task:
      'Run a log collector named `log-agent` (image `fluent/fluentd:v1.17-1`) on every worker ' +
      'node. Each of its Pods must see the log files of the node it runs on, under `/var/log` ' +
      'inside the container, without being able to change them.',
    hints: [
      'One Pod per node is a DaemonSet; the worker nodes are where a DaemonSet goes by default.',
      "A container's files are its own. A `hostPath` volume brings a directory of the node into the Pod.",
      'Mount the volume with `readOnly: true` under `volumeMounts` in the container.',
    ],
    setup: [],
    solution: [LOG_AGENT, 'kubectl rollout status daemonset/log-agent'],
    checks: [
      outcome('log-agent has a ready Pod on every worker node', daemonSetOnEveryNode('log-agent', false)),
      daemonSetMountsHostPath('log-agent', '/var/log', "Each log-agent Pod reads its node's /var/log, read-only", { readOnly: true }),
    ],
  },
  {
    id: 'daemonset/tainted',
    title: 'One node without its exporter',
    lesson: 'daemonset',
    task:
      'The DaemonSet `node-exporter` should report the metrics of every worker, but one worker ' +
      'has no exporter Pod. That worker is reserved for batch work, and the team wants to keep ' +
      'it so. Get an exporter Pod onto every worker without changing the nodes.',
    hints: [
      '`kubectl get ds node-exporter` shows DESIRED; compare it with `kubectl get nodes`.',
      '`kubectl describe node` of the worker without a Pod: what does it keep away?',
      'The DaemonSet controller honours the same taints as the scheduler. A toleration in the Pod template lets its Pods onto the node.',
    ],
    setup: ['kubectl taint node kind-worker2 dedicated=batch:NoSchedule', exporter('')],
    solution: [
      exporter('\n      tolerations:\n      - key: dedicated\n        operator: Equal\n        value: batch\n        effect: NoSchedule'),
      'kubectl rollout status daemonset/node-exporter',
    ],
    checks: [
      outcome('node-exporter has a ready Pod on every worker node', daemonSetOnEveryNode('node-exporter', false)),
      outcome('kind-worker2 is still reserved for batch work', nodeHasTaint('kind-worker2', 'dedicated', 'NoSchedule')),
    ],
  },
];
