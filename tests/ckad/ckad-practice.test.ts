/**
 * The command sets of CKAD practice (pods, multi-container Pods, labels and annotations,
 * Deployments, Jobs and CronJobs, ConfigMaps, Secrets, ServiceAccounts, resources and quotas,
 * probes, Services, NetworkPolicy, volumes), pasted as a learner pastes them: every command
 * must run as on a real kind cluster, with no error a real cluster would not print, and what
 * the client prints by itself (`--dry-run=client -o yaml`) must be byte for byte what the real
 * kubectl 1.32 client printed (dry-run-client.txt, recorded from it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession } from '../support/session.ts';

interface Step {
  cmd: string;
  /** Exit status the real cluster gives (default 0). */
  code?: number;
  /** What stdout must show. */
  out?: RegExp;
}

const ERROR = /error|Error from server|not found|unknown|invalid|no such|cannot|can't|failed/i;

async function runSet(steps: Step[], files: Record<string, string> = {}): Promise<void> {
  const s = await openSession({ seed: 11, preset: 'kind', files });
  for (const step of steps) {
    const r = await s.run(step.cmd);
    expect(r.exitCode, `${step.cmd}\n${r.output}`).toBe(step.code ?? 0);
    if ((step.code ?? 0) === 0) expect(r.stderr, `${step.cmd}\n${r.output}`).not.toMatch(ERROR);
    if (step.out) expect(r.stdout, step.cmd).toMatch(step.out);
  }
}

const steps = (lines: string): Step[] =>
  lines
    .trim()
    .split('\n')
    .map((cmd) => ({ cmd: cmd.trim() }));

describe('CKAD practice: every command runs as on a kind cluster', () => {
  it('core concepts: namespaces, pods, logs, exec, run -it --rm', async () => {
    await runSet([
      ...steps(`
        kubectl create namespace mynamespace
        kubectl run nginx --image=nginx --restart=Never -n mynamespace
        kubectl run nginx --image=nginx --restart=Never --dry-run=client -n mynamespace -o yaml > pod.yaml
        kubectl get po -A
        kubectl run nginx2 --image=nginx --restart=Never --port=80
        kubectl wait --for=condition=Ready pod/nginx2
        kubectl set image pod/nginx2 nginx2=nginx:1.24.0
        kubectl get po nginx2 -o jsonpath='{.spec.containers[0].image}'
        kubectl get po -o wide
        kubectl logs nginx2
        kubectl describe pod nginx2
        kubectl run nginx3 --image=nginx --restart=Never --env=var1=val1
        kubectl wait --for=condition=Ready pod/nginx3
        kubectl exec -it nginx3 -- sh -c 'echo $var1'
        kubectl delete po nginx3 --grace-period=0 --force
      `),
      {
        cmd: 'kubectl run busybox --image=busybox --command --restart=Never -it --rm -- env',
        out: /^PATH=.*\nHOSTNAME=busybox\n[\s\S]*pod "busybox" deleted\n$/,
      },
      { cmd: "kubectl run busybox3 --image=busybox -it --rm --restart=Never -- /bin/sh -c 'echo hello world'", out: /hello world\npod "busybox3" deleted/ },
      { cmd: 'kubectl run tmp --image=busybox --restart=Never --rm -i -- wget -qO- nginx2:80', code: 1 },
      { cmd: "kubectl run tmp2 --image=busybox --restart=Never --rm -i -- sh -c 'sleep 2; exit 2'", code: 2 },
    ]);
  });

  it('multi-container Pods, labels and annotations', async () => {
    const multi = `apiVersion: v1
kind: Pod
metadata:
  name: busybox
spec:
  containers:
  - name: busybox
    image: busybox
    command: ["/bin/sh", "-c", "echo hello; sleep 3600"]
  - name: busybox2
    image: busybox
    command: ["/bin/sh", "-c", "echo hello; sleep 3600"]
`;
    await runSet(
      [
        ...steps(`
          kubectl apply -f multi.yaml
          kubectl wait --for=condition=Ready pod/busybox
          kubectl exec -it busybox -c busybox2 -- /bin/sh -c 'ls; exit'
          kubectl logs busybox -c busybox2
          kubectl logs busybox --all-containers
          kubectl run nginx1 --image=nginx --restart=Never --labels=app=v1
          kubectl run nginx2 --image=nginx --restart=Never --labels=app=v1
          kubectl get po --show-labels
          kubectl label po nginx2 app=v2 --overwrite
          kubectl get po -L app
          kubectl get po -l 'app in (v2)'
          kubectl label po nginx1 nginx2 tier=web
          kubectl annotate po nginx1 nginx2 description='my description'
          kubectl get po nginx1 -o custom-columns=Name:metadata.name,ANNOTATIONS:metadata.annotations.description
          kubectl annotate po nginx1 nginx2 description-
          kubectl label po nginx1 app-
          kubectl label nodes kind-worker accelerator=nvidia-tesla-p100
          kubectl explain po.spec.nodeSelector
        `),
        { cmd: 'kubectl annotate pod nginx2 --list', out: /^$/ },
        { cmd: 'kubectl label pod nginx2 --list', out: /^app=v2\nrun=nginx2\ntier=web\n$|^app=v2\ntier=web\n$/ },
        { cmd: 'kubectl label pod nginx1 nginx2 --list', out: /^Listing labels for Pod\.\/nginx1:\n/ },
      ],
      { 'multi.yaml': multi },
    );
  });

  it('Deployments, rollouts and autoscaling', async () => {
    await runSet([
      ...steps(`
        kubectl create deploy nginx --image=nginx:1.18.0 --replicas=2 --port=80
        kubectl rollout status deploy nginx
        kubectl set image deploy nginx nginx=nginx:1.19.8
        kubectl rollout status deploy nginx
        kubectl rollout history deploy nginx
        kubectl rollout undo deploy nginx
        kubectl set image deploy nginx nginx=nginx:1.91
        kubectl rollout undo deploy nginx --to-revision=2
        kubectl rollout history deploy nginx --revision=3
        kubectl scale deploy nginx --replicas=5
        kubectl autoscale deploy nginx --min=5 --max=10 --cpu-percent=80
        kubectl get hpa nginx
        kubectl get hpa.v1.autoscaling nginx -o yaml
        kubectl rollout pause deploy nginx
        kubectl set image deploy nginx nginx=nginx:1.19.9
        kubectl rollout resume deploy nginx
        kubectl delete deploy nginx
        kubectl delete hpa nginx
      `),
    ]);
  });

  it('Jobs and CronJobs', async () => {
    await runSet([
      ...steps(`
        kubectl create job pi --image=perl:5.34 -- perl -Mbignum=bpi -wle 'print bpi(2000)'
        kubectl wait --for=condition=complete job/pi --timeout=120s
        kubectl logs job/pi
        kubectl delete job pi
        kubectl create job busybox --image=busybox -- /bin/sh -c 'echo hello;sleep 30;echo world'
        kubectl get po -l job-name=busybox
        kubectl create cronjob busybox --image=busybox --schedule="*/1 * * * *" -- /bin/sh -c 'date; echo Hello from the Kubernetes cluster'
        kubectl get cj
        kubectl create job --from=cronjob/busybox manual
        kubectl get jobs
        kubectl delete cj busybox
      `),
    ]);
  });

  it('ConfigMaps, Secrets and ServiceAccounts', async () => {
    await runSet([
      ...steps(`
        kubectl create configmap config --from-literal=foo=lala --from-literal=foo2=lolo
        echo -e "foo3=lili\\nfoo4=lele" > config.txt
        kubectl create cm configmap2 --from-file=config.txt
        echo -e "var1=val1\\n# this is a comment\\n\\nvar2=val2\\n#anothercomment" > config.env
        kubectl create cm configmap3 --from-env-file=config.env
        kubectl create cm configmap4 --from-file=special=config.txt
        kubectl describe cm configmap4
        kubectl create secret generic mysecret --from-literal=password=mypass
        echo -n admin > username
        kubectl create secret generic mysecret2 --from-file=username
        kubectl get secret mysecret2 -o jsonpath='{.data.username}' | base64 -d
        kubectl get secret mysecret2 --template '{{.data.username}}' | base64 -d
        kubectl create sa myuser
        kubectl run nginx --image=nginx --restart=Never --overrides='{ "spec": { "serviceAccountName": "myuser" } }'
        kubectl create token myuser
        kubectl create deploy web --image=nginx:1.27
        kubectl set serviceaccount deploy web myuser
        kubectl set sa deploy/web myuser --dry-run=client -o yaml
        kubectl set env deploy/web --from=configmap/config
        kubectl create clusterrole pod-reader --verb=get,list --resource=pods
        kubectl create clusterrolebinding read-pods --clusterrole=pod-reader --serviceaccount=default:myuser
        kubectl auth can-i list pods --as=system:serviceaccount:default:myuser
      `),
    ]);
  });

  it('resources and quotas, from a file changed locally', async () => {
    await runSet([
      ...steps(`
        kubectl create ns one
        kubectl create quota my-rq --namespace one --hard=requests.cpu=1,requests.memory=1Gi,limits.cpu=2,limits.memory=2Gi
        kubectl run nginx --image=nginx --restart=Never -n one --dry-run=client -o yaml > pod.yaml
        kubectl set resources -f pod.yaml --requests=cpu=0.5,memory=1Gi --limits=cpu=1,memory=2Gi --local -o yaml > pod2.yaml
        kubectl apply -f pod2.yaml
        kubectl describe quota my-rq -n one
      `),
      { cmd: 'kubectl run nginx2 --image=nginx --restart=Never -n one', code: 1 },
      { cmd: 'kubectl run nginx3 --image=nginx --restart=Never --requests=cpu=100m', code: 1 },
    ]);
  });

  it('probes, Services, NetworkPolicy and volumes', async () => {
    const probe = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels: {app: nginx}
spec:
  containers:
  - image: nginx
    name: nginx
    livenessProbe:
      exec: {command: [ls]}
      initialDelaySeconds: 5
      periodSeconds: 5
    readinessProbe:
      httpGet: {path: /, port: 80}
`;
    const policy = `kind: NetworkPolicy
apiVersion: networking.k8s.io/v1
metadata:
  name: access-nginx
spec:
  podSelector:
    matchLabels:
      app: nginx
  ingress:
  - from:
    - podSelector:
        matchLabels:
          access: 'true'
`;
    const pvc = `kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: mypvc
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
`;
    await runSet(
      [
        ...steps(`
          kubectl create -f probe.yaml
          kubectl wait --for=condition=Ready pod/nginx
          kubectl describe pod nginx
          kubectl expose pod nginx --port=80
          kubectl get ep nginx
          kubectl patch svc nginx -p '{"spec":{"type":"NodePort"}}'
          kubectl create -f policy.yaml
          kubectl describe netpol access-nginx
          kubectl create -f pvc.yaml
          kubectl get pvc
          kubectl top pod --help
        `),
        { cmd: 'kubectl run allowed --image=busybox --rm -i --restart=Never --labels=access=true -- wget -qO- -T 2 http://nginx:80', out: /Welcome to nginx!/ },
        { cmd: 'kubectl run denied --image=busybox --rm -i --restart=Never -- wget -qO- -T 2 http://nginx:80', code: 1 },
      ],
      { 'probe.yaml': probe, 'policy.yaml': policy, 'pvc.yaml': pvc },
    );
  });
});

/** `$ COMMAND` lines, each followed by what it printed. */
function readRecording(text: string): { cmd: string; out: string }[] {
  const out: { cmd: string; out: string }[] = [];
  for (const line of text.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('# ') && !out.length) continue;
    if (line.startsWith('$ ')) out.push({ cmd: line.slice(2), out: '' });
    else if (out.length) out[out.length - 1]!.out += `${line}\n`;
  }
  return out;
}

describe('CKAD practice: what the client prints by itself is what kubectl 1.32 prints', () => {
  const cases = readRecording(readFileSync(join(import.meta.dirname, 'dry-run-client.txt'), 'utf8'));
  it('has the recorded commands', () => expect(cases.length).toBeGreaterThan(20));
  it.each(cases.map((c) => [c.cmd, c.out]))('%s', async (cmd, expected) => {
    const s = await openSession({ seed: 3, preset: 'kind' });
    const r = await s.run(cmd);
    // The recording keeps stdout with its last newline trimmed (shell command substitution).
    expect(r.stdout.replace(/\n$/, ''), r.stderr).toBe(expected.replace(/\n$/, ''));
  });
});
