/**
 * Exercises of the lesson "Services": a selector that matches nothing, a targetPort that
 * nobody listens on, and a NodePort built from a description.
 */
import type { Exercise } from '../exercise.ts';
import { deploymentAvailable } from '../workload-checks.ts';
import { answersInCluster, answersOnEveryNode, nodePortBacksDeployment, serviceBacksDeployment } from './network-checks.ts';

const AGNHOST = 'registry.k8s.io/e2e-test-images/agnhost:2.39';

const SHOP_SERVICE = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: shop
spec:
  selector:
    app: shpo
  ports:
    - port: 80
      targetPort: 8080
EOF`;

const API_SERVICE = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector:
    app: api
  ports:
    - port: 80
      targetPort: 80
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const servicesExercises: Exercise[] = [
  {
    id: 'services/selector',
    title: 'A Service that reaches nobody',
    lesson: 'services',
    task:
      'The `shop` Deployment runs two Pods, and there is a `shop` Service for them, but a Pod ' +
      'that asks for `http://shop` gets no answer. Find out why and repair it, so that the ' +
      'Service sends its traffic to the shop Pods. Keep the Deployment as it is.',
    hints: [
      'Try it first: `kubectl run client --image=busybox:1.36 -- sleep 3600`, then `kubectl exec client -- wget -qO- shop`.',
      'Compare `kubectl get endpoints shop` with `kubectl get pods --show-labels`.',
      "`kubectl describe service shop` shows the Service's selector. Does any Pod carry those labels?",
    ],
    setup: [
      `kubectl create deployment shop --image=${AGNHOST} --replicas=2 -- /agnhost serve-hostname --port=8080`,
      SHOP_SERVICE,
      'kubectl rollout status deployment/shop',
    ],
    solution: [`kubectl patch service shop -p '{"spec":{"selector":{"app":"shop"}}}'`, 'kubectl get endpoints shop'],
    checks: [
      answersInCluster('A Pod gets an answer from http://shop', 'shop', 80),
      serviceBacksDeployment('Every shop Pod receives traffic from the shop Service', 'shop', 80, 'shop'),
      deploymentAvailable('shop', 2),
    ],
  },
  {
    id: 'services/target-port',
    title: 'Connection refused',
    lesson: 'services',
    task:
      'The `api` Pods run `agnhost netexec`, an HTTP server on port 8080. Their `api` Service has ' +
      'endpoints, yet `wget -qO- api` from a Pod ends in `Connection refused`. Make ' +
      '`http://api` answer. Clients must keep using port 80.',
    hints: [
      'Endpoints are there, so the selector is right. What port do they list? `kubectl get endpoints api`.',
      "`port` is the Service's own port; `targetPort` is where it sends the traffic on the Pods.",
      '`kubectl describe service api` and `kubectl logs deploy/api` (the server says where it listens).',
    ],
    setup: [
      `kubectl create deployment api --image=${AGNHOST} --replicas=2 -- /agnhost netexec --http-port=8080`,
      API_SERVICE,
      'kubectl rollout status deployment/api',
    ],
    solution: [`kubectl patch service api -p '{"spec":{"ports":[{"port":80,"targetPort":8080}]}}'`],
    checks: [
      answersInCluster('A Pod gets an answer from http://api on port 80', 'api', 80),
      serviceBacksDeployment('Every api Pod receives traffic from the api Service', 'api', 80, 'api'),
    ],
  },
  {
    id: 'services/nodeport',
    title: 'Open web on every node',
    lesson: 'services',
    task:
      'The `web` Deployment (nginx) runs, but nothing outside the cluster can reach it. Make it ' +
      'answer on port **30080 of every node**, the control plane included, so that ' +
      '`curl 172.18.0.2:30080` in this terminal shows the nginx welcome page.',
    hints: [
      'The Service type that opens a port on every node is NodePort.',
      'Without `nodePort` the API server picks a port at random; you want 30080.',
      '`kubectl create service nodeport --help`, or a manifest with `type: NodePort` and `nodePort: 30080`.',
    ],
    setup: ['kubectl create deployment web --image=nginx:1.27 --replicas=2 --port=80', 'kubectl rollout status deployment/web'],
    solution: ['kubectl create service nodeport web --tcp=80:80 --node-port=30080', 'curl -s 172.18.0.2:30080 | grep title'],
    checks: [
      answersOnEveryNode('Every node answers on port 30080', 30080),
      nodePortBacksDeployment('Requests on port 30080 go to the web Pods', 30080, 'web'),
    ],
  },
];
