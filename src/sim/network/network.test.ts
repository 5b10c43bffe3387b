import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';

async function session() {
  return openSession({ seed: 3 });
}

describe('Service traffic', () => {
  it('spreads requests over the ready endpoints', async () => {
    const s = await session();
    await s.run('kubectl create deployment web --image=registry.k8s.io/e2e-test-images/agnhost:2.39 --replicas=3 -- /agnhost serve-hostname --port=8080');
    await s.run('kubectl expose deployment web --port=80 --target-port=8080');
    await s.run('kubectl run client --image=busybox:1.36 -- sleep 3600');
    await s.run('kubectl wait --for=condition=Ready pod --all');
    const r = await s.run(`kubectl exec client -- sh -c 'for i in $(seq 30); do wget -qO- web; echo; done'`);
    const names = new Set(r.stdout.trim().split('\n'));
    expect(names.size).toBe(3);
  });
});
