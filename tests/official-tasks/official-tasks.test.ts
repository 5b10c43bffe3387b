/**
 * The command sequences of official Kubernetes task pages, pasted as a learner pastes them:
 * every command must run as on a real kind cluster, with no error a real cluster would not
 * print. Outputs are checked where the page shows what to expect. (The probes, ConfigMap and
 * Secret pages also have exact transcripts in tests/transcripts/.)
 */
import { describe, expect, it } from 'vitest';
import { openSession, type CommandResult } from '../support/session.ts';

interface Step {
  cmd: string;
  /** Exit status the real cluster gives (default 0). */
  code?: number;
  /** What stdout must show. */
  out?: RegExp;
}

const ERROR = /error|Error from server|not found|unknown|invalid|no such|cannot|can't|failed/i;

async function runPage(files: Record<string, string>, steps: Step[]): Promise<CommandResult[]> {
  const s = await openSession({ seed: 7, preset: 'kind', files });
  const results: CommandResult[] = [];
  for (const step of steps) {
    const r = await s.run(step.cmd);
    results.push(r);
    expect(r.exitCode, `${step.cmd}\n${r.output}`).toBe(step.code ?? 0);
    if ((step.code ?? 0) === 0) expect(r.stderr, step.cmd).not.toMatch(ERROR);
    if (step.out) expect(r.stdout, step.cmd).toMatch(step.out);
  }
  return results;
}

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 4
`;

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            imagePullPolicy: IfNotPresent
            command:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
          restartPolicy: OnFailure
`;

const deployment = (image: string, replicas?: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
${replicas ? `  replicas: ${replicas}\n` : '  replicas: 2 # tells deployment to run 2 pods matching the template\n'}  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: ${image}
        ports:
        - containerPort: 80
`;

const WEB = `apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.8
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
`;

const SECRET = `apiVersion: v1
kind: Secret
metadata:
  name: test-secret
data:
  username: bXktYXBw
  password: Mzk1MjgkdmRnN0pi
`;

const SECRET_POD = `apiVersion: v1
kind: Pod
metadata:
  name: secret-test-pod
spec:
  containers:
    - name: test-container
      image: nginx
      volumeMounts:
        - name: secret-volume
          mountPath: /etc/secret-volume
          readOnly: true
  volumes:
    - name: secret-volume
      secret:
        secretName: test-secret
`;

const ENV_POD = `apiVersion: v1
kind: Pod
metadata:
  name: env-single-secret
spec:
  containers:
  - name: envars-test-container
    image: nginx
    env:
    - name: SECRET_USERNAME
      valueFrom:
        secretKeyRef:
          name: backend-user
          key: backend-username
`;

describe('official task pages, command by command', () => {
  it('Running Automated Tasks with a Job (the pi Job)', async () => {
    const r = await runPage({ 'job.yaml': JOB }, [
      { cmd: 'kubectl apply -f job.yaml', out: /^job\.batch\/pi created\n$/ },
      { cmd: 'kubectl wait --for=condition=complete job/pi --timeout=300s', out: /^job\.batch\/pi condition met\n$/ },
      { cmd: 'kubectl describe job pi', out: /Pods Statuses:\s+0 Active \(0 Ready\) \/ 1 Succeeded \/ 0 Failed/ },
      { cmd: 'kubectl get pods', out: /^pi-\w{5}\s+0\/1\s+Completed\s+0\s/m },
      { cmd: "pods=$(kubectl get pods --selector=batch.kubernetes.io/job-name=pi --output=jsonpath='{.items[*].metadata.name}')" },
      { cmd: 'echo $pods', out: /^pi-\w{5}\n$/ },
      { cmd: 'kubectl logs $pods', out: /^3\.14159265358979323846264338327950288419716939937510\d+\n$/ },
      { cmd: 'kubectl delete job pi', out: /^job\.batch "pi" deleted\n$/ },
    ]);
    expect(r[6]!.stdout.length).toBe(2002);
  });

  it('Running Automated Tasks with a CronJob', async () => {
    await runPage({ 'cronjob.yaml': CRONJOB }, [
      { cmd: 'kubectl create -f cronjob.yaml', out: /^cronjob\.batch\/hello created\n$/ },
      {
        cmd: 'kubectl get cronjob hello',
        out: /^NAME\s+SCHEDULE\s+TIMEZONE\s+SUSPEND\s+ACTIVE\s+LAST SCHEDULE\s+AGE\nhello\s+\* \* \* \* \*\s+<none>\s+False\s+0\s+<none>\s/,
      },
      { cmd: 'sleep 70' },
      { cmd: 'kubectl get jobs', out: /^hello-\d+\s+Complete\s+1\/1\s/m },
      { cmd: 'kubectl get cronjob hello', out: /^hello\s+\* \* \* \* \*\s+<none>\s+False\s+0\s+\d+s\s/m },
      {
        cmd: "pods=$(kubectl get pods --selector=batch.kubernetes.io/job-name=$(kubectl get jobs -o jsonpath='{.items[0].metadata.name}') --output=jsonpath={.items..metadata.name})",
      },
      { cmd: 'kubectl logs $pods', out: /^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d UTC \d{4}\nHello from the Kubernetes cluster\n$/ },
      { cmd: 'kubectl delete cronjob hello', out: /^cronjob\.batch "hello" deleted\n$/ },
    ]);
  });

  it('Run a Stateless Application Using a Deployment', async () => {
    await runPage(
      {
        'deployment.yaml': deployment('nginx:1.14.2'),
        'deployment-update.yaml': deployment('nginx:1.16.1'),
        'deployment-scale.yaml': deployment('nginx:1.16.1', 4),
      },
      [
        { cmd: 'kubectl apply -f deployment.yaml', out: /^deployment\.apps\/nginx-deployment created\n$/ },
        { cmd: 'kubectl rollout status deployment/nginx-deployment', out: /successfully rolled out\n$/ },
        { cmd: 'kubectl describe deployment nginx-deployment', out: /Image:\s+nginx:1\.14\.2/ },
        { cmd: 'kubectl get pods -l app=nginx', out: /^nginx-deployment-\w+-\w{5}\s+1\/1\s+Running/m },
        { cmd: 'kubectl describe pod $(kubectl get pods -l app=nginx -o jsonpath={.items[0].metadata.name})', out: /Status:\s+Running/ },
        { cmd: 'kubectl apply -f deployment-update.yaml', out: /^deployment\.apps\/nginx-deployment configured\n$/ },
        { cmd: 'kubectl rollout status deployment/nginx-deployment', out: /successfully rolled out\n$/ },
        { cmd: 'kubectl get pods -l app=nginx' },
        { cmd: 'kubectl apply -f deployment-scale.yaml', out: /configured\n$/ },
        { cmd: 'kubectl rollout status deployment/nginx-deployment' },
        { cmd: 'kubectl get pods -l app=nginx --no-headers | wc -l', out: /^4\n$/ },
        { cmd: 'kubectl delete deployment nginx-deployment', out: /^deployment\.apps "nginx-deployment" deleted\n$/ },
      ],
    );
  });

  it('StatefulSet Basics', async () => {
    await runPage({ 'web.yaml': WEB }, [
      { cmd: 'kubectl apply -f web.yaml', out: /^service\/nginx created\nstatefulset\.apps\/web created\n$/ },
      { cmd: 'kubectl rollout status statefulset/web', out: /partitioned roll out complete: 2 new pods have been updated\.\.\.\n$/ },
      { cmd: 'kubectl get service nginx', out: /^nginx\s+ClusterIP\s+None\s+<none>\s+80\/TCP\s/m },
      { cmd: 'kubectl get statefulset web', out: /^web\s+2\/2\s/m },
      { cmd: 'kubectl get pods -l app=nginx', out: /^web-0\s+1\/1\s+Running\s+0\s.*\nweb-1\s+1\/1\s+Running/m },
      { cmd: 'for i in 0 1; do kubectl exec "web-$i" -- sh -c \'hostname\'; done', out: /^web-0\nweb-1\n$/ },
      { cmd: 'kubectl get pvc -l app=nginx', out: /^www-web-0\s+Bound\s+pvc-[\w-]+\s+1Gi\s+RWO\s+standard/m },
      { cmd: 'for i in 0 1; do kubectl exec "web-$i" -- sh -c \'echo "$(hostname)" > /usr/share/nginx/html/index.html\'; done' },
      { cmd: 'for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done', out: /^web-0\nweb-1\n$/ },
      { cmd: 'kubectl delete pod -l app=nginx', out: /pod "web-0" deleted\npod "web-1" deleted\n/ },
      { cmd: 'kubectl wait --for=condition=Ready pod/web-0 pod/web-1 --timeout=120s' },
      { cmd: 'for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done', out: /^web-0\nweb-1\n$/ },
      { cmd: 'kubectl scale sts web --replicas=5', out: /^statefulset\.apps\/web scaled\n$/ },
      { cmd: 'kubectl rollout status sts/web' },
      { cmd: 'kubectl get pods -l app=nginx --no-headers | wc -l', out: /^5\n$/ },
      { cmd: 'kubectl patch sts web -p \'{"spec":{"replicas":3}}\'', out: /^statefulset\.apps\/web patched\n$/ },
      {
        cmd: 'kubectl patch statefulset web --type=\'json\' -p=\'[{"op": "replace", "path": "/spec/template/spec/containers/0/image", "value":"registry.k8s.io/nginx-slim:0.24"}]\'',
        out: /patched\n$/,
      },
      { cmd: 'kubectl rollout status sts/web', out: /partitioned roll out complete: 3 new pods have been updated\.\.\.\n$/ },
      { cmd: "kubectl get pod web-0 --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'", out: /^registry\.k8s\.io\/nginx-slim:0\.24$/ },
      { cmd: 'kubectl delete statefulset web --cascade=orphan', out: /^statefulset\.apps "web" deleted\n$/ },
      { cmd: 'kubectl apply -f web.yaml', out: /statefulset\.apps\/web created\n$/ },
      { cmd: 'kubectl rollout status sts/web' },
      { cmd: 'kubectl get pods -l app=nginx --no-headers | wc -l', out: /^2\n$/ },
      { cmd: 'kubectl delete service nginx', out: /^service "nginx" deleted\n$/ },
      { cmd: 'kubectl delete statefulset web', out: /^statefulset\.apps "web" deleted\n$/ },
    ]);
  });

  it('Distribute Credentials Securely Using Secrets', async () => {
    await runPage({ 'secret.yaml': SECRET, 'secret-pod.yaml': SECRET_POD, 'pod-single-secret-env-variable.yaml': ENV_POD }, [
      { cmd: "echo -n 'my-app' | base64", out: /^bXktYXBw\n$/ },
      { cmd: "echo -n '39528$vdg7Jb' | base64", out: /^Mzk1MjgkdmRnN0pi\n$/ },
      { cmd: 'kubectl apply -f secret.yaml', out: /^secret\/test-secret created\n$/ },
      { cmd: 'kubectl get secret test-secret', out: /^test-secret\s+Opaque\s+2\s/m },
      { cmd: 'kubectl describe secret test-secret', out: /password:\s+12 bytes\nusername:\s+6 bytes/ },
      {
        cmd: "kubectl create secret generic test-secret2 --from-literal='username=my-app' --from-literal='password=39528$vdg7Jb'",
        out: /^secret\/test-secret2 created\n$/,
      },
      { cmd: 'kubectl apply -f secret-pod.yaml', out: /^pod\/secret-test-pod created\n$/ },
      { cmd: 'kubectl wait --for=condition=Ready pod/secret-test-pod --timeout=120s' },
      { cmd: 'kubectl get pod secret-test-pod', out: /^secret-test-pod\s+1\/1\s+Running/m },
      { cmd: 'kubectl exec secret-test-pod -- ls /etc/secret-volume', out: /^password\nusername\n$/ },
      {
        cmd: 'kubectl exec secret-test-pod -- /bin/bash -c \'echo "$( cat /etc/secret-volume/username )"; echo "$( cat /etc/secret-volume/password )"\'',
        out: /^my-app\n39528\$vdg7Jb\n$/,
      },
      { cmd: "kubectl create secret generic backend-user --from-literal=backend-username='backend-admin'", out: /created\n$/ },
      { cmd: 'kubectl create -f pod-single-secret-env-variable.yaml', out: /^pod\/env-single-secret created\n$/ },
      { cmd: 'kubectl wait --for=condition=Ready pod/env-single-secret --timeout=120s' },
      { cmd: "kubectl exec -i -t env-single-secret -- /bin/sh -c 'echo $SECRET_USERNAME'", out: /^backend-admin\n$/ },
      { cmd: 'kubectl delete pod secret-test-pod env-single-secret', out: /deleted\n/ },
    ]);
  });
});
