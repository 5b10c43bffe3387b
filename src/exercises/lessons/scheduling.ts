/**
 * Exercises of the lesson "Placing Pods on nodes": a Pod kept on SSD nodes by a nodeSelector,
 * and a troubleshooting story from a home lab: a training Pod that asks for "one GPU" lands on
 * a small laptop GPU, because to the scheduler every GPU is one GPU; labels fill the gap.
 */
import { podRunning } from '../checks.ts';
import type { Exercise } from '../exercise.ts';
import { podAsksFor, podOnNodeLabelled, podSelectsNode } from '../placement-checks.ts';

/** The training Pod, without or with the nodeSelector that sends it to a big GPU. */
function trainPod(selector: boolean): string {
  const select = selector ? '\n  nodeSelector:\n    gpu.homelab/tier: xlarge' : '';
  return `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: train
  labels:
    app: train
spec:${select}
  containers:
  - name: train
    image: python:3.12
    command: ["sh", "-c", "echo 'loading model (20 GB of weights)'; while true; do sleep 3600; done"]
    resources:
      limits:
        nvidia.com/gpu: 1
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const schedulingExercises: Exercise[] = [
  {
    id: 'scheduling/ssd-cache',
    title: 'A cache on a fast disk',
    lesson: 'scheduling',
    task:
      'Run a Pod named `cache` (image `redis:7`) that may only run on nodes labelled ' +
      '`disktype=ssd`, and make sure it is `Running`. If no node carries that label yet, give ' +
      'it to one of the workers.',
    hints: [
      '`kubectl get nodes -L disktype` shows which nodes have the label.',
      '`kubectl label node kind-worker disktype=ssd` labels a node.',
      'A Pod chooses nodes by label with `spec.nodeSelector`, e.g. `nodeSelector: {disktype: ssd}`; start from `ssd-pod.yaml`.',
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
    image: redis:7
EOF`,
      'kubectl wait --for=condition=Ready pod/cache --timeout=120s',
    ],
    checks: [podRunning('cache'), podSelectsNode('cache', 'disktype', 'ssd'), podOnNodeLabelled('cache', 'disktype', 'ssd')],
  },
  {
    id: 'scheduling/gpu-tiers',
    title: 'One GPU is not like another',
    lesson: 'scheduling',
    task:
      'The Pod `train` loads a model of 20 GB into GPU memory. It asks for `nvidia.com/gpu: 1` ' +
      'and got a GPU, but on a laptop card with 8 GB, where the training would run out of ' +
      'memory. The owner of the cluster has labelled the GPU machines by the size of their card ' +
      'with `gpu.homelab/tier`. Make `train` run on a machine of the `xlarge` tier, still with ' +
      'one GPU, in a way that holds the next time the Pod is created.',
    hints: [
      '`kubectl get pod train -o wide` shows the node; `kubectl get nodes -L gpu.homelab/tier` shows the tiers.',
      'To the scheduler, `nvidia.com/gpu: 1` means "any node with one free GPU": it does not know how big a card is. A label can say it, and a `nodeSelector` can ask for it.',
      'A running Pod\'s nodeSelector cannot be changed: `kubectl get pod train -o yaml`, then delete the Pod and create it again with `nodeSelector: {gpu.homelab/tier: xlarge}`.',
    ],
    setup: [
      'cluster add-node gpu-3090 --cpu=16 --memory=32Gi --gpus=1 --label gpu.homelab/tier=xlarge',
      'cluster add-node gpu-5090 --cpu=16 --memory=32Gi --gpus=1 --label gpu.homelab/tier=xlarge',
      'cluster add-node gpu-4070-laptop1 --cpu=24 --memory=32Gi --gpus=1 --label gpu.homelab/tier=small',
      'cluster add-node gpu-4070-laptop2 --cpu=24 --memory=32Gi --gpus=1 --label gpu.homelab/tier=small',
      trainPod(false),
    ],
    solution: ['kubectl delete pod train', trainPod(true), 'kubectl wait --for=condition=Ready pod/train --timeout=120s'],
    checks: [
      podRunning('train'),
      podAsksFor('train', 'nvidia.com/gpu', '1'),
      podOnNodeLabelled('train', 'gpu.homelab/tier', 'xlarge'),
      podSelectsNode('train', 'gpu.homelab/tier', 'xlarge'),
    ],
  },
];
