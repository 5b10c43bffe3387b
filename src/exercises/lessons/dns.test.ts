import { describe, expect, it } from 'vitest';
import type { Exercise } from '../exercise.ts';
import { dnsExercises } from './dns.ts';
import { solvedBy } from '../../../tests/support/exercise-harness.ts';

const byId = (id: string): Exercise => dnsExercises.find((e) => e.id === id)!;

async function expectSolved(id: string, commands: string[], solved: boolean): Promise<void> {
  const r = await solvedBy(byId(id), commands);
  expect(r.solved, r.report).toBe(solved);
}

describe('dns exercises', () => {
  it('cross-namespace: the full name works as well as catalog.shop', async () => {
    await expectSolved('dns/cross-namespace', ['kubectl set env deployment/frontend CATALOG_HOST=catalog.shop.svc.cluster.local', 'kubectl rollout status deployment/frontend'], true);
  });

  it('cross-namespace: so does an ExternalName alias in default, leaving the frontend alone', async () => {
    await expectSolved('dns/cross-namespace', ['kubectl create service externalname catalog --external-name=catalog.shop.svc.cluster.local'], true);
  });

  it('cross-namespace: catalog.default is a near miss', async () => {
    await expectSolved('dns/cross-namespace', ['kubectl set env deployment/frontend CATALOG_HOST=catalog.default', 'kubectl rollout status deployment/frontend'], false);
  });

  it('headless: a manifest without ports gives the names too', async () => {
    await expectSolved('dns/headless', [
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
EOF`,
    ], true);
  });

  it('headless: a ClusterIP Service named db is a near miss', async () => {
    await expectSolved('dns/headless', ['kubectl create service clusterip db --tcp=80:80'], false);
  });

  it('coredns: one replica is enough', async () => {
    await expectSolved('dns/coredns', ['kubectl scale deployment coredns -n kube-system --replicas=1'], true);
  });

  it('coredns: restarting the client is a near miss', async () => {
    await expectSolved('dns/coredns', ['kubectl delete pod client', 'kubectl run client --image=busybox:1.36 -- sleep 3600'], false);
  });
});
