/** Other ways of solving the lesson "Pods"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

const SIDECAR = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  initContainers:
  - name: fetcher
    image: busybox:1.36
    restartPolicy: Always
    command: ["sh", "-c", "while true; do wget -q -O /dev/null http://localhost:80; sleep 5; done"]
  containers:
  - name: web
    image: nginx:1.27
EOF`;

const ENDING_HELPER = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  containers:
  - name: web
    image: nginx:1.27
  - name: fetcher
    image: busybox:1.36
    command: ["sh", "-c", "wget -q -O /dev/null http://localhost:80"]
EOF`;

export const ATTEMPTS: Record<string, Attempt[]> = {
  'pods/web': [
    { name: 'label added afterwards', solution: ['kubectl run web --image=nginx:1.27', 'kubectl label pod web tier=frontend', 'kubectl wait --for=condition=Ready pod/web'], passes: true },
    { name: 'another tag', solution: ['kubectl run web --image=nginx:1.25 --labels=tier=frontend', 'kubectl wait --for=condition=Ready pod/web'], passes: false },
  ],
  'pods/pair': [
    { name: 'a native sidecar', solution: [SIDECAR, 'kubectl wait --for=condition=Ready pod/pair'], passes: true },
    { name: 'a helper that exits', solution: [ENDING_HELPER, 'sleep 20'], passes: false },
  ],
  'pods/once': [
    { name: 'restartPolicy OnFailure', solution: ['kubectl run once --image=busybox:1.36 --restart=OnFailure -- echo done', 'sleep 10'], passes: true },
    { name: 'from a manifest with restartPolicy Never', solution: ['kubectl run once --image=busybox:1.36 --restart=Never --dry-run=client -o yaml -- sh -c "echo done" > once.yaml', 'kubectl apply -f once.yaml', 'sleep 10'], passes: true },
    { name: 'the default restartPolicy', solution: ['kubectl run once --image=busybox:1.36 -- echo done', 'sleep 10'], passes: false },
  ],
  'pods/fix-db': [
    { name: 'MYSQL_ALLOW_EMPTY_PASSWORD', solution: ['kubectl delete pod db', 'kubectl run db --image=mysql:8.4 --env=MYSQL_ALLOW_EMPTY_PASSWORD=yes', 'kubectl wait --for=condition=Ready pod/db --timeout=120s'], passes: true },
    { name: 'MYSQL_RANDOM_ROOT_PASSWORD', solution: ['kubectl delete pod db', 'kubectl run db --image=mysql:8.0 --env=MYSQL_RANDOM_ROOT_PASSWORD=yes', 'kubectl wait --for=condition=Ready pod/db --timeout=120s'], passes: true },
    { name: 'a password from a Secret', solution: ['kubectl create secret generic db-pass --from-literal=password=s3cret', 'kubectl delete pod db', `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  containers:
  - name: mysql
    image: mysql:8.4
    env:
    - name: MYSQL_ROOT_PASSWORD
      valueFrom:
        secretKeyRef:
          name: db-pass
          key: password
EOF`, 'kubectl wait --for=condition=Ready pod/db --timeout=120s'], passes: true },
    { name: 'created again without a password', solution: ['kubectl delete pod db', 'kubectl run db --image=mysql:8.4 --env=MYSQL_USER=app'], passes: false },
    { name: 'only deleted', solution: ['kubectl delete pod db'], passes: false },
  ],
};

describe('pods exercises: other solutions and near-misses', () => {
  expectAttemptsCover('pods', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
