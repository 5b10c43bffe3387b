/**
 * Exercises of the lesson "Pods": create a Pod with a label, run a helper container beside a
 * web server, let a short task finish without restarts, and repair a crash-looping database.
 */
import type { ClusterReader } from '../../sim/index.ts';
import { imageMatches, podHasLabel, podPhase, podRunning, podRunsImage } from '../checks.ts';
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { checkThat, outcome } from '../outcome.ts';
import { podStaysUp } from '../outcome-checks.ts';
import { podReadyCount, podRestarts } from '../pod-status.ts';

const LESSON = 'pods';

const PAIR_MANIFEST = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  containers:
  - name: web
    image: nginx:1.27
    ports:
    - containerPort: 80
  - name: fetcher
    image: busybox:1.36
    command: ["sh", "-c", "while true; do wget -q -O /dev/null http://localhost:80 && echo fetched; sleep 5; done"]
EOF`;

interface ContainerLike {
  image?: string;
  restartPolicy?: string;
}

/**
 * The Pod runs nginx and a busybox helper that keeps running beside it: either a second
 * container, or a native sidecar (an init container with `restartPolicy: Always`). Every
 * container is ready.
 */
function webWithHelper(name: string): Check {
  return {
    label: `${name} serves nginx with a busybox helper running beside it, all of it ready`,
    run(cluster: ClusterReader): CheckResult {
      const pod = cluster.tryGet('pods', 'default', name);
      if (!pod) return { passed: false, detail: `pod "${name}" does not exist` };
      const main = (pod.spec?.containers ?? []) as ContainerLike[];
      const sidecars = ((pod.spec?.initContainers ?? []) as ContainerLike[]).filter((c) => c.restartPolicy === 'Always');
      const all = [...main, ...sidecars];
      if (!main.some((c) => imageMatches(c.image ?? '', 'nginx'))) return { passed: false, detail: `no container of "${name}" runs nginx` };
      if (!all.some((c) => imageMatches(c.image ?? '', 'busybox'))) return { passed: false, detail: `no container of "${name}" that keeps running is a busybox` };
      if (all.length < 2) return { passed: false, detail: `"${name}" has a single container` };
      const [ready, total] = podReadyCount(pod);
      if (ready !== total || total < 2) return { passed: false, detail: `"${name}" shows READY ${ready}/${total}: a container that exits is restarted again and again` };
      return { passed: true };
    },
  };
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const podsExercises: Exercise[] = [
  {
    id: 'pods/web',
    title: 'Your own Pod',
    lesson: LESSON,
    task:
      'Run a Pod named `web` from the image `nginx:1.27`, labelled `tier=frontend`, ' +
      'and make sure it reaches `Running`.',
    hints: [
      '`kubectl run NAME --image=IMAGE` creates a Pod; `--labels=key=value` adds labels.',
      'A label can also be added afterwards with `kubectl label pod web tier=frontend`.',
      '`kubectl wait --for=condition=Ready pod/web` returns once the Pod is up.',
    ],
    setup: [],
    solution: ['kubectl run web --image=nginx:1.27 --labels=tier=frontend', 'kubectl wait --for=condition=Ready pod/web'],
    checks: [podRunsImage('web', 'nginx:1.27'), podHasLabel('web', 'tier', 'frontend'), podRunning('web')],
    wrongTurns: ['Running another tag (`nginx` or `nginx:1.25`): the image must be `nginx:1.27` exactly.', 'Forgetting the label, or writing it as `--label` (`kubectl run` takes `--labels`).'],
    minutes: 5,
  },
  {
    id: 'pods/pair',
    title: 'A helper beside the web server',
    lesson: LESSON,
    task:
      'Create a Pod named `pair` that serves `nginx:1.27`, with a `busybox:1.36` helper in the same ' +
      'Pod that keeps running beside it, for example fetching `http://localhost:80` every few ' +
      'seconds. Everything in the Pod must be ready.',
    hints: [
      '`kubectl run` makes one container only: write a manifest.',
      'A busybox container whose command ends is restarted again and again. Give it a loop, e.g. `while true; do ...; sleep 5; done`.',
      'Two entries under `spec.containers` work; so does a native sidecar (an entry under `initContainers` with `restartPolicy: Always`). Apply the manifest with `kubectl apply -f FILE`.',
    ],
    setup: [],
    solution: [PAIR_MANIFEST, 'kubectl wait --for=condition=Ready pod/pair'],
    checks: [webWithHelper('pair')],
    wrongTurns: ['A helper whose command ends (`wget` once, no loop): it is restarted again and again and the Pod is never fully ready.'],
    minutes: 10,
  },
  {
    id: 'pods/once',
    title: 'A task that ends',
    lesson: LESSON,
    task:
      'Run a Pod named `once` from `busybox:1.36` that prints `done` and exits. It must not be ' +
      'started again after it finishes: its STATUS should end at `Completed`.',
    hints: [
      'After `--`, `kubectl run` passes the rest of the line to the container: `-- echo done`.',
      'With the default restartPolicy a finished container is started again. Look at `kubectl run --help` for the flag that changes it.',
      'restartPolicy cannot be changed on an existing Pod: delete it and create it again.',
    ],
    setup: [],
    solution: [
      'kubectl run once --image=busybox:1.36 --restart=Never -- echo done',
      "kubectl wait --for=jsonpath='{.status.phase}'=Succeeded pod/once",
    ],
    checks: [
      outcome('once ran busybox to the end, successfully', podRunsImage('once', 'busybox'), podPhase('once', 'Succeeded')),
      checkThat('once was started only once', (cluster) => {
        const pod = cluster.tryGet('pods', 'default', 'once');
        const restarts = pod ? podRestarts(pod) : 0;
        return restarts === 0 ? undefined : `its container was started again ${restarts} time(s)`;
      }),
    ],
    wrongTurns: ['Leaving the default restartPolicy (`Always`): the container is started again after `echo done` and ends in CrashLoopBackOff, not Completed.'],
    minutes: 5,
  },
  {
    id: 'pods/fix-db',
    title: 'A database that will not start',
    lesson: LESSON,
    task:
      'Someone started a MySQL Pod named `db`, and it keeps crashing. Find out why, then make ' +
      '`db` run: a Pod named `db` from a `mysql` image that stays up.',
    hints: [
      '`kubectl get pod db` shows the STATUS; `kubectl logs db` shows what the container printed before it exited (add `--previous` once it has restarted).',
      'The log names three environment variables; any one of them lets the image start.',
      "A Pod's environment cannot be changed in place: `kubectl get pod db -o yaml` shows what it was made of; delete `db` and create it again with `--env=NAME=VALUE`.",
    ],
    setup: ['kubectl run db --image=mysql:8.4'],
    solution: [
      'kubectl logs db',
      'kubectl delete pod db',
      'kubectl run db --image=mysql:8.4 --env=MYSQL_ROOT_PASSWORD=s3cret',
      'kubectl wait --for=condition=Ready pod/db --timeout=120s',
    ],
    checks: [
      outcome('db runs a MySQL image', podRunsImage('db', 'mysql')),
      podStaysUp('db', 20, 'db has been Running for 20 seconds without a restart'),
    ],
    wrongTurns: ['Only deleting `db`: nothing creates it again (a bare Pod has no controller).', 'Creating it again without any of the three variables the log names (`MYSQL_USER` alone is not enough).'],
    minutes: 10,
  },
];
