/** Other ways of solving the lesson "ReplicaSets"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

export const ATTEMPTS: Record<string, Attempt[]> = {
  'replicaset/frontend': [
    {
      name: 'a matchExpressions selector and extra labels',
      solution: [
        `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
spec:
  replicas: 3
  selector:
    matchExpressions:
    - {key: tier, operator: In, values: [frontend]}
  template:
    metadata:
      labels:
        tier: frontend
        app: shop
    spec:
      containers:
      - name: nginx
        image: docker.io/library/nginx:1.27
EOF`,
        'kubectl wait --for=condition=Ready pod -l tier=frontend',
      ],
      passes: true,
    },
    { name: 'a Deployment instead', solution: ['kubectl create deployment frontend --image=nginx:1.27 --replicas=3', 'kubectl rollout status deployment/frontend'], passes: false },
  ],
  'replicaset/strays': [
    { name: 'labels removed from the strays', solution: ['kubectl label pod stray-1 stray-2 app-', 'sleep 20'], passes: true },
    { name: 'scaled up instead', solution: ['kubectl scale rs api --replicas=5', 'sleep 20'], passes: false },
    { name: 'one stray deleted', solution: ['kubectl delete pod stray-1', 'sleep 20'], passes: false },
  ],
  'replicaset/stale': [
    { name: 'scaled to 0 and back to 3', solution: ['kubectl scale rs cache --replicas=0', 'sleep 40', 'kubectl scale rs cache --replicas=3', 'kubectl wait --for=condition=Ready pod -l app=cache'], passes: true },
    { name: 'one Pod deleted', solution: ['kubectl delete pod $(kubectl get pods -l app=cache -o name | head -1)', 'sleep 20'], passes: false },
    { name: 'the image set again', solution: ['kubectl set image rs/cache main=redis:7.2', 'sleep 20'], passes: false },
  ],
};

describe('replicaset exercises: other solutions and near-misses', () => {
  expectAttemptsCover('replicaset', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
