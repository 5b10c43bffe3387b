import { it, expect } from 'vitest';
import { runTranscript } from '/work/main/src/cli/transcript.ts';
const S = `kubectl top
kubectl config
kubectl auth
kubectl create service
kubectl create secret
kubectl set
kubectl rollout
kubectl help get
kubectl create
kubectl create configmap
kubectl get
kubectl describe
kubectl logs
kubectl exec
kubectl apply
kubectl edit
kubectl patch pod x
kubectl options
kubectl
kubectl get pods -h
kubectl explain
kubectl config view
kubectl auth can-i
kubectl rollout history
kubectl set env
kubectl create secret generic
kubectl cordon
kubectl taint
kubectl label
kubectl wait
kubectl expose
kubectl scale
kubectl run`;
it('help', async () => {
  const a = await runTranscript(S, { seed: 5 });
  const b = await runTranscript(S, { seed: 5 });
  expect(b).toBe(a);
}, 600_000);
