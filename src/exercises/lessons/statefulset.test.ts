/** The StatefulSet exercises accept other correct solutions and refuse near misses. */
import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';
import { runChecks } from '../run-checks.ts';
import { statefulsetExercises } from './statefulset.ts';

const byId = (id: string) => statefulsetExercises.find((e) => e.id === id)!;

async function attempt(id: string, lines: string[]): Promise<boolean> {
  const e = byId(id);
  const s = await openSession({ seed: 5 });
  for (const l of [...e.setup, ...lines]) await s.run(l);
  s.cluster.advance(60_000);
  return (await runChecks(e.checks, s.cluster)).every((o) => o.passed);
}

describe('statefulset exercises', () => {
  it('orders: fixing the key in the StatefulSet and replacing the stuck Pod also works', { timeout: 90_000 }, async () => {
    const patch = `kubectl patch statefulset orders --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/env/0/valueFrom/secretKeyRef/key","value":"password"}]'`;
    expect(await attempt('statefulset/orders', [patch, 'kubectl delete pod orders-0', 'kubectl rollout status statefulset/orders --timeout=3m'])).toBe(true);
  });

  it('orders: a Secret with the expected key but under another name is not used', { timeout: 90_000 }, async () => {
    expect(await attempt('statefulset/orders', ["kubectl create secret generic orders --from-literal=root-password='0rders-R00t'"])).toBe(false);
  });

  it('cache: the same StatefulSet with OrderedReady Pods does not pass', { timeout: 90_000 }, async () => {
    const ordered = byId('statefulset/cache').solution[0]!.replace('  podManagementPolicy: Parallel\n', '');
    expect(await attempt('statefulset/cache', [ordered, 'kubectl rollout status statefulset/cache --timeout=3m'])).toBe(false);
  });

  it('cache: a Service with a cluster IP is not headless', { timeout: 90_000 }, async () => {
    const withIP = byId('statefulset/cache').solution[0]!.replace('  clusterIP: None\n', '');
    expect(await attempt('statefulset/cache', [withIP, 'kubectl rollout status statefulset/cache --timeout=3m'])).toBe(false);
  });
});
