/**
 * Troubleshooting exercise of the lesson "Choosing a controller", after a real home-lab story:
 * on a one-node cluster, two Deployments of a freshly installed network plugin stay Pending
 * because the only node is the tainted control-plane node.
 */
import type { Exercise } from '../exercise.ts';
import { deploymentAvailable, nodeHasTaint } from '../workload-checks.ts';

function hubble(name: string, image: string, command?: string): string {
  const cmd = command ? `\n        command: ["sh", "-c", "${command}"]` : '';
  return `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: kube-system
  labels:
    k8s-app: ${name}
spec:
  replicas: 1
  selector:
    matchLabels:
      k8s-app: ${name}
  template:
    metadata:
      labels:
        k8s-app: ${name}
    spec:
      containers:
      - name: ${name}
        image: ${image}${cmd}
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const choosingExercises: Exercise[] = [
  {
    id: 'choosing/pending-hubble',
    title: 'Pending on a one-node cluster',
    lesson: 'choosing',
    task:
      'In the `kube-system` namespace, the Deployments `hubble-relay` and `hubble-ui` have a Pod ' +
      'each that stays `Pending`, while `coredns` runs. Find out why, and get both Deployments ' +
      'available **without** removing the taint from `kind-control-plane`: it protects the ' +
      'control plane, and the fix belongs elsewhere.',
    hints: [
      '`kubectl get pods -n kube-system`, then `kubectl describe pod -n kube-system -l k8s-app=hubble-relay`: read the last event.',
      'Compare the Tolerations of a coredns Pod with those of a hubble Pod. And count the nodes.',
      'This is not an error: the Pods wait for a node they may use. `cluster add-node NAME` adds a worker (tolerating the taint in the Pod template would also work).',
    ],
    setup: [
      'cluster remove-node kind-worker',
      'cluster remove-node kind-worker2',
      hubble('hubble-relay', 'busybox:1.36', 'while true; do sleep 3600; done'),
      hubble('hubble-ui', 'nginx:1.27'),
    ],
    solution: [
      'cluster add-node kind-worker',
      'kubectl rollout status deployment/hubble-relay -n kube-system',
      'kubectl rollout status deployment/hubble-ui -n kube-system',
    ],
    checks: [
      nodeHasTaint('kind-control-plane', 'node-role.kubernetes.io/control-plane', 'NoSchedule'),
      deploymentAvailable('hubble-relay', 1, 'kube-system'),
      deploymentAvailable('hubble-ui', 1, 'kube-system'),
    ],
  },
];
