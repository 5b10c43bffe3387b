/**
 * Exercises of the lesson "StatefulSets": a MySQL StatefulSet copied from an AWS cluster
 * (storage class gp2, no root password) that stays Pending; a StatefulSet whose password Secret
 * lacks the key it asks for; and a StatefulSet to build from a description (headless Service,
 * Parallel Pod management, a claim per Pod).
 */
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { statefulSetWithClaims } from '../workload-checks.ts';

const NS = 'default';

const ORDERS = `kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: orders
spec:
  clusterIP: None
  selector:
    app: orders
  ports:
  - port: 3306
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: orders
spec:
  serviceName: orders
  replicas: 2
  selector:
    matchLabels:
      app: orders
  template:
    metadata:
      labels:
        app: orders
    spec:
      containers:
      - name: mysql
        image: mysql:8.4
        env:
        - name: MYSQL_ROOT_PASSWORD
          valueFrom:
            secretKeyRef:
              name: orders-db
              key: root-password
        volumeMounts:
        - name: data
          mountPath: /var/lib/mysql
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
EOF`;

/** The StatefulSet `cache` starts and stops its Pods in parallel. */
const parallelPods: Check = {
  label: 'StatefulSet cache starts and stops its Pods all at once',
  run(cluster): CheckResult {
    const sts = cluster.tryGet('statefulsets.apps', NS, 'cache');
    if (!sts) return { passed: false, detail: 'statefulset "cache" does not exist' };
    const policy = sts.spec?.podManagementPolicy ?? 'OrderedReady';
    return policy === 'Parallel' ? { passed: true } : { passed: false, detail: `its podManagementPolicy is ${policy}` };
  },
};

/** A headless Service `cache` selects the Pods of StatefulSet `cache`, which names it. */
const headlessService: Check = {
  label: 'The Pods of cache have DNS names through the headless Service cache',
  run(cluster): CheckResult {
    const svc = cluster.tryGet('services', NS, 'cache');
    const sts = cluster.tryGet('statefulsets.apps', NS, 'cache');
    if (!svc) return { passed: false, detail: 'service "cache" does not exist' };
    if (svc.spec?.clusterIP !== 'None') return { passed: false, detail: 'service "cache" has a cluster IP: it is not headless' };
    if (sts?.spec?.serviceName !== 'cache') return { passed: false, detail: 'the StatefulSet does not name "cache" as its serviceName' };
    const selector = (svc.spec?.selector ?? {}) as Record<string, string>;
    const labels = (sts.spec?.template?.metadata?.labels ?? {}) as Record<string, string>;
    const keys = Object.keys(selector);
    if (!keys.length || keys.some((k) => labels[k] !== selector[k])) return { passed: false, detail: 'the Service\'s selector does not match the labels of the StatefulSet\'s Pods' };
    return { passed: true };
  },
};

function dbManifest(storageClass: string, env: boolean): string {
  const envBlock = env ? '\n        env:\n        - name: MYSQL_ROOT_PASSWORD\n          value: s3cret' : '';
  return `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
  ports:
  - port: 3306
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 3
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: mysql
        image: mysql:5.7${envBlock}
        ports:
        - containerPort: 3306
        volumeMounts:
        - name: data
          mountPath: /var/lib/mysql
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: ${storageClass}
      resources:
        requests:
          storage: 1Gi
EOF`;
}

/** Every exercise of the lesson, in the order the lesson offers them. */
export const statefulsetExercises: Exercise[] = [
  {
    id: 'statefulset/db',
    title: 'A database that never started',
    lesson: 'statefulset',
    task:
      'The StatefulSet `db` (3 replicas of `mysql:5.7`, Pods labelled `app=db`) was copied from ' +
      'a cluster on AWS and has not started here. Make it run: Pods `db-0`, `db-1` and `db-2` ' +
      'Running and ready, each with its own Bound PersistentVolumeClaim.',
    hints: [
      '`kubectl get pods,pvc -l app=db`, then the events of the Pod and of its claim: `kubectl get events --field-selector involvedObject.name=NAME`.',
      'A claim template cannot be changed in place: delete the StatefulSet, and the Pending claim it left, then create it again.',
      '`kubectl get storageclass` lists the classes this cluster has. And MySQL needs `MYSQL_ROOT_PASSWORD` to start.',
    ],
    setup: [dbManifest('gp2', false)],
    solution: [
      'kubectl delete statefulset db',
      'kubectl delete pvc data-db-0',
      dbManifest('standard', true),
      'kubectl rollout status statefulset/db',
    ],
    checks: [statefulSetWithClaims('db', 3)],
  },
  {
    id: 'statefulset/orders',
    title: 'A database that waits for its password',
    lesson: 'statefulset',
    task:
      'The StatefulSet `orders` (2 replicas of `mysql:8.4`) takes its root password from the ' +
      'Secret `orders-db`, which holds it. Its first Pod has not started. Make both Pods run and ' +
      'be ready, each on its own Bound claim, with the password that is in `orders-db`.',
    hints: [
      '`kubectl get pods -l app=orders`: which STATUS? `kubectl describe pod orders-0` ends with the kubelet\'s events.',
      'Compare the key the StatefulSet asks for (`kubectl get statefulset orders -o yaml`, under `env`) with the keys of the Secret (`kubectl describe secret orders-db`).',
      'Either add the key the StatefulSet expects to the Secret, or fix the key in the StatefulSet (`kubectl edit statefulset orders`); a Pod stuck before it ever started is replaced with the new template only once you delete it.',
    ],
    setup: ["kubectl create secret generic orders-db --from-literal=password='0rders-R00t'", ORDERS],
    solution: [
      "kubectl create secret generic orders-db --from-literal=password='0rders-R00t' --from-literal=root-password='0rders-R00t' --dry-run=client -o yaml | kubectl apply -f -",
      'kubectl rollout status statefulset/orders --timeout=3m',
    ],
    checks: [statefulSetWithClaims('orders', 2)],
  },
  {
    id: 'statefulset/cache',
    title: 'A cache with members of its own',
    lesson: 'statefulset',
    task:
      'Build a StatefulSet `cache`: 3 Pods of `redis:7.4` labelled `app=cache`, each with its own ' +
      '1Gi claim (template name `data`, class `standard`) mounted at `/data`, reachable by name ' +
      'through a headless Service `cache` on port 6379. The members do not depend on each other: ' +
      'they must be created (and removed) all at once, not one after the other.',
    hints: [
      'Start from the manifests of the lesson: a Service with `clusterIP: None`, and a StatefulSet with `serviceName` and `volumeClaimTemplates`.',
      'The field that decides between one-at-a-time and all-at-once is `spec.podManagementPolicy`.',
      'It cannot be changed on an existing StatefulSet: delete and create it again if you set it too late.',
    ],
    setup: [],
    solution: [
      `kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: cache
spec:
  clusterIP: None
  selector:
    app: cache
  ports:
  - port: 6379
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: cache
spec:
  serviceName: cache
  replicas: 3
  podManagementPolicy: Parallel
  selector:
    matchLabels:
      app: cache
  template:
    metadata:
      labels:
        app: cache
    spec:
      containers:
      - name: redis
        image: redis:7.4
        ports:
        - containerPort: 6379
        volumeMounts:
        - name: data
          mountPath: /data
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: standard
      resources:
        requests:
          storage: 1Gi
EOF`,
      'kubectl rollout status statefulset/cache --timeout=3m',
    ],
    checks: [statefulSetWithClaims('cache', 3), parallelPods, headlessService],
  },
];
