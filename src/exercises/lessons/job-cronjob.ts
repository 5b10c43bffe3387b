/**
 * Exercises of the lesson "Jobs and CronJobs": a parallel batch Job, a CronJob that fires, and
 * a failed Job to read, repair and run again.
 */
import type { Exercise } from '../exercise.ts';
import { outcome } from '../outcome.ts';
import { cronJobFired, jobCompleted } from '../workload-checks.ts';

const LESSON = 'job-cronjob';

const BATCH = `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 3
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: worker
        image: busybox:1.36
        command: ["sh", "-c", "echo processing; sleep 3"]
EOF`;

/** The migration Job; `env` is inserted after its command (YAML lines, indented for the container). */
export function MIGRATE(env: string): string {
  return `kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  backoffLimit: 1
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: busybox:1.36
        command: ["sh", "-c", "if [ -z \\"$TARGET\\" ]; then echo 'error: TARGET is not set: which database should I migrate?' >&2; exit 1; fi; echo migrating $TARGET; sleep 2; echo done"]${env}
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const jobCronjobExercises: Exercise[] = [
  {
    id: 'job-cronjob/batch',
    title: 'A batch in parallel',
    lesson: LESSON,
    task:
      'Run a Job named `batch` whose Pods (any short command, e.g. busybox printing a line) ' +
      'must succeed 3 times, with at most 2 running at the same time. Wait until it is complete.',
    hints: [
      '`completions` is how many successes the Job needs, `parallelism` how many Pods run at once.',
      '`kubectl create job` has no flags for them: write a manifest, starting from `parallel-job.yaml`.',
      '`kubectl wait --for=condition=Complete job/batch` returns when it is done.',
    ],
    setup: [],
    solution: [BATCH, 'kubectl wait --for=condition=Complete job/batch'],
    checks: [jobCompleted('batch', 3, 2)],
  },
  {
    id: 'job-cronjob/cron',
    title: 'Every minute',
    lesson: LESSON,
    task:
      'Create a CronJob named `tick` that runs `date` in a busybox container every minute, and ' +
      'let it run at least once, successfully.',
    hints: [
      '`kubectl create cronjob --help` shows how to write one from the command line; the schedule is a cron expression, quoted.',
      'The first run starts at the beginning of the next minute: `sleep 70` lets the cluster\'s clock move on.',
      '`kubectl get cronjob tick` shows LAST SCHEDULE; `kubectl get jobs` shows the runs.',
    ],
    setup: [],
    solution: ["kubectl create cronjob tick --image=busybox:1.36 --schedule='*/1 * * * *' -- date", 'sleep 75'],
    checks: [cronJobFired('tick')],
  },
  {
    id: 'job-cronjob/migrate',
    title: 'A migration that failed',
    lesson: LESSON,
    task:
      'The Job `migrate` was meant to migrate the database `orders`, but it failed. Find out why ' +
      'from what it printed, and get a Job named `migrate` to complete.',
    hints: [
      '`kubectl get job migrate` shows STATUS; `kubectl logs job/migrate` shows what one of its Pods printed.',
      'The script reads which database to migrate from an environment variable.',
      "A Job's Pod template cannot be changed once it exists: `kubectl get job migrate -o yaml` shows it; delete the Job and create it again with the variable set.",
    ],
    setup: [MIGRATE(''), 'kubectl wait --for=condition=Failed job/migrate --timeout=120s'],
    solution: ['kubectl logs job/migrate', 'kubectl delete job migrate', MIGRATE('\n        env:\n        - name: TARGET\n          value: orders'), 'kubectl wait --for=condition=Complete job/migrate'],
    checks: [outcome('Job migrate has completed', jobCompleted('migrate', 1, undefined))],
  },
];
