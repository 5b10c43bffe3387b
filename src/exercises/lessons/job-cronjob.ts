/** Exercises of the lesson "Jobs and CronJobs": a parallel batch Job, and a CronJob that fires. */
import type { Exercise } from '../exercise.ts';
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
      '`kubectl create cronjob NAME --image=IMAGE --schedule=\'*/1 * * * *\' -- COMMAND` writes it for you.',
      'The first run starts at the beginning of the next minute: `sleep 70` lets the cluster\'s clock move on.',
      '`kubectl get cronjob tick` shows LAST SCHEDULE; `kubectl get jobs` shows the runs.',
    ],
    setup: [],
    solution: ["kubectl create cronjob tick --image=busybox:1.36 --schedule='*/1 * * * *' -- date", 'sleep 75'],
    checks: [cronJobFired('tick')],
  },
];
