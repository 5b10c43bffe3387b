/**
 * Exercises of the lesson "Deployments": create a Deployment with three available replicas,
 * and roll another one to a new image with a rolling update.
 */
import type { Exercise } from '../exercise.ts';
import { deploymentAvailable, rolledTo, templateRunsImage } from '../workload-checks.ts';

const LESSON = 'deployment';

const SHOP = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop
spec:
  replicas: 3
  selector:
    matchLabels:
      app: shop
  template:
    metadata:
      labels:
        app: shop
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const deploymentExercises: Exercise[] = [
  {
    id: 'deployment/web',
    title: 'A Deployment of your own',
    lesson: LESSON,
    task: 'Create a Deployment named `web` that runs 3 replicas of `nginx:1.25`, all available.',
    hints: [
      '`kubectl create deployment NAME --image=IMAGE --replicas=N` writes the Deployment for you.',
      'Or copy `sample-deployment.yaml`, change the name, the labels and the image, and apply it.',
      '`kubectl rollout status deployment/web` waits until every replica is available.',
    ],
    setup: [],
    solution: ['kubectl create deployment web --image=nginx:1.25 --replicas=3', 'kubectl rollout status deployment/web'],
    checks: [templateRunsImage('deployments', 'web', 'nginx:1.25'), deploymentAvailable('web', 3)],
  },
  {
    id: 'deployment/roll',
    title: 'Roll out a new version',
    lesson: LESSON,
    task:
      'The Deployment `shop` runs `nginx:1.25` in a container named `nginx`. Update it to ' +
      '`nginx:1.26` with a rolling update: in the end the new ReplicaSet has all 3 replicas ' +
      'available and the old one is kept, scaled to 0, so that you could roll back.',
    hints: [
      '`kubectl set image deployment/NAME CONTAINER=IMAGE` changes one container\'s image.',
      'Deleting `shop` and creating it again would also give you nginx:1.26, but without the old ReplicaSet to roll back to.',
      '`kubectl get rs -l app=shop` shows both ReplicaSets.',
    ],
    setup: [SHOP],
    solution: ['kubectl set image deployment/shop nginx=nginx:1.26', 'kubectl rollout status deployment/shop'],
    checks: [templateRunsImage('deployments', 'shop', 'nginx:1.26'), rolledTo('shop', 'nginx:1.26'), deploymentAvailable('shop', 3)],
  },
];
