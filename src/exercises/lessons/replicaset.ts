/** Exercise of the lesson "ReplicaSets": write a ReplicaSet of three labelled nginx Pods. */
import type { Exercise } from '../exercise.ts';
import { podsRunning, replicaSetReady, templateRunsImage } from '../workload-checks.ts';

const FRONTEND = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: web
        image: nginx:1.25
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const replicasetExercises: Exercise[] = [
  {
    id: 'replicaset/frontend',
    title: 'Your own ReplicaSet',
    lesson: 'replicaset',
    task:
      'Create a ReplicaSet named `frontend` that keeps 3 Pods running `nginx:1.25`, labelled ' +
      '`tier=frontend`, and wait until all three are ready.',
    hints: [
      'Start from `sample-replicaset.yaml`: change the name, the replicas, the labels (selector and template) and the image.',
      'The selector and the template labels must agree, or the API server refuses the ReplicaSet.',
      '`kubectl get rs frontend` shows DESIRED, CURRENT and READY.',
    ],
    setup: [],
    solution: [FRONTEND, 'kubectl wait --for=condition=Ready pod -l tier=frontend'],
    checks: [templateRunsImage('replicasets', 'frontend', 'nginx:1.25'), replicaSetReady('frontend', 3, { tier: 'frontend' }), podsRunning('tier', 'frontend', 3)],
  },
];
