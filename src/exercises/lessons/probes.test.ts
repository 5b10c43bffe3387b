/**
 * The probes exercises accept other correct solutions than the reference one and refuse the
 * near misses: removing the probe, a slower liveness probe, deleting the Pod.
 */
import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';
import { getExercise } from '../registry.ts';
import { runChecks } from '../run-checks.ts';

async function attempt(id: string, lines: string[]): Promise<boolean[]> {
  const exercise = getExercise(id)!;
  const session = await openSession({ seed: 7 });
  for (const line of [...exercise.setup, ...lines]) await session.run(line);
  session.cluster.advance(30_000);
  return (await runChecks(exercise.checks, session.cluster)).map((o) => o.passed);
}

const patch = (deploy: string, ops: unknown[]) => `kubectl patch deployment ${deploy} --type=json -p='${JSON.stringify(ops)}'`;
const LIVENESS = '/spec/template/spec/containers/0/livenessProbe';

describe('probes/wrong-port', () => {
  it('accepts a TCP liveness probe on port 80', async () => {
    const ops = [{ op: 'replace', path: LIVENESS, value: { tcpSocket: { port: 80 }, periodSeconds: 5 } }];
    expect(await attempt('probes/wrong-port', [patch('api', ops), 'kubectl rollout status deployment/api'])).toEqual([true, true]);
  }, 60_000);

  it('refuses removing the liveness probe', async () => {
    expect(await attempt('probes/wrong-port', [patch('api', [{ op: 'remove', path: LIVENESS }]), 'kubectl rollout status deployment/api'])).toEqual([true, false]);
  }, 60_000);
});

describe('probes/slow-start', () => {
  it('accepts an initial delay on the liveness probe instead of a startup probe', async () => {
    const ops = [{ op: 'add', path: `${LIVENESS}/initialDelaySeconds`, value: 35 }];
    expect(await attempt('probes/slow-start', [patch('legacy', ops), 'kubectl rollout status deployment/legacy'])).toEqual([true, true]);
  }, 60_000);

  it('refuses a liveness probe made too slow to notice a hang', async () => {
    const ops = [{ op: 'replace', path: `${LIVENESS}/failureThreshold`, value: 10 }];
    expect(await attempt('probes/slow-start', [patch('legacy', ops), 'kubectl rollout status deployment/legacy'])).toEqual([true, false]);
  }, 60_000);
});

describe('probes/drain-one', () => {
  it('accepts removing the health page in a Pod chosen by name, through sh', async () => {
    const line = 'kubectl exec $(kubectl get pods -l app=shop -o name | tail -1) -- sh -c "rm -f /usr/share/nginx/html/healthz.html"';
    expect(await attempt('probes/drain-one', [line])).toEqual([true, true]);
  }, 60_000);

  it('refuses deleting a Pod: its replacement is ready again', async () => {
    const line = 'kubectl delete $(kubectl get pods -l app=shop -o name | head -1)';
    expect((await attempt('probes/drain-one', [line]))[0]).toBe(false);
  }, 60_000);
});
