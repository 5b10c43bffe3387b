/**
 * Exercises of the lesson "ConfigMaps and Secrets": a Pod waiting on a ConfigMap key that does
 * not exist, a Deployment whose Pods name the wrong Secret, and a password to be read out of a
 * Secret and handed on.
 */
import { base64Decode, type ClusterReader, type KubeObject } from '../../sim/index.ts';
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { podRunning } from '../checks.ts';
import { deploymentAvailable } from '../workload-checks.ts';

const NS = 'default';

/** A Secret value decoded, or undefined when it is not valid base64. */
function decodeData(b64: string): string | undefined {
  try {
    return base64Decode(b64);
  } catch {
    return undefined;
  }
}

/** The first container's log of a Pod (empty when it has not started). */
function podLog(cluster: ClusterReader, pod: string): string {
  try {
    return cluster.logs(NS, pod);
  } catch {
    return '';
  }
}

/** A Pod's log contains `text`: the program read the setting it needs. */
function podPrinted(label: string, pod: () => (cluster: ClusterReader) => KubeObject | undefined, text: string, missing: string): Check {
  return {
    label,
    run(cluster): CheckResult {
      const p = pod()(cluster);
      if (!p) return { passed: false, detail: missing };
      return podLog(cluster, p.metadata.name!).includes(text)
        ? { passed: true }
        : { passed: false, detail: `the log of pod "${p.metadata.name}" does not show ${JSON.stringify(text)} yet` };
    },
  };
}

const byName = (name: string) => (cluster: ClusterReader) => cluster.tryGet('pods', NS, name);

/** The running Pod of Deployment `api` (label app=api), if any. */
const apiPod = () => (cluster: ClusterReader) =>
  cluster.list('pods', { namespace: NS }).items.find((p) => p.metadata.labels?.app === 'api' && !p.metadata.deletionTimestamp && p.status?.phase === 'Running');

const SHOP_SETUP = `kubectl apply -f - <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
data:
  shop.cfg: |
    currency=EUR
    vat=19
---
apiVersion: v1
kind: Pod
metadata:
  name: shop
spec:
  containers:
  - name: shop
    image: busybox:1.36
    command: ["sh", "-c", "cat /etc/shop/shop.conf && sleep 3600"]
    volumeMounts:
    - name: settings
      mountPath: /etc/shop
  volumes:
  - name: settings
    configMap:
      name: shop-config
      items:
      - key: shop.conf
        path: shop.conf
EOF`;

const API_DEPLOYMENT = (secret: string) => `kubectl apply -f - <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 1
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
        image: busybox:1.36
        command: ["sh", "-c", "echo connecting as $DB_USER with password $DB_PASSWORD; sleep 3600"]
        env:
        - name: DB_USER
          value: api
        - name: DB_PASSWORD
          valueFrom:
            secretKeyRef:
              name: ${secret}
              key: password
EOF`;

/** Secret `app-db` holds under `password` the same password as Secret `legacy`. */
const sameAsLegacy: Check = {
  label: 'Secret app-db holds the password of legacy under the key password',
  run(cluster): CheckResult {
    const legacy = cluster.tryGet('secrets', NS, 'legacy');
    const mine = cluster.tryGet('secrets', NS, 'app-db');
    if (!mine) return { passed: false, detail: 'secret "app-db" does not exist' };
    const want = decodeData(String((legacy?.data as Record<string, string> | undefined)?.password ?? ''));
    const got = (mine.data as Record<string, string> | undefined)?.password;
    if (got === undefined) return { passed: false, detail: 'secret "app-db" has no key password' };
    return decodeData(got) === want ? { passed: true } : { passed: false, detail: 'the password in "app-db" differs from the one in "legacy" (decoded, byte for byte)' };
  },
};

/** Every exercise of the lesson, in the order the lesson offers them. */
export const configurationExercises: Exercise[] = [
  {
    id: 'configuration/missing-key',
    title: 'A shop that never opens',
    lesson: 'configuration',
    task:
      'The Pod `shop` should print its settings (from ConfigMap `shop-config`) and keep running, ' +
      'but it has not started. Find out why and make it run, printing the settings the ' +
      'ConfigMap holds (`currency=EUR`, `vat=19`).',
    hints: [
      '`kubectl get pod shop` and the Pod\'s events: `kubectl get events --field-selector involvedObject.name=shop`.',
      'Compare the key the volume asks for (`kubectl get pod shop -o yaml`, under `volumes`) with the keys the ConfigMap has (`kubectl describe configmap shop-config`).',
      'Either give the ConfigMap the key the Pod expects, or recreate the Pod asking for the key the ConfigMap has (a Pod\'s volumes cannot be edited in place).',
    ],
    setup: [SHOP_SETUP],
    solution: [
      `kubectl create configmap shop-config --from-literal=shop.conf="$(printf 'currency=EUR\\nvat=19')" --dry-run=client -o yaml | kubectl apply -f -`,
      'kubectl wait --for=condition=Ready pod/shop --timeout=3m',
    ],
    checks: [
      podRunning('shop'),
      podPrinted('shop printed its settings when it started', () => byName('shop'), 'currency=EUR', 'pod "shop" does not exist'),
    ],
  },
  {
    id: 'configuration/wrong-secret',
    title: 'An API without its password',
    lesson: 'configuration',
    task:
      'The Deployment `api` needs the database password from the Secret `api-creds`, but its ' +
      'Pod never starts. Make `api` available, with its Pod printing the password it got from ' +
      '`api-creds` at start. Do not change the Secret `api-creds`.',
    hints: [
      '`kubectl get pods -l app=api`: what STATUS does the Pod show? `kubectl describe` the Pod and read its events.',
      'Which Secret does the Deployment name (`kubectl get deployment api -o yaml`, under `env`), and which Secrets exist (`kubectl get secrets`)?',
      'Fix the name in the Deployment (`kubectl edit deployment api`, or `kubectl patch`), or create the Secret it names with the same data.',
    ],
    setup: [
      "kubectl create secret generic api-creds --from-literal=password='Tr0ub4dor&3'",
      API_DEPLOYMENT('api-credentials'),
    ],
    solution: [
      `kubectl patch deployment api --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/env/1/valueFrom/secretKeyRef/name","value":"api-creds"}]'`,
      'kubectl rollout status deployment/api --timeout=3m',
    ],
    checks: [
      deploymentAvailable('api', 1),
      podPrinted('the api Pod printed the password of api-creds', apiPod, 'with password Tr0ub4dor&3', 'no Running Pod of Deployment "api"'),
    ],
  },
  {
    id: 'configuration/legacy-password',
    title: 'Whose password is it?',
    lesson: 'configuration',
    task:
      'An old application left its database password in the Secret `legacy`. What is the ' +
      'password? Then create a Secret `app-db` that holds the same password under the key ' +
      '`password`, for the application that replaces it.',
    hints: [
      '`kubectl get secret legacy -o yaml` shows the keys; the values are base64.',
      "`kubectl get secret legacy -o jsonpath='{.data.password}' | base64 -d` prints the password.",
      '`kubectl create secret generic app-db --from-literal=password=...`; quote the value in single quotes if it has characters the shell treats specially.',
    ],
    setup: ["kubectl create secret generic legacy --from-literal=username=reporting --from-literal=password='gr33n-Tea!42'"],
    solution: [
      "kubectl create secret generic app-db --from-literal=password=\"$(kubectl get secret legacy -o jsonpath='{.data.password}' | base64 -d)\"",
    ],
    checks: [sameAsLegacy],
    answer: {
      prompt: 'What password is stored in the Secret legacy?',
      check(cluster, answer): CheckResult {
        const legacy = cluster.tryGet('secrets', NS, 'legacy');
        const want = decodeData(String((legacy?.data as Record<string, string> | undefined)?.password ?? ''));
        if (!legacy || !want) return { passed: false, detail: 'the Secret legacy has no password any more' };
        if (answer.trim() === want) return { passed: true };
        if (answer.trim() === (legacy.data as Record<string, string>).password) return { passed: false, detail: 'that is the value as stored, still base64-encoded: decode it' };
        return { passed: false, detail: 'that is not the password stored in legacy' };
      },
    },
  },
];
