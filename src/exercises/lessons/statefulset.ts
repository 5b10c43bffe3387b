/**
 * Exercise of the lesson "StatefulSets": a MySQL StatefulSet copied from an AWS cluster
 * (storage class gp2, no root password) stays Pending; make its three Pods run on their own
 * Bound claims.
 */
import type { Exercise } from '../exercise.ts';
import { statefulSetWithClaims } from '../workload-checks.ts';

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
];
