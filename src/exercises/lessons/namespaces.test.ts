/**
 * The namespaces exercises accept other correct solutions than the reference one and refuse
 * the near misses: a label added beside the wrong one, deleting the Pod to fix, deleting too much.
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

describe('namespaces/team', () => {
  it('accepts a manifest applied into the namespace', async () => {
    const apply = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: payments
---
apiVersion: v1
kind: Pod
metadata:
  name: ledger
  namespace: payments
  labels:
    team: payments
spec:
  containers:
  - name: ledger
    image: nginx:1.27
EOF`;
    expect(await attempt('namespaces/team', [apply])).toEqual([true]);
  }, 60_000);

  it('refuses the Pod created in default', async () => {
    expect(await attempt('namespaces/team', ['kubectl create namespace payments', 'kubectl run ledger --image=nginx:1.27 --labels=team=payments'])).toEqual([false]);
  }, 60_000);
});

describe('namespaces/relabel', () => {
  it('accepts removing the wrong label and adding the right one', async () => {
    expect(await attempt('namespaces/relabel', ['kubectl label pod api env-', 'kubectl label pod api env=production', 'kubectl label pod worker env=test --overwrite'])).toEqual([true, true]);
  }, 60_000);

  it('refuses a fix that leaves the test Pod in the selection', async () => {
    expect(await attempt('namespaces/relabel', ['kubectl label pod api env=production --overwrite'])).toEqual([false, true]);
  }, 60_000);

  it('refuses deleting the test Pod', async () => {
    expect(await attempt('namespaces/relabel', ['kubectl label pod api env=production --overwrite', 'kubectl delete pod worker'])).toEqual([true, false]);
  }, 60_000);
});

describe('namespaces/cleanup', () => {
  it('accepts deleting the experiment Pods by name', async () => {
    expect(await attempt('namespaces/cleanup', ['kubectl delete ns sandbox', 'kubectl delete pod probe-1 probe-2'])).toEqual([true, true, true]);
  }, 60_000);

  it('refuses deleting every Pod of default', async () => {
    expect(await attempt('namespaces/cleanup', ['kubectl delete ns sandbox', 'kubectl delete pods --all'])).toEqual([true, true, false]);
  }, 60_000);
});
