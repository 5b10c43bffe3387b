/**
 * Determinism across clusters in one JavaScript process: the same seed and the same commands at
 * the same cluster times must print byte for byte the same, whatever sessions ran before. The
 * page relies on this when it rebuilds a cluster by replaying the command journal after a
 * reload, and when "Reset cluster" creates a second cluster in the same page.
 */
import { describe, expect, it } from 'vitest';
import { runTranscript } from '../../src/cli/transcript.ts';

/**
 * A session touching pods, a deployment, a job, deletion, events, exec and logs. It starts with
 * commands whose code loads on first use (explain, describe, help, patch's YAML parser, shell
 * text tools): the cluster clock must not move while that code loads, or the first run in a
 * process would differ from later ones.
 */
const SESSION = `
kubectl explain pod.spec.containers | head -3
kubectl top
kubectl patch node kind-worker -p '{"metadata":{"labels":{"disk":"ssd"}}}'
kubectl describe node kind-worker | grep -c Conditions
kubectl get pods -A --no-headers | wc -l
kubectl run web --image=nginx:1.27 --labels=app=web --port=80
cat > deploy.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 2
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: api
        image: nginx:1.27
EOF
kubectl apply -f deploy.yaml
kubectl rollout status deployment/api
kubectl scale deployment api --replicas=4
kubectl create job pi --image=busybox:1.36 -- sh -c 'echo done'
kubectl wait --for=condition=complete job/pi --timeout=60s
kubectl logs job/pi
kubectl exec web -- hostname
kubectl expose pod web --port=80
kubectl set image deployment/api api=nginx:1.28
kubectl rollout status deployment/api
kubectl delete pod web
kubectl scale deployment api --replicas=1
kubectl get pods -o wide
kubectl get pods -o yaml
kubectl get all
kubectl get events
kubectl get pods,rs,deploy,jobs,svc -o jsonpath='{range .items[*]}{.metadata.name} {.metadata.uid} {.metadata.resourceVersion}{"\\n"}{end}'
kubectl describe deployment api
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name} {.metadata.resourceVersion}{"\\n"}{end}'
`;

/** A different session, run in between, that should leave nothing behind. */
const OTHER = `
kubectl create namespace other
kubectl create deployment many --image=redis:7 --replicas=5 -n other
kubectl rollout status deployment/many -n other
kubectl run crash --image=busybox:1.36 --restart=Never -- sh -c 'exit 3'
kubectl run loop --image=busybox:1.36 -- sh -c 'while true; do echo tick; sleep 1; done'
kubectl logs loop
kubectl create cronjob tick --image=busybox:1.36 --schedule='*/1 * * * *' -- echo tick
sleep 130
kubectl get jobs,pods -A
kubectl cordon kind-worker
kubectl drain kind-worker2 --ignore-daemonsets --force
kubectl expose deployment many --port=6379 -n other
kubectl get events -A
kubectl describe node kind-worker
kubectl delete namespace other
`;

describe('determinism', () => {
  it('prints the same session byte for byte whatever ran before in the process', async () => {
    const first = await runTranscript(SESSION, { seed: 7 });
    await runTranscript(OTHER, { seed: 3 });
    await runTranscript(OTHER, { seed: 7 });
    const second = await runTranscript(SESSION, { seed: 7 });
    // The session must have done real work, or equality would prove nothing.
    expect(first).toContain('deployment.apps/api scaled');
    expect(first).toContain('resourceVersion:');
    expect(first).not.toContain('error:');
    expect(second).toBe(first);
  }, 120_000);

  it('prints help texts that load on first use the same on first and later use', async () => {
    const bare = 'kubectl top\nkubectl rollout\nkubectl set\nkubectl create secret\nkubectl config\nkubectl auth\nkubectl help get';
    const first = await runTranscript(bare, { seed: 2 });
    const second = await runTranscript(bare, { seed: 2 });
    expect(first).toContain('Display resource (CPU/memory) usage.');
    expect(second).toBe(first);
  });
});
