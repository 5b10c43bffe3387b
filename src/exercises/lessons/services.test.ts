import { describe, expect, it } from 'vitest';
import type { Exercise } from '../exercise.ts';
import { solvedBy } from '../../../tests/support/exercise-harness.ts';
import { servicesExercises } from './services.ts';

const byId = (id: string): Exercise => servicesExercises.find((e) => e.id === id)!;

async function expectSolved(id: string, commands: string[], solved: boolean): Promise<void> {
  const r = await solvedBy(byId(id), commands);
  expect(r.solved, r.report).toBe(solved);
}

describe('services exercises', () => {
  it('selector: a corrected manifest applied over the broken one also solves it', async () => {
    await expectSolved('services/selector', [
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: shop
spec:
  selector:
    app: shop
  ports:
    - port: 80
      targetPort: 8080
EOF`,
    ], true);
  });

  it('selector: so does replacing the Service with kubectl expose', async () => {
    await expectSolved('services/selector', ['kubectl delete service shop', 'kubectl expose deployment shop --port=80 --target-port=8080'], true);
  });

  it('selector: relabelling one Pod to the typo is not a fix (that Pod leaves the Deployment)', async () => {
    const session = await solvedBy(byId('services/selector'), ['kubectl label pods -l app=shop app=shpo --overwrite']);
    expect(session.solved, session.report).toBe(false);
  });

  it('target-port: pointing targetPort at 8080 through a new manifest solves it', async () => {
    await expectSolved('services/target-port', [
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector:
    app: api
  ports:
    - port: 80
      targetPort: 8080
EOF`,
    ], true);
  });

  it('target-port: moving the Service to port 8080 is a near miss (clients use 80)', async () => {
    await expectSolved('services/target-port', [`kubectl patch service api --type=merge -p '{"spec":{"ports":[{"port":8080,"targetPort":8080}]}}'`], false);
  });

  it('nodeport: a LoadBalancer Service with nodePort 30080 also opens the port on every node', async () => {
    await expectSolved('services/nodeport', [
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: front
spec:
  type: LoadBalancer
  selector:
    app: web
  ports:
    - port: 8000
      targetPort: 80
      nodePort: 30080
EOF`,
    ], true);
  });

  it('nodeport: kubectl expose with a random node port is a near miss', async () => {
    await expectSolved('services/nodeport', ['kubectl expose deployment web --type=NodePort --port=80'], false);
  });
});
