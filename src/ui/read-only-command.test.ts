import { describe, expect, it } from 'vitest';
import { isReadOnlyLine } from './read-only-command.ts';

describe('isReadOnlyLine', () => {
  it('leaves plain reading commands out of the journal', () => {
    for (const l of ['kubectl get pods', 'k get deploy -o wide', 'kubectl describe pod web', 'kubectl logs web -f', 'kubectl get pods -l app=web', 'ls -la', 'cat pod.yaml', 'history', 'kubectl explain pod.spec']) {
      expect(isReadOnlyLine(l), l).toBe(true);
    }
  });

  it('keeps anything that writes, changes the shell or is not a plain word list', () => {
    for (const l of [
      'kubectl apply -f pod.yaml',
      'kubectl run web --image=nginx:1.27',
      'kubectl config set-context --current --namespace=dev',
      'kubectl --namespace dev get pods',
      'kubectl get pods > pods.txt',
      'kubectl get pods | tee out',
      'cat pod.yaml; kubectl delete pod web',
      'cd manifests',
      'X=1 kubectl get pods',
      'echo $RANDOM',
      'kubectl get pods -o jsonpath="{.items}"',
      'cat <<EOF\nkind: Pod\nEOF',
      'history -c',
      'sleep 30',
      'kubectl',
      '',
    ]) {
      expect(isReadOnlyLine(l), l).toBe(false);
    }
  });
});
