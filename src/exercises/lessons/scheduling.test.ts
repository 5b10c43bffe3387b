/** Other ways of solving the lesson "Placing Pods on nodes"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';
import { trainJob } from './scheduling.ts';

const cache = (placement: string) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:${placement}
  containers:
  - name: redis
    image: redis:7.2
EOF`;

const AFFINITY = (kind: 'required' | 'preferred', key: string, values: string) =>
  kind === 'required'
    ? `
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - {key: ${key}, operator: In, values: [${values}]}`
    : `
      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            preference:
              matchExpressions:
              - {key: ${key}, operator: In, values: [${values}]}`;

/** The Pod-level affinity block, indented for a bare Pod's spec. */
const podAffinity = (values: string) => AFFINITY('required', 'disktype', values).replace(/\n {4}/g, '\n');

export const ATTEMPTS: Record<string, Attempt[]> = {
  'scheduling/ssd-cache': [
    { name: 'a required node affinity', solution: ['kubectl label node kind-worker2 disktype=ssd', cache(podAffinity('ssd')), 'kubectl wait --for=condition=Ready pod/cache --timeout=120s'], passes: true },
    { name: 'the node labelled, the Pod left free', solution: ['kubectl label node kind-worker disktype=ssd', 'kubectl label node kind-worker2 disktype=ssd', cache(''), 'kubectl wait --for=condition=Ready pod/cache --timeout=120s'], passes: false },
    { name: 'a selector for a label no node has', solution: [cache('\n  nodeSelector:\n    disktype: ssd'), 'sleep 10'], passes: false },
  ],
  'scheduling/gpu-tiers': [
    { name: 'a nodeSelector for xlarge', solution: ['kubectl delete job train', trainJob('\n      nodeSelector:\n        gpu.homelab/tier: xlarge'), 'kubectl wait --for=condition=Ready pod -l app=train --timeout=120s'], passes: true },
    { name: 'a nodeSelector for large', solution: ['kubectl delete job train', trainJob('\n      nodeSelector:\n        gpu.homelab/tier: large'), 'kubectl wait --for=condition=Ready pod -l app=train --timeout=120s'], passes: true },
    { name: 'a preferred affinity only', solution: ['kubectl delete job train', trainJob(AFFINITY('preferred', 'gpu.homelab/tier', 'large, xlarge')), 'sleep 20'], passes: false },
    { name: 'the laptops cordoned and the Pod deleted', solution: ['kubectl cordon gpu-4070-laptop1 gpu-4070-laptop2', 'kubectl delete pod -l app=train', 'sleep 20'], passes: false },
  ],
  // On this exercise's cluster two Pods of batch land on kind-worker: 8 CPUs allocatable,
  // 2600m requested (2 x 1250m, and kindnet's 100m).
  'scheduling/headroom': [
    { name: 'in millicores', solution: ['kubectl describe node kind-worker'], answer: '5400m', passes: true },
    { name: 'in CPUs', solution: ['kubectl describe node kind-worker'], answer: '5.4', passes: true },
    { name: 'allocatable, not what is left', solution: ['kubectl describe node kind-worker'], answer: '8', passes: false },
    { name: 'the requests of batch alone subtracted', solution: ['kubectl describe node kind-worker'], answer: '5500m', passes: false },
  ],
};

describe('scheduling exercises: other solutions and near-misses', () => {
  expectAttemptsCover('scheduling', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
