/** Other ways of solving the lesson "Choosing a controller"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

export const ATTEMPTS: Record<string, Attempt[]> = {
  'choosing/pending-hubble': [
    {
      name: 'a toleration in both Pod templates',
      solution: [
        `kubectl patch deployment hubble-relay -n kube-system -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"node-role.kubernetes.io/control-plane","operator":"Exists","effect":"NoSchedule"}]}}}}'`,
        `kubectl patch deployment hubble-ui -n kube-system -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"node-role.kubernetes.io/control-plane","operator":"Exists","effect":"NoSchedule"}]}}}}'`,
        'kubectl rollout status deployment/hubble-relay -n kube-system',
        'kubectl rollout status deployment/hubble-ui -n kube-system',
      ],
      passes: true,
    },
    { name: 'the taint removed', solution: ['kubectl taint node kind-control-plane node-role.kubernetes.io/control-plane:NoSchedule-', 'kubectl rollout status deployment/hubble-ui -n kube-system'], passes: false },
  ],
  'choosing/shop': [
    {
      name: 'from manifests, the Job with OnFailure',
      solution: [
        `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: schema
spec:
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: schema
        image: busybox:1.36
        command: ["echo", "schema applied"]
EOF`,
        'kubectl create deployment front --image=nginx:1.27 --replicas=2',
        'kubectl wait --for=condition=Complete job/schema',
        'kubectl rollout status deployment/front',
      ],
      passes: true,
    },
    { name: 'schema as a bare Pod', solution: ["kubectl run schema --image=busybox:1.36 --restart=Never -- echo 'schema applied'", 'kubectl create deployment front --image=nginx:1.27 --replicas=2', 'kubectl rollout status deployment/front'], passes: false },
    { name: 'front as two bare Pods', solution: ["kubectl create job schema --image=busybox:1.36 -- echo 'schema applied'", 'kubectl run front-1 --image=nginx:1.27', 'kubectl run front-2 --image=nginx:1.27', 'sleep 10'], passes: false },
  ],
  'choosing/nightly': [
    { name: 'a schedule written 00 02', solution: ["kubectl create cronjob report --image=busybox:1.36 --schedule='00 02 * * *' -- echo 'report ready'", 'kubectl create job manual-1 --from=cronjob/report', 'kubectl wait --for=condition=Complete job/manual-1'], passes: true },
    { name: 'at 02:00 on weekdays only', solution: ["kubectl create cronjob report --image=busybox:1.36 --schedule='0 2 * * 1-5' -- echo 'report ready'", 'kubectl create job manual-1 --from=cronjob/report', 'kubectl wait --for=condition=Complete job/manual-1'], passes: false },
    { name: 'a separate Job instead of a run of the CronJob', solution: ["kubectl create cronjob report --image=busybox:1.36 --schedule='0 2 * * *' -- echo 'report ready'", "kubectl create job report-test --image=busybox:1.36 -- echo 'report ready'", 'kubectl wait --for=condition=Complete job/report-test'], passes: false },
  ],
};

describe('choosing exercises: other solutions and near-misses', () => {
  expectAttemptsCover('choosing', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
