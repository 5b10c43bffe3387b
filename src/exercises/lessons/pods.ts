/**
 * Exercises of the lesson "Pods": create a Pod with a label, run two containers side by side,
 * let a short task finish without restarts, and repair a crash-looping database Pod.
 */
import {
  containerCount,
  containerEnvSet,
  podHasLabel,
  podPhase,
  podReady,
  podRestartPolicy,
  podRunning,
  podRunsImage,
} from '../checks.ts';
import type { Exercise } from '../exercise.ts';

const LESSON = 'pods';

const PAIR_MANIFEST = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  containers:
  - name: web
    image: nginx:1.25
    ports:
    - containerPort: 80
  - name: sidecar
    image: busybox:1.36
    command: ["sh", "-c", "while true; do wget -q -O /dev/null http://localhost:80 && echo fetched; sleep 5; done"]
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const podsExercises: Exercise[] = [
  {
    id: 'pods/web',
    title: 'Your own Pod',
    lesson: LESSON,
    task:
      'Run a Pod named `web` from the image `nginx:1.25`, labelled `tier=frontend`, ' +
      'and make sure it reaches `Running`.',
    hints: [
      '`kubectl run NAME --image=IMAGE` creates a Pod; `--labels=key=value` adds labels.',
      'A label can also be added afterwards with `kubectl label pod web tier=frontend`.',
      '`kubectl wait --for=condition=Ready pod/web` returns once the Pod is up.',
    ],
    setup: [],
    solution: ['kubectl run web --image=nginx:1.25 --labels=tier=frontend', 'kubectl wait --for=condition=Ready pod/web'],
    checks: [podRunsImage('web', 'nginx:1.25'), podHasLabel('web', 'tier', 'frontend'), podRunning('web')],
  },
  {
    id: 'pods/pair',
    title: 'Two containers, one Pod',
    lesson: LESSON,
    task:
      'Create a Pod named `pair` with two containers: one running `nginx`, and a `busybox` ' +
      'sidecar that keeps running next to it (for example, fetching `http://localhost:80` in a ' +
      'loop). Both containers must be ready: `READY` shows `2/2`.',
    hints: [
      '`kubectl run` makes one container only: write a manifest with two entries under `spec.containers`.',
      'A busybox container whose command ends at once is restarted again and again. Give it a loop, e.g. `while true; do ...; sleep 5; done`.',
      'Apply the manifest with `kubectl apply -f FILE`, or paste it with `kubectl apply -f - <<EOF`.',
    ],
    setup: [],
    solution: [PAIR_MANIFEST, 'kubectl wait --for=condition=Ready pod/pair'],
    checks: [containerCount('pair', 2), podRunsImage('pair', 'nginx'), podRunsImage('pair', 'busybox'), podReady('pair')],
  },
  {
    id: 'pods/once',
    title: 'A task that ends',
    lesson: LESSON,
    task:
      'Run a Pod named `once` from `busybox` that prints `done` and exits. It must not be ' +
      'started again after it finishes: its STATUS should end at `Completed`.',
    hints: [
      'After `--`, `kubectl run` passes the rest of the line to the container: `-- echo done`.',
      'With the default restartPolicy (Always) a finished container is started again. `--restart=Never` changes that.',
      'restartPolicy cannot be changed on an existing Pod: delete it and create it again.',
    ],
    setup: [],
    solution: [
      'kubectl run once --image=busybox:1.36 --restart=Never -- echo done',
      "kubectl wait --for=jsonpath='{.status.phase}'=Succeeded pod/once",
    ],
    checks: [podRunsImage('once', 'busybox'), podRestartPolicy('once', 'Never'), podPhase('once', 'Succeeded')],
  },
  {
    id: 'pods/fix-db',
    title: 'A database that will not start',
    lesson: LESSON,
    task:
      'Someone started a MySQL Pod named `db`, and it keeps crashing. Find out why from its ' +
      'logs, then make `db` run: a Pod named `db` from a `mysql` image, `Running` and ready.',
    hints: [
      '`kubectl get pod db` shows the STATUS; `kubectl logs db` shows what the container printed before it exited.',
      'The MySQL image refuses to start without a root password: it reads it from the environment variable `MYSQL_ROOT_PASSWORD`.',
      'A Pod\'s environment cannot be changed in place. Delete `db` and create it again with `--env=MYSQL_ROOT_PASSWORD=...`.',
    ],
    setup: ['kubectl run db --image=mysql:8.0'],
    solution: [
      'kubectl delete pod db',
      'kubectl run db --image=mysql:8.0 --env=MYSQL_ROOT_PASSWORD=s3cret',
      'kubectl wait --for=condition=Ready pod/db --timeout=120s',
    ],
    checks: [
      podRunsImage('db', 'mysql'),
      containerEnvSet('db', 'mysql', 'MYSQL_ROOT_PASSWORD'),
      podRunning('db'),
      podReady('db'),
    ],
  },
];
