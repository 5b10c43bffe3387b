/** Other ways of solving the lesson "Deployments"' exercises, and near-misses that must not pass. */
import { describe, it } from 'vitest';
import { tryAttempt, type Attempt } from '../../../tests/exercises/attempts.ts';
import { getExercise } from '../registry.ts';
import { expectAttemptsCover } from '../../../tests/exercises/attempts-cover.ts';

export const ATTEMPTS: Record<string, Attempt[]> = {
  'deployment/web': [
    { name: 'created with 1 replica, then scaled', solution: ['kubectl create deployment web --image=nginx:1.27', 'kubectl scale deployment web --replicas=3', 'kubectl rollout status deployment/web'], passes: true },
    { name: 'two replicas', solution: ['kubectl create deployment web --image=nginx:1.27 --replicas=2', 'kubectl rollout status deployment/web'], passes: false },
  ],
  'deployment/roll': [
    { name: 'kubectl patch of the template', solution: [`kubectl patch deployment shop -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}'`, 'kubectl rollout status deployment/shop'], passes: true },
    { name: 'deleted and created again', solution: ['kubectl delete deployment shop', 'kubectl create deployment shop --image=nginx:1.27 --replicas=3', 'kubectl rollout status deployment/shop'], passes: false },
  ],
  'deployment/stuck': [
    { name: 'a correct image set', solution: ['kubectl set image deployment/store nginx=nginx:1.27.3', 'kubectl rollout status deployment/store'], passes: true },
    { name: 'undo to revision 1 by number', solution: ['kubectl rollout undo deployment/store --to-revision=1', 'kubectl rollout status deployment/store'], passes: true },
    { name: 'the failing Pod deleted', solution: ['kubectl delete pod -l app=store --field-selector=status.phase=Pending', 'sleep 20'], passes: false },
    { name: 'another missing tag', solution: ['kubectl set image deployment/store nginx=nginx:1.272', 'sleep 20'], passes: false },
  ],
};

describe('deployment exercises: other solutions and near-misses', () => {
  expectAttemptsCover('deployment', ATTEMPTS);
  for (const [id, attempts] of Object.entries(ATTEMPTS)) {
    for (const attempt of attempts) {
      it(`${id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, () => tryAttempt(getExercise(id)!, attempt));
    }
  }
});
