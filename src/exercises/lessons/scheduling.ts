/**
 * Exercises of the lesson "Placing Pods on nodes": a cache kept on SSD nodes; a troubleshooting
 * story from a home lab, where a training Job that asks for "one GPU" lands on a small laptop
 * GPU, because to the scheduler every GPU is one GPU, and labels fill the gap; and a question
 * on how much CPU a node can still promise.
 */
import { milliValue, parseQuantity, type KubeObject } from '../../sim/index.ts';
import { cpuAnswer } from '../answers.ts';
import { podRunning } from '../checks.ts';
import type { Exercise } from '../exercise.ts';
import { keptOnNodes } from '../node-restriction.ts';
import { checkThat, outcome } from '../outcome.ts';
import { podOnNodeLabelled } from '../placement-checks.ts';
import { podsRunning } from '../workload-checks.ts';

const TIER = 'gpu.homelab/tier';

/** The training Job, with `placement` lines (indented for the Pod spec) when given. */
export function trainJob(placement = ''): string {
  return `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: train
spec:
  backoffLimit: 0
  template:
    metadata:
      labels:
        app: train
    spec:
      restartPolicy: Never${placement}
      containers:
      - name: train
        image: python:3.12
        command: ["sh", "-c", "echo 'loading model (20 GB of weights)'; sleep 86400"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF`;
}

/** The home lab's GPU machines, as in the lesson. */
export const HOME_LAB = [
  `cluster add-node gpu-5090 --cpu=16 --memory=65794300Ki --gpus=1 --kubelet=kubeadm --label ${TIER}=xlarge`,
  `cluster add-node gpu-3090 --cpu=16 --memory=32827476Ki --gpus=1 --kubelet=kubeadm --label ${TIER}=large`,
  `cluster add-node gpu-4070-laptop1 --cpu=24 --memory=32616956Ki --gpus=1 --kubelet=kubeadm --label ${TIER}=small`,
  `cluster add-node gpu-4070-laptop2 --cpu=24 --memory=32616956Ki --gpus=1 --kubelet=kubeadm --label ${TIER}=small`,
];

/** The live Pods of the Job `name`. */
function jobPods(pods: KubeObject[], name: string): KubeObject[] {
  return pods.filter((p) => p.metadata.labels?.['job-name'] === name && !p.metadata.deletionTimestamp);
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const schedulingExercises: Exercise[] = [
  {
    id: 'scheduling/ssd-cache',
    title: 'A cache on a fast disk',
    lesson: 'scheduling',
    task:
      'Run a Pod named `cache` (image `redis:7.2`) that may only ever run on nodes labelled ' +
      '`disktype=ssd`, and make sure it is `Running`. No node carries that label yet: give it to ' +
      'one of the workers.',
    hints: [
      '`kubectl get nodes -L disktype` shows which nodes have the label; `kubectl label node` adds one.',
      'The Pod must choose such nodes itself: landing there by luck is not enough.',
      'Start from `ssd-pod.yaml`: `spec.nodeSelector` (or a required node affinity) chooses nodes by label.',
    ],
    setup: [],
    solution: [
      'kubectl label node kind-worker disktype=ssd --overwrite',
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  nodeSelector:
    disktype: ssd
  containers:
  - name: redis
    image: redis:7.2
EOF`,
      'kubectl wait --for=condition=Ready pod/cache --timeout=120s',
    ],
    checks: [
      outcome('cache is Running on a node labelled disktype=ssd', podRunning('cache'), podOnNodeLabelled('cache', 'disktype', 'ssd')),
      keptOnNodes('cache can only ever be placed on such nodes', 'pods', 'cache', 'disktype', ['ssd']),
    ],
  },
  {
    id: 'scheduling/gpu-tiers',
    title: 'One GPU is not like another',
    lesson: 'scheduling',
    task:
      'The Job `train` loads a model of 20 GB into GPU memory. It asks for `nvidia.com/gpu: 1` and ' +
      'got a GPU, but on a laptop card with 8 GB, where the training will run out of memory. Only ' +
      'the two desktop cards are big enough: the 3090 (24 GB) and the 5090 (32 GB). The owner of ' +
      'the cluster has labelled the GPU machines by the size of their card. Make the training run ' +
      'on one of the big cards, in a way that holds every time the Job creates a Pod.',
    hints: [
      '`kubectl get pods -l app=train -o wide` shows the node; `kubectl get nodes --show-labels` (or `-L` with the label key) shows the tiers.',
      'To the scheduler, `nvidia.com/gpu: 1` means "any node with one free GPU": it does not know how big a card is. A label can say it, and the Pod template can ask for it.',
      "A Job's Pod template cannot be changed: `kubectl get job train -o yaml > train.yaml`, edit, delete the Job, apply. One nodeSelector names one tier; a required node affinity with `operator: In` accepts two.",
    ],
    setup: [...HOME_LAB, trainJob(), 'kubectl wait --for=condition=Ready pod -l app=train --timeout=120s'],
    solution: [
      'kubectl delete job train',
      trainJob(`
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - key: ${TIER}
                operator: In
                values: [large, xlarge]`),
      'kubectl wait --for=condition=Ready pod -l app=train --timeout=120s',
    ],
    checks: [
      checkThat('The training runs on a card big enough for the model', (cluster) => {
        const pods = jobPods(cluster.list('pods', { namespace: 'default' }).items, 'train');
        if (pods.length === 0) return 'the Job train has no Pod';
        for (const p of pods) {
          const node = p.spec?.nodeName ? cluster.tryGet('nodes', undefined, p.spec.nodeName) : undefined;
          const tier = node?.metadata.labels?.[TIER];
          if (!node) return `pod "${p.metadata.name}" is not on a node yet`;
          if (tier !== 'large' && tier !== 'xlarge') return `pod "${p.metadata.name}" runs on ${node.metadata.name}, tier ${tier ?? 'none'}`;
        }
        return undefined;
      }),
      keptOnNodes("Every Pod the Job creates goes to a big card", 'jobs.batch', 'train', TIER, ['large', 'xlarge']),
      checkThat('The training still asks for exactly one GPU', (cluster) => {
        const job = cluster.tryGet('jobs.batch', 'default', 'train');
        if (!job) return 'job.batch "train" does not exist';
        const gpus = ((job.spec?.template?.spec?.containers ?? []) as { resources?: { limits?: Record<string, unknown> } }[]).map((c) => String(c.resources?.limits?.['nvidia.com/gpu'] ?? ''));
        return gpus.includes('1') ? undefined : 'no container of the Job asks for nvidia.com/gpu: 1';
      }),
    ],
  },
  {
    id: 'scheduling/headroom',
    title: 'How much is left?',
    lesson: 'scheduling',
    task:
      'The Deployment `batch` runs three Pods that request CPU. Without creating anything, find out ' +
      'how much CPU Pods can still **request** on `kind-worker` before the scheduler calls it full.',
    hints: [
      'The scheduler counts requests against allocatable, not what Pods use right now.',
      '`kubectl describe node kind-worker` shows Allocatable, and under "Allocated resources" the sum of the requests on it.',
      'Subtract. Millicores are fine: `1500m` is 1.5 CPUs.',
    ],
    setup: ['kubectl create deployment batch --image=nginx:1.27 --replicas=3', 'kubectl set resources deployment batch --requests=cpu=1250m', 'kubectl rollout status deployment/batch'],
    solution: ['kubectl describe node kind-worker | grep -A8 Allocatable', 'kubectl describe node kind-worker | grep -A5 "Allocated resources"'],
    checks: [outcome('The three Pods of batch are still running', podsRunning('app', 'batch', 3))],
    answer: cpuAnswer('How much CPU can still be requested on kind-worker (for example `2` or `2500m`)?', (cluster) => {
      const node = cluster.tryGet('nodes', undefined, 'kind-worker');
      if (!node) return { problem: 'node "kind-worker" does not exist' };
      const allocatable = milliValue(parseQuantity(String(node.status?.allocatable?.cpu ?? '0')));
      const requested = cluster
        .list('pods')
        .items
        .filter((p) => p.spec?.nodeName === 'kind-worker' && !['Succeeded', 'Failed'].includes(p.status?.phase ?? ''))
        .flatMap((p) => p.spec?.containers ?? [])
        .reduce((sum, c) => sum + (c.resources?.requests?.cpu === undefined ? 0 : milliValue(parseQuantity(String(c.resources.requests.cpu)))), 0);
      return allocatable - requested;
    }),
  },
];
