/**
 * Exercises of the lesson "ReplicaSets": write a ReplicaSet of three labelled nginx Pods; repair
 * one that adopted Pods it should not have (it counts Pods by label); and bring a ReplicaSet's
 * Pods to the image its template asks for (a ReplicaSet never replaces a Pod that runs).
 */
import type { Exercise } from '../exercise.ts';
import { outcome } from '../outcome.ts';
import { ownedPodsRun } from '../outcome-checks.ts';
import { podsRunning, replicaSetReady, templateRunsImage } from '../workload-checks.ts';

/** A ReplicaSet manifest fed to `kubectl apply`. */
function replicaSet(name: string, label: string, image: string, replicas = 3): string {
  const [k, v] = label.split('=');
  return `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      ${k}: ${v}
  template:
    metadata:
      labels:
        ${k}: ${v}
    spec:
      containers:
      - name: main
        image: ${image}
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const replicasetExercises: Exercise[] = [
  {
    id: 'replicaset/frontend',
    title: 'Your own ReplicaSet',
    lesson: 'replicaset',
    task:
      'Create a ReplicaSet named `frontend` that keeps 3 Pods running `nginx:1.27`, labelled ' +
      '`tier=frontend`, and wait until all three are ready.',
    hints: [
      'Start from `sample-replicaset.yaml`: change the name, the replicas, the labels (selector and template) and the image.',
      'The selector and the template labels must agree, or the API server refuses the ReplicaSet.',
      '`kubectl get rs frontend` shows DESIRED, CURRENT and READY.',
    ],
    setup: [],
    solution: [replicaSet('frontend', 'tier=frontend', 'nginx:1.27'), 'kubectl wait --for=condition=Ready pod -l tier=frontend'],
    checks: [
      templateRunsImage('replicasets', 'frontend', 'nginx:1.27'),
      replicaSetReady('frontend', 3, { tier: 'frontend' }),
      podsRunning('tier', 'frontend', 3),
    ],
  },
  {
    id: 'replicaset/strays',
    title: 'Three Pods, but not the right ones',
    lesson: 'replicaset',
    task:
      'The ReplicaSet `api` asks for 3 Pods of `nginx:1.27`, and `kubectl get rs api` shows 3 ready. ' +
      'Yet only one Pod runs nginx. Find out what the ReplicaSet is counting, and make all three ' +
      'of its Pods run `nginx:1.27`. Keep the ReplicaSet.',
    hints: [
      '`kubectl get pods -l app=api -o wide` lists what the selector matches. Which images do they run?',
      'A ReplicaSet adopts any Pod without an owner whose labels match its selector, even one that was there before it.',
      'Once a Pod no longer matches (delete it, or remove its label with `kubectl label pod NAME app-`), the ReplicaSet makes one of its own.',
    ],
    setup: [
      'kubectl run stray-1 --image=busybox:1.36 --labels=app=api -- sleep 86400',
      'kubectl run stray-2 --image=busybox:1.36 --labels=app=api -- sleep 86400',
      'kubectl wait --for=condition=Ready pod/stray-1 pod/stray-2',
      replicaSet('api', 'app=api', 'nginx:1.27'),
    ],
    solution: ['kubectl delete pod stray-1 stray-2', 'kubectl wait --for=condition=Ready pod -l app=api'],
    checks: [outcome('All three Pods of api run nginx:1.27 and are ready', ownedPodsRun('replicasets', 'api', 3, 'nginx:1.27', 'api'))],
  },
  {
    id: 'replicaset/stale',
    title: 'A new image nobody runs',
    lesson: 'replicaset',
    task:
      'The ReplicaSet `cache` was changed an hour ago to run `redis:7.2` instead of `redis:7.0`: its ' +
      'template says so. Its three Pods still run `redis:7.0`. Make all three run `redis:7.2`, ' +
      'keeping the ReplicaSet.',
    hints: [
      '`kubectl get rs cache -o wide` shows the template\'s image; `kubectl get pods -l app=cache -o wide` does not show images, `kubectl describe pod` does.',
      'A ReplicaSet compares how many Pods it has, never what they run: a running Pod is never replaced.',
      'Pods created from now on use the new template. Deleting the old ones makes the ReplicaSet create them again.',
    ],
    setup: [replicaSet('cache', 'app=cache', 'redis:7.0'), 'kubectl wait --for=condition=Ready pod -l app=cache', 'kubectl set image rs/cache main=redis:7.2'],
    solution: ['kubectl delete pod -l app=cache', 'kubectl wait --for=condition=Ready pod -l app=cache'],
    checks: [outcome('All three Pods of cache run redis:7.2 and are ready', ownedPodsRun('replicasets', 'cache', 3, 'redis:7.2', 'cache'))],
  },
];
