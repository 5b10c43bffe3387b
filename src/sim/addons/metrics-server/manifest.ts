/**
 * The documents this add-on publishes on the simulated network: metrics-server v0.7.2's
 * release manifest (components.yaml, as `kubectl apply -f` of the release URL installs it) and
 * the HPA walkthrough's php-apache.yaml (https://k8s.io/examples/application/php-apache.yaml).
 */

import { METRICS_SERVER_VERSION, metricsServerObjects } from './objects.ts';
import { toYaml } from './yaml.ts';

export { METRICS_SERVER_VERSION };

/** Where learners apply components.yaml from. */
export const METRICS_SERVER_URLS: readonly string[] = [
  'https://github.com/kubernetes-sigs/metrics-server/releases/latest/download/components.yaml',
  `https://github.com/kubernetes-sigs/metrics-server/releases/download/${METRICS_SERVER_VERSION}/components.yaml`,
];

/** components.yaml; `extraArgs` are appended to the container's args (the add-on passes --kubelet-insecure-tls, as kind users patch in). */
export function metricsServerManifest(extraArgs: string[] = []): string {
  return metricsServerObjects(extraArgs).map(toYaml).join('---\n');
}

/** Where the walkthrough's manifest is published. */
export const PHP_APACHE_URLS: readonly string[] = [
  'https://k8s.io/examples/application/php-apache.yaml',
  'https://kubernetes.io/examples/application/php-apache.yaml',
];

/** application/php-apache.yaml of the Kubernetes website. */
export const PHP_APACHE_MANIFEST = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: php-apache
spec:
  selector:
    matchLabels:
      run: php-apache
  template:
    metadata:
      labels:
        run: php-apache
    spec:
      containers:
      - name: php-apache
        image: registry.k8s.io/hpa-example
        ports:
        - containerPort: 80
        resources:
          limits:
            cpu: 500m
          requests:
            cpu: 200m
---
apiVersion: v1
kind: Service
metadata:
  name: php-apache
  labels:
    run: php-apache
spec:
  ports:
  - port: 80
  selector:
    run: php-apache
`;
