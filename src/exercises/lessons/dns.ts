/**
 * Exercises of the lesson "ClusterReader DNS": a short name used across namespaces, per-Pod names for
 * a StatefulSet (built from a description), and CoreDNS scaled away.
 */
import { type ClusterReader } from '../../sim/index.ts';
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { podReadyCondition } from '../pod-status.ts';
import { deploymentAvailable } from '../workload-checks.ts';
import { answersInCluster, deploymentPods, failure, nameResolvesToPod } from './network-checks.ts';

const AGNHOST = 'registry.k8s.io/e2e-test-images/agnhost:2.39';

const FRONTEND = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
spec:
  replicas: 1
  selector:
    matchLabels:
      app: frontend
  template:
    metadata:
      labels:
        app: frontend
    spec:
      containers:
        - name: frontend
          image: busybox:1.36
          env:
            - name: CATALOG_HOST
              value: catalog
          command: ["sh", "-c", "while true; do wget -qO- -T 2 http://\\$CATALOG_HOST/ && echo; sleep 5; done"]
EOF`;

const DB = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
        - name: db
          image: nginx:1.27
          ports:
            - containerPort: 80
EOF`;

/** Every ready Pod of Deployment `frontend` reaches the catalog Service through its CATALOG_HOST. */
function frontendReachesCatalog(): Check {
  return {
    label: 'The frontend Pods reach the catalog Service',
    run(cluster: ClusterReader): CheckResult {
      const pods = (deploymentPods(cluster, 'frontend') ?? []).filter((p) => podReadyCondition(p));
      if (!pods.length) return { passed: false, detail: 'no frontend Pod is ready' };
      const catalog = cluster.tryGet('services', 'shop', 'catalog');
      if (!catalog) return { passed: false, detail: 'service "catalog" in namespace "shop" does not exist any more' };
      for (const p of pods) {
        const env = (p.spec?.containers?.[0]?.env ?? []) as { name: string; value?: string }[];
        const host = env.find((e) => e.name === 'CATALOG_HOST')?.value;
        if (!host) return { passed: false, detail: `pod "${p.metadata.name}" has no CATALOG_HOST` };
        const r = cluster.probes.fromPod(p.metadata.namespace ?? 'default', host, 80);
        const why = failure(r, `pod "${p.metadata.name}" asks for ${host}`);
        if (why) return { passed: false, detail: why };
        if ('ip' in r && r.ip !== catalog.spec?.clusterIP) return { passed: false, detail: `${host} is not the catalog Service (it reaches ${r.ip})` };
      }
      return { passed: true };
    },
  };
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const dnsExercises: Exercise[] = [
  {
    id: 'dns/cross-namespace',
    title: 'A name from the wrong namespace',
    lesson: 'dns',
    task:
      'The `catalog` Service runs in namespace `shop`. The `frontend` Deployment in `default` ' +
      'fetches from it every few seconds, using the host name in its `CATALOG_HOST` variable, ' +
      'and fails: its logs say `bad address`. Make the frontend Pods reach the catalog Service. ' +
      'Leave the `shop` namespace as it is.',
    hints: [
      '`kubectl logs deploy/frontend` shows what the frontend sees.',
      'From a Pod in `default`, which full name does the short name `catalog` become? Look at the `search` line of `/etc/resolv.conf`.',
      '`kubectl set env deployment/frontend NAME=VALUE` changes a variable and rolls the Deployment.',
    ],
    setup: [
      'kubectl create namespace shop',
      `kubectl create deployment catalog -n shop --image=${AGNHOST} -- /agnhost serve-hostname --port=8080`,
      'kubectl expose deployment catalog -n shop --port=80 --target-port=8080',
      FRONTEND,
      'kubectl rollout status deployment/catalog -n shop',
      'kubectl rollout status deployment/frontend',
    ],
    solution: ['kubectl set env deployment/frontend CATALOG_HOST=catalog.shop', 'kubectl rollout status deployment/frontend'],
    checks: [frontendReachesCatalog(), deploymentAvailable('frontend', 1)],
  },
  {
    id: 'dns/headless',
    title: 'A name for each database Pod',
    lesson: 'dns',
    task:
      'The StatefulSet `db` runs two Pods, `db-0` and `db-1`, and its `serviceName` is `db`. ' +
      'Their peers expect to find them as `db-0.db.default.svc.cluster.local` and ' +
      '`db-1.db.default.svc.cluster.local`, but those names do not exist yet. Create what is ' +
      'missing so that each name resolves to its own Pod.',
    hints: [
      'Per-Pod names come from a Service whose name is the StatefulSet\'s `serviceName`.',
      'Which kind of Service gives each Pod a DNS name instead of one virtual IP for all?',
      '`clusterIP: None`, and a selector that matches the StatefulSet\'s Pods (`app: db`).',
    ],
    setup: [DB, 'kubectl rollout status statefulset/db'],
    solution: ['kubectl create service clusterip db --clusterip=None --tcp=80:80'],
    checks: [
      nameResolvesToPod('db-0.db.default.svc.cluster.local resolves to Pod db-0', 'db-0.db.default.svc.cluster.local', 'db-0'),
      nameResolvesToPod('db-1.db.default.svc.cluster.local resolves to Pod db-1', 'db-1.db.default.svc.cluster.local', 'db-1'),
    ],
  },
  {
    id: 'dns/coredns',
    title: 'Nobody answers',
    lesson: 'dns',
    task:
      'In this cluster every name lookup from a Pod hangs and then fails: try ' +
      '`kubectl exec client -- wget -qO- hello`. Connections by IP address still work. Find ' +
      'the cause and repair it, so that Pods can reach `hello` by name again.',
    hints: [
      'Where do Pods send their lookups? `kubectl exec client -- cat /etc/resolv.conf`.',
      'Which Service has that address, and what is behind it? `kubectl get endpoints -n kube-system`.',
      '`kubectl get deployment -n kube-system` shows the DNS server\'s Deployment and how many replicas it has.',
    ],
    setup: [
      `kubectl create deployment hello --image=${AGNHOST} -- /agnhost serve-hostname --port=8080`,
      'kubectl expose deployment hello --port=80 --target-port=8080',
      'kubectl run client --image=busybox:1.36 -- sleep 3600',
      'kubectl rollout status deployment/hello',
      'kubectl scale deployment coredns -n kube-system --replicas=0',
    ],
    solution: ['kubectl scale deployment coredns -n kube-system --replicas=2', 'kubectl rollout status deployment/coredns -n kube-system'],
    checks: [answersInCluster('A Pod reaches http://hello by name', 'hello', 80)],
  },
];
