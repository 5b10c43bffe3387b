/**
 * Troubleshooting exercise of the lesson "Choosing a controller", after a real home-lab story:
 * on a one-node cluster, two Deployments of a freshly installed network plugin stay Pending
 * because the only node is the tainted control-plane node.
 */
import type { Exercise } from '../exercise.ts';
import { checkThat, outcome } from '../outcome.ts';
import { cronJobDailyAt, cronJobRunCompleted } from '../outcome-checks.ts';
import { deploymentAvailable, jobCompleted, nodeHasTaint } from '../workload-checks.ts';

function hubble(name: string, image: string, command?: string): string {
  const cmd = command ? `\n        command: ["sh", "-c", "${command}"]` : '';
  return `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: kube-system
  labels:
    k8s-app: ${name}
spec:
  replicas: 1
  selector:
    matchLabels:
      k8s-app: ${name}
  template:
    metadata:
      labels:
        k8s-app: ${name}
    spec:
      containers:
      - name: ${name}
        image: ${image}${cmd}
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const choosingExercises: Exercise[] = [
  {
    id: 'choosing/pending-hubble',
    title: 'Pending on a one-node cluster',
    lesson: 'choosing',
    task:
      'In the `kube-system` namespace, the Deployments `hubble-relay` and `hubble-ui` have a Pod ' +
      'each that stays `Pending`, while `coredns` runs. Find out why, and get both Deployments ' +
      'available **without** removing the taint from `kind-control-plane`: it protects the ' +
      'control plane, and the fix belongs elsewhere.',
    hints: [
      '`kubectl get pods -n kube-system`, then `kubectl describe pod -n kube-system -l k8s-app=hubble-relay`: read the last event.',
      'Compare the Tolerations of a coredns Pod with those of a hubble Pod. And count the nodes.',
      'This is not an error: the Pods wait for a node they may use. `cluster add-node NAME` adds a worker (tolerating the taint in the Pod template would also work).',
    ],
    setup: [
      'cluster remove-node kind-worker',
      'cluster remove-node kind-worker2',
      hubble('hubble-relay', 'busybox:1.36', 'while true; do sleep 3600; done'),
      hubble('hubble-ui', 'nginx:1.27'),
    ],
    solution: [
      'cluster add-node kind-worker',
      'kubectl rollout status deployment/hubble-relay -n kube-system',
      'kubectl rollout status deployment/hubble-ui -n kube-system',
    ],
    checks: [
      outcome('hubble-relay and hubble-ui are available', deploymentAvailable('hubble-relay', 1, 'kube-system'), deploymentAvailable('hubble-ui', 1, 'kube-system')),
      outcome('The control-plane node still keeps ordinary workloads away', nodeHasTaint('kind-control-plane', 'node-role.kubernetes.io/control-plane', 'NoSchedule')),
    ],
  },
  {
    id: 'choosing/shop',
    title: 'Two jobs, two controllers',
    lesson: 'choosing',
    task:
      'A shop needs two things. `schema` applies a database schema once (`busybox:1.36` printing ' +
      '`schema applied` is enough here): it must run to the end, be retried if it fails, and never ' +
      'run again once it has succeeded. `front` is a stateless web front end (`nginx:1.27`) that must ' +
      'keep 2 copies serving and be updated later without downtime. Create both, each with the ' +
      'controller that fits it.',
    hints: [
      'Ask the first question of the lesson for each: does this work end by itself?',
      'Work that ends and must succeed once is a Job; `kubectl create job --help`.',
      'A stateless service updated by rolling out new versions is a Deployment.',
    ],
    setup: [],
    solution: [
      "kubectl create job schema --image=busybox:1.36 -- echo 'schema applied'",
      'kubectl create deployment front --image=nginx:1.27 --replicas=2',
      'kubectl wait --for=condition=Complete job/schema',
      'kubectl rollout status deployment/front',
    ],
    checks: [
      outcome('schema ran to the end, under a controller that retries it', jobCompleted('schema', 1, undefined)),
      outcome('front keeps 2 replicas available and can be rolled out', deploymentAvailable('front', 2)),
      checkThat('Nothing starts schema again after it succeeded', (cluster) => {
        const pod = cluster.list('pods', { namespace: 'default' }).items.find((p) => p.metadata.name === 'schema' || p.metadata.labels?.['job-name'] === 'schema');
        if (!pod) return 'no Pod of schema exists yet';
        return pod.spec?.restartPolicy === 'Always' ? 'its Pod would be started again after it ends' : undefined;
      }),
    ],
  },
  {
    id: 'choosing/nightly',
    title: 'Every night at two',
    lesson: 'choosing',
    task:
      'A report must be produced every night at 02:00 UTC by `busybox:1.36` printing `report ready`. ' +
      'Create it as `report`, and prove today, without waiting for the night, that one run works ' +
      'to the end.',
    hints: [
      'Work that ends, on a schedule: a CronJob. The schedule has five fields: minute, hour, day of month, month, day of week.',
      '`kubectl create job --help` has a way to start a Job from a CronJob\'s template right now.',
      'The Job made with `--from=cronjob/report` belongs to the CronJob; wait for it with `kubectl wait --for=condition=Complete`.',
    ],
    setup: [],
    solution: [
      "kubectl create cronjob report --image=busybox:1.36 --schedule='0 2 * * *' -- echo 'report ready'",
      'kubectl create job report-now --from=cronjob/report',
      'kubectl wait --for=condition=Complete job/report-now',
    ],
    checks: [
      cronJobDailyAt('report', 2, 0, 'report runs every night at 02:00 UTC'),
      cronJobRunCompleted('report', 'A run of report has completed'),
    ],
  },
];
