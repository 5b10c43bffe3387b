/** Other ways of solving the lab's exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

const api = (seconds: number, keys: string[]) => `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 2
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      tolerations:
${keys.map((k) => `      - key: ${k}\n        operator: Exists\n        effect: NoExecute\n        tolerationSeconds: ${seconds}`).join('\n')}
      containers:
      - name: nginx
        image: nginx:1.27
EOF`;

export const ATTEMPTS: Record<string, Attempt[]> = {
  'lab/all-kinds': [
    {
      name: 'other names, a DaemonSet of busybox',
      solution: [
        'kubectl create deployment shop --image=nginx:1.27 --replicas=5',
        "kubectl create job once --image=busybox:1.36 -- echo ok",
        "kubectl create cronjob every --image=busybox:1.36 --schedule='* * * * *' -- echo ok",
        `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: a
        image: busybox:1.36
        command: ["sleep", "86400"]
EOF`,
        'kubectl rollout status deployment/shop',
        'kubectl rollout status daemonset/agent',
        'kubectl wait --for=condition=Complete job/once',
        'sleep 75',
      ],
      passes: true,
    },
    { name: 'no CronJob run yet', solution: ['kubectl create deployment web --image=nginx:1.27 --replicas=4', "kubectl create job pi --image=busybox:1.36 -- echo done", "kubectl create cronjob hello --image=busybox:1.36 --schedule='0 3 * * *' -- echo hi", 'kubectl rollout status deployment/web'], passes: false },
  ],
  'lab/fast-failover': [
    { name: '10 seconds', solution: [api(10, ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready']), 'kubectl rollout status deployment/api'], passes: true },
    { name: 'unreachable only', solution: [api(30, ['node.kubernetes.io/unreachable']), 'kubectl rollout status deployment/api'], passes: false },
    { name: '60 seconds', solution: [api(60, ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready']), 'kubectl rollout status deployment/api'], passes: false },
  ],
  'lab/silent-node': [
    { name: 'the name, read from describe', solution: ['kubectl describe nodes'], answer: ' node/kind-worker ', passes: true },
    { name: 'a healthy node', solution: ['kubectl get nodes'], answer: 'kind-worker2', passes: false },
  ],
};

describe('lab exercises: other solutions and near-misses', () => {
  expectAttemptsCover('lab', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
