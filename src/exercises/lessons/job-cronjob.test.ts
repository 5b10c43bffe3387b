/** Other ways of solving the lesson "Jobs and CronJobs"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';
import { MIGRATE } from './job-cronjob.ts';

const batch = (completions: number, parallelism: number, restart: string) => `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: ${completions}
  parallelism: ${parallelism}
  template:
    spec:
      restartPolicy: ${restart}
      containers:
      - name: worker
        image: busybox:1.36
        command: ["echo", "one item"]
EOF`;

export const ATTEMPTS: Record<string, Attempt[]> = {
  'job-cronjob/batch': [
    { name: 'restartPolicy OnFailure', solution: [batch(3, 2, 'OnFailure'), 'kubectl wait --for=condition=Complete job/batch'], passes: true },
    { name: 'all three at once', solution: [batch(3, 3, 'Never'), 'kubectl wait --for=condition=Complete job/batch'], passes: false },
  ],
  'job-cronjob/cron': [
    { name: 'the schedule * * * * *', solution: ["kubectl create cronjob tick --image=busybox:1.36 --schedule='* * * * *' -- date", 'sleep 75'], passes: true },
    { name: 'an hourly schedule', solution: ["kubectl create cronjob tick --image=busybox:1.36 --schedule='0 * * * *' -- date", 'sleep 75'], passes: false },
  ],
  'job-cronjob/migrate': [
    {
      name: 'the variable from a ConfigMap',
      solution: [
        'kubectl create configmap migrate-config --from-literal=TARGET=orders',
        'kubectl delete job migrate',
        MIGRATE('\n        envFrom:\n        - configMapRef:\n            name: migrate-config'),
        'kubectl wait --for=condition=Complete job/migrate',
      ],
      passes: true,
    },
    { name: 'its failed Pods deleted', solution: ['kubectl delete pod -l job-name=migrate', 'sleep 20'], passes: false },
    { name: 'created again unchanged', solution: ['kubectl delete job migrate', MIGRATE(''), 'sleep 30'], passes: false },
  ],
};

describe('job-cronjob exercises: other solutions and near-misses', () => {
  expectAttemptsCover('job-cronjob', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
