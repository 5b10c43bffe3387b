import { it } from 'vitest';
import { kindSession } from '../../testing.ts';

const STS = `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 3
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
        image: registry.k8s.io/nginx-slim:0.24
        ports:
        - containerPort: 80
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
`;
const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
spec:
  selector:
    matchLabels:
      name: node-agent
  template:
    metadata:
      labels:
        name: node-agent
    spec:
      containers:
      - name: agent
        image: busybox:1.36
        command: ["sleep", "infinity"]
`;

it('scratch2', async () => {
  const { run, c } = await kindSession({ 'sts.yaml': STS, 'ds.yaml': DS });
  const show = async (l: string, opts = {}) => { const r = await run(l, opts); console.log(`$ kubectl ${l}\n${r.stdout}${r.stderr ? '[stderr]\n' + r.stderr : ''}[exit ${r.code}]\n`); };
  await show('apply -f sts.yaml');
  await show('rollout status statefulset/web');
  await show('describe sts web');
  await show('get pvc');
  await show('describe pvc www-web-0');
  await show('get pv');
  await show('get sc');
  await show('describe sc');
  await show('set image sts/web nginx=registry.k8s.io/nginx-slim:0.27');
  await show('rollout status sts/web');
  await show('rollout history sts/web');
  await show('rollout history sts/web --revision=1');
  await show('rollout undo sts/web');
  await show('rollout undo sts/web --to-revision=3');
  await show('scale sts web --replicas=1');
  await show('apply -f ds.yaml');
  c.advance(10000);
  await show('describe ds node-agent');
  await show('rollout status ds/node-agent');
  await show('rollout pause ds/node-agent');
  await show('create job hello --image=busybox -- echo "Hello World"');
  c.advance(15000);
  await show('describe job hello');
  await show('create cronjob ticker --image=busybox --schedule=*/1 * * * * -- date'.replace('*/1 * * * *', "'*/1 * * * *'"));
  await show('create job manual-run --from=cronjob/ticker');
  c.advance(70000);
  await show('describe cronjob ticker');
  await show('get pods -o wide');
  await show('drain kind-worker');
  await show('drain kind-worker --ignore-daemonsets');
  await show('get nodes');
  await show('uncordon kind-worker');
  await show('uncordon kind-worker');
  await show('taint node kind-worker2 dedicated=gpu:NoSchedule');
  await show('taint node kind-worker2 dedicated=gpu:NoSchedule');
  await show('taint node kind-worker2 dedicated=cpu:NoSchedule --overwrite');
  await show('taint node kind-worker2 dedicated-');
  await show('taint node kind-worker2 dedicated-');
  await show('describe pv');
});
