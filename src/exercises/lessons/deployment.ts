/**
 * Exercises of the lesson "Deployments": create a Deployment with three available replicas,
 * roll another one to a new image with a rolling update, and rescue a rollout stuck on an
 * image that does not exist.
 */
import type { Exercise } from '../exercise.ts';
import { outcome } from '../outcome.ts';
import { ownedPodsRun } from '../outcome-checks.ts';
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
        image: nginx:1.26
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const deploymentExercises: Exercise[] = [
  {
    id: 'deployment/web',
    title: 'A Deployment of your own',
    lesson: LESSON,
    task: 'Create a Deployment named `web` that runs 3 replicas of `nginx:1.27`, all available.',
    hints: [
      '`kubectl create deployment NAME --image=IMAGE --replicas=N` writes the Deployment for you.',
      'Or copy `sample-deployment.yaml`, change the name, the labels and the image, and apply it.',
      '`kubectl rollout status deployment/web` waits until every replica is available.',
    ],
    setup: [],
    solution: ['kubectl create deployment web --image=nginx:1.27 --replicas=3', 'kubectl rollout status deployment/web'],
    checks: [templateRunsImage('deployments', 'web', 'nginx:1.27'), deploymentAvailable('web', 3)],
    wrongTurns: ['Leaving out `--replicas` (one replica) or scaling to the wrong count.'],
    minutes: 5,
  },
  {
    id: 'deployment/roll',
    title: 'Roll out a new version',
    lesson: LESSON,
    task:
      'The Deployment `shop` runs `nginx:1.26` in a container named `nginx`. Move it to ' +
      '`nginx:1.27` without ever taking it down, in a way that lets you go back to 1.26 with a ' +
      'single command afterwards.',
    hints: [
      '`kubectl set image deployment/NAME CONTAINER=IMAGE` changes one container\'s image.',
      'Deleting `shop` and creating it again would also give you nginx:1.27, but with nothing to roll back to.',
      '`kubectl get rs -l app=shop` shows both ReplicaSets.',
    ],
    setup: [SHOP],
    solution: ['kubectl set image deployment/shop nginx=nginx:1.27', 'kubectl rollout status deployment/shop'],
    checks: [
      outcome('shop runs nginx:1.27 on all 3 replicas', templateRunsImage('deployments', 'shop', 'nginx:1.27'), deploymentAvailable('shop', 3)),
      outcome('shop can go back to nginx:1.26 with one command', rolledTo('shop', 'nginx:1.27')),
    ],
    wrongTurns: ['Deleting `shop` and creating it again with the new image: it runs 1.27, but there is no earlier ReplicaSet to roll back to.'],
    minutes: 8,
  },
  {
    id: 'deployment/stuck',
    title: 'A rollout that never ends',
    lesson: LESSON,
    task:
      'Someone updated the Deployment `store` a few minutes ago, and `kubectl rollout status` has been ' +
      'waiting ever since. Users still get answers, from the old Pods. Bring `store` back to a ' +
      'finished rollout: 3 up-to-date replicas, all available, running an nginx image that exists.',
    hints: [
      '`kubectl get pods -l app=store` and `kubectl describe` of the Pod that is not ready say what is wrong.',
      'With maxUnavailable 0 the rollout waits for a new Pod to become ready before it removes an old one. This one never will.',
      '`kubectl rollout history deployment/store` lists the revisions; `kubectl rollout undo` goes back one. Setting a correct image works too.',
    ],
    setup: [
      'kubectl create deployment store --image=nginx:1.27 --replicas=3',
      'kubectl rollout status deployment/store',
      'kubectl set image deployment/store nginx=nginx:1.277',
    ],
    solution: ['kubectl rollout undo deployment/store', 'kubectl rollout status deployment/store'],
    checks: [
      outcome('store has 3 up-to-date replicas, all available', deploymentAvailable('store', 3)),
      outcome('Every Pod of store runs nginx and is ready', ownedPodsRun('deployments', 'store', 3, 'nginx', 'store')),
    ],
    wrongTurns: ['Deleting the Pod that is not ready: the ReplicaSet makes the same broken Pod again.', 'Setting another tag that does not exist (a second typo): the rollout stays stuck.'],
    minutes: 10,
  },
];
