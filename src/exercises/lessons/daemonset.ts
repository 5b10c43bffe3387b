/** Exercise of the lesson "DaemonSets": an agent on every node, the control-plane node included. */
import type { Exercise } from '../exercise.ts';
import { daemonSetOnEveryNode } from '../workload-checks.ts';

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
      'The control-plane node is tainted `node-role.kubernetes.io/control-plane:NoSchedule`.',
      'A toleration with `operator: Exists` for that key and effect lets the Pod onto the node.',
    ],
    setup: [],
    solution: [AGENT, 'kubectl rollout status daemonset/agent'],
    checks: [daemonSetOnEveryNode('agent', false), daemonSetOnEveryNode('agent', true)],
  },
];
