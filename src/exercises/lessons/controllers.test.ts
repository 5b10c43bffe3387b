/** Other ways of solving the lesson "Controllers"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

const WEB = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF`;

export const ATTEMPTS: Record<string, Attempt[]> = {
  'controllers/heal': [
    { name: 'bare Pods deleted first, then a manifest', solution: ['kubectl delete pod -l app=web', WEB, 'kubectl rollout status deployment/web'], passes: true },
    { name: 'a Deployment beside the bare Pods', solution: ['kubectl create deployment web --image=nginx:1.27 --replicas=3', 'kubectl rollout status deployment/web'], passes: false },
    { name: 'the bare Pods deleted only', solution: ['kubectl delete pod web-1 web-2 web-3'], passes: false },
  ],
  'controllers/orphans': [
    { name: 'the deploy/NAME form', solution: ['kubectl delete deploy/legacy --cascade=orphan'], passes: true },
    { name: 'a plain delete', solution: ['kubectl delete deployment legacy'], passes: false },
  ],
  'controllers/impostor': [
    { name: 'the right name, with a pod/ prefix', solution: ['kubectl get pods -l app=cart -o yaml'], answer: 'pod/cart-5d8c7b9f4-kx2lp', passes: true },
    { name: 'a Pod of the Deployment', solution: ['kubectl get pods'], answer: 'cart', passes: false },
    { name: 'the right name after deleting the Pod', solution: ['kubectl delete pod cart-5d8c7b9f4-kx2lp'], answer: 'cart-5d8c7b9f4-kx2lp', passes: false },
  ],
};

describe('controllers exercises: other solutions and near-misses', () => {
  expectAttemptsCover('controllers', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
