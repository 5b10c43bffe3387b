/**
 * Exercises of the lesson "Controllers": put hand-made Pods under a controller, delete a
 * Deployment while keeping its Pods (an orphaned ReplicaSet), and find the one Pod among
 * look-alikes that no controller looks after.
 */
import { nameAnswer } from '../answers.ts';
import type { Exercise } from '../exercise.ts';
import { outcome } from '../outcome.ts';
import {
  controllerOf,
  deploymentAvailable,
  orphanReplicaSet,
  podsAllControlled,
  podsRunning,
  workloadGone,
} from '../workload-checks.ts';

const LESSON = 'controllers';

/** Three Pods someone started by hand, all labelled app=web. */
const BARE_PODS = ['web-1', 'web-2', 'web-3'].map((n) => `kubectl run ${n} --image=nginx:1.27 --labels=app=web`);

const LEGACY = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: legacy
spec:
  replicas: 2
  selector:
    matchLabels:
      app: legacy
  template:
    metadata:
      labels:
        app: legacy
    spec:
      containers:
      - name: web
        image: nginx:1.27
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const controllersExercises: Exercise[] = [
  {
    id: 'controllers/heal',
    title: 'Pods that come back',
    lesson: LESSON,
    task:
      'Someone started three Pods by hand: `web-1`, `web-2` and `web-3`, all labelled `app=web` and ' +
      'running `nginx:1.27`. If one of them dies, nothing replaces it. Replace them with a ' +
      'Deployment named `web` that keeps 3 such Pods running, and leave no Pod labelled ' +
      '`app=web` without a controller.',
    hints: [
      '`kubectl create deployment web --image=nginx:1.27 --replicas=3` labels its Pods `app=web`.',
      'The Deployment does not adopt the hand-made Pods: its ReplicaSet selects `pod-template-hash` too. Once its own Pods run, delete the old ones.',
      "`kubectl get pods -l app=web -o custom-columns='NAME:.metadata.name,OWNER:.metadata.ownerReferences[0].kind'` shows which Pods have an owner.",
    ],
    setup: BARE_PODS,
    solution: [
      'kubectl create deployment web --image=nginx:1.27 --replicas=3',
      'kubectl rollout status deployment/web',
      'kubectl delete pod web-1 web-2 web-3',
    ],
    checks: [
      deploymentAvailable('web', 3),
      outcome('Every Pod labelled app=web would be replaced if it died', podsAllControlled('app', 'web', 3)),
      podsRunning('app', 'web', 3),
    ],
  },
  {
    id: 'controllers/orphans',
    title: 'Delete the owner, keep the Pods',
    lesson: LESSON,
    task:
      'The Deployment `legacy` runs two nginx Pods labelled `app=legacy`. Delete the Deployment ' +
      'without stopping its Pods: its ReplicaSet and both Pods must keep running.',
    hints: [
      'A normal `kubectl delete` lets the garbage collector remove what the Deployment owns.',
      '`kubectl delete` has a `--cascade` option; one of its values leaves the children alone.',
    ],
    setup: [LEGACY],
    solution: ['kubectl rollout status deployment/legacy', 'kubectl delete deployment legacy --cascade=orphan'],
    checks: [
      outcome('Deployment legacy is gone', workloadGone('deployments', 'legacy')),
      outcome('The two legacy Pods are still running, with their ReplicaSet', orphanReplicaSet({ app: 'legacy' }), podsRunning('app', 'legacy', 2)),
    ],
  },
  {
    id: 'controllers/impostor',
    title: 'The Pod nobody looks after',
    lesson: LESSON,
    task:
      'Three Pods labelled `app=cart` run `nginx:1.27`, and their names all look alike. Two belong ' +
      'to the Deployment `cart`; the third was started by hand and given a look-alike name. Find ' +
      'out which Pod would not come back if it were deleted, without deleting anything.',
    hints: [
      'A name proves nothing: anyone can name a Pod `cart-...`.',
      'Who owns a Pod is written in the Pod itself, under `metadata.ownerReferences`.',
      "`kubectl get pods -l app=cart -o custom-columns='NAME:.metadata.name,OWNER:.metadata.ownerReferences[0].kind'` puts it in one table.",
    ],
    setup: ['kubectl create deployment cart --image=nginx:1.27 --replicas=2', 'kubectl run cart-5d8c7b9f4-kx2lp --image=nginx:1.27 --labels=app=cart'],
    solution: [
      'kubectl rollout status deployment/cart',
      "kubectl get pods -l app=cart -o custom-columns='NAME:.metadata.name,OWNER:.metadata.ownerReferences[0].kind'",
    ],
    checks: [outcome('All three cart Pods are still running', podsRunning('app', 'cart', 3))],
    answer: nameAnswer('Which Pod has no controller? Give its name.', (cluster) => {
      const bare = cluster.list('pods', { namespace: 'default' }).items.filter((p) => p.metadata.labels?.app === 'cart' && !controllerOf(p) && !p.metadata.deletionTimestamp);
      return bare.length > 0 ? bare.map((p) => p.metadata.name!) : { problem: 'no Pod labelled app=cart is without a controller any more: reset the exercise to start again' };
    }),
  },
];
