/** Other ways of solving the lesson "DaemonSets"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

/** A DaemonSet with the given template spec lines (indented for `spec.template.spec`). */
function ds(name: string, spec: string): string {
  return `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
spec:
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
${spec}
EOF`;
}

const SLEEPER = `      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "while true; do sleep 3600; done"]`;

const COLLECTOR = (mount: string, readOnly: boolean) => `      containers:
      - name: collector
        image: fluent/fluentd:v1.17-1
        volumeMounts:
        - name: logs
          mountPath: ${mount}${readOnly ? '\n          readOnly: true' : ''}
      volumes:
      - name: logs
        hostPath:
          path: /var/log/
          type: Directory`;

export const ATTEMPTS: Record<string, Attempt[]> = {
  'daemonset/agent': [
    { name: 'a toleration of every taint', solution: [ds('agent', `      tolerations:\n      - operator: Exists\n${SLEEPER}`), 'kubectl rollout status daemonset/agent'], passes: true },
    { name: 'no toleration', solution: [ds('agent', SLEEPER), 'kubectl rollout status daemonset/agent'], passes: false },
    { name: 'a Deployment of 3 replicas', solution: ['kubectl create deployment agent --image=nginx:1.27 --replicas=3', 'kubectl rollout status deployment/agent'], passes: false },
  ],
  'daemonset/log-agent': [
    { name: 'a trailing slash and type Directory', solution: [ds('log-agent', COLLECTOR('/var/log', true)), 'kubectl rollout status daemonset/log-agent'], passes: true },
    { name: 'mounted writable', solution: [ds('log-agent', COLLECTOR('/var/log', false)), 'kubectl rollout status daemonset/log-agent'], passes: false },
    { name: 'no volume at all', solution: [ds('log-agent', SLEEPER), 'kubectl rollout status daemonset/log-agent'], passes: false },
  ],
  'daemonset/tainted': [
    {
      name: 'a toleration with operator Exists',
      solution: [
        `kubectl patch daemonset node-exporter -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"dedicated","operator":"Exists","effect":"NoSchedule"}]}}}}'`,
        'kubectl rollout status daemonset/node-exporter',
      ],
      passes: true,
    },
    { name: 'the taint removed', solution: ['kubectl taint node kind-worker2 dedicated=batch:NoSchedule-', 'kubectl rollout status daemonset/node-exporter'], passes: false },
    {
      name: 'a toleration for another value',
      solution: [`kubectl patch daemonset node-exporter -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}]}}}}'`, 'sleep 20'],
      passes: false,
    },
  ],
};

describe('daemonset exercises: other solutions and near-misses', () => {
  expectAttemptsCover('daemonset', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
