/**
 * The ConfigMaps and Secrets exercises accept other correct solutions than the reference one
 * and refuse near misses.
 */
import { describe, expect, it } from 'vitest';
import { createClusterReader } from '../../sim/index.ts';
import { openSession } from '../../../tests/support/session.ts';
import { runChecks } from '../run-checks.ts';
import { configurationExercises } from './configuration.ts';

const byId = (id: string) => configurationExercises.find((e) => e.id === id)!;

async function attempt(id: string, lines: string[]): Promise<boolean> {
  const e = byId(id);
  const s = await openSession({ seed: 3 });
  for (const l of [...e.setup, ...lines]) await s.run(l);
  s.cluster.advance(30_000);
  return (await runChecks(e.checks, s.cluster)).every((o) => o.passed);
}

describe('configuration exercises', () => {
  it('missing-key: recreating the Pod with the key the ConfigMap has also works', { timeout: 60_000 }, async () => {
    const fixed = byId('configuration/missing-key').setup[0]!.replace(/^[\s\S]*?---\n/, "kubectl apply -f - <<'EOF'\n").replace('key: shop.conf', 'key: shop.cfg');
    expect(await attempt('configuration/missing-key', ['kubectl delete pod shop --now', fixed])).toBe(true);
  });

  it('missing-key: a key with the right name but no settings is not enough', { timeout: 60_000 }, async () => {
    expect(await attempt('configuration/missing-key', ['kubectl create configmap shop-config --from-literal=shop.conf= --dry-run=client -o yaml | kubectl apply -f -'])).toBe(false);
  });

  it('wrong-secret: creating the Secret the Deployment names, with the same password, also works', { timeout: 60_000 }, async () => {
    expect(await attempt('configuration/wrong-secret', ["kubectl create secret generic api-credentials --from-literal=password='Tr0ub4dor&3'"])).toBe(true);
  });

  it('wrong-secret: a Secret with that name but another key leaves the Pod blocked', { timeout: 60_000 }, async () => {
    expect(await attempt('configuration/wrong-secret', ["kubectl create secret generic api-credentials --from-literal=pass='Tr0ub4dor&3'"])).toBe(false);
  });

  it('legacy-password: a manifest with stringData passes; the base64 text as the password does not', { timeout: 60_000 }, async () => {
    const manifest = "kubectl apply -f - <<'EOF'\napiVersion: v1\nkind: Secret\nmetadata:\n  name: app-db\nstringData:\n  password: gr33n-Tea!42\nEOF";
    expect(await attempt('configuration/legacy-password', [manifest])).toBe(true);
    expect(await attempt('configuration/legacy-password', ["kubectl create secret generic app-db --from-literal=password=\"$(kubectl get secret legacy -o jsonpath='{.data.password}')\""])).toBe(false);
  });

  it('legacy-password: the answer is the decoded password, read from the cluster', { timeout: 60_000 }, async () => {
    const e = byId('configuration/legacy-password');
    const s = await openSession({ seed: 3 });
    for (const l of e.setup) await s.run(l);
    expect((await e.answer!.check(createClusterReader(s.cluster), 'gr33n-Tea!42')).passed).toBe(true);
    expect((await e.answer!.check(createClusterReader(s.cluster), ' gr33n-Tea!42\n')).passed).toBe(true);
    const encoded = await e.answer!.check(createClusterReader(s.cluster), 'Z3IzM24tVGVhITQy');
    expect(encoded.passed).toBe(false);
    expect(encoded.detail).toMatch(/base64/);
    await s.run("kubectl create secret generic legacy --from-literal=password=changed --dry-run=client -o yaml | kubectl apply -f -");
    expect((await e.answer!.check(createClusterReader(s.cluster), 'gr33n-Tea!42')).passed).toBe(false);
  });
});
