/**
 * Exercises of the lesson "Probes": a liveness probe that kills a healthy app, a slow starter
 * killed before it is up, and taking one Pod out of a Service with its readiness probe.
 */
import { matches, selectorFromSpec, type ClusterReader, type Kinds } from '../../sim/index.ts';
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { podDisplayStatus, podReadyCondition, podRestarts } from '../pod-status.ts';

const LESSON = 'probes';
const NS = 'default';
const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

/** The live (not terminating) Pods a Deployment's selector picks. */
function podsOf(cluster: ClusterReader, d: Kinds.Deployment): Kinds.Pod[] {
  const sel = selectorFromSpec(d.spec?.selector ?? {});
  return cluster.list('pods', { namespace: NS }).items.filter((p) => !p.metadata.deletionTimestamp && matches(sel, p.metadata.labels ?? {}));
}

function deployment(cluster: ClusterReader, name: string): Kinds.Deployment | undefined {
  return cluster.tryGet('deployments.apps', NS, name);
}

/** How long (ms) the Pod's containers have run without a break, the shortest of them. */
function runningFor(pod: Kinds.Pod, now: number): number {
  const statuses = pod.status?.containerStatuses ?? [];
  if (!statuses.length) return 0;
  return Math.min(...statuses.map((s) => (s.state?.running?.startedAt ? now - Date.parse(s.state.running.startedAt) : 0)));
}

/** `replicas` Pods of the Deployment, all Ready, each running for `seconds` without a restart. */
function servingSteadily(name: string, replicas: number, seconds: number): Check {
  return {
    label: `${name} has ${replicas} ready Pod${replicas > 1 ? 's' : ''}, each up for ${seconds} s without a restart`,
    run(cluster) {
      const d = deployment(cluster, name);
      if (!d) return fail(`deployment.apps "${name}" does not exist`);
      const pods = podsOf(cluster, d);
      if (pods.length !== replicas) return fail(`${name} has ${pods.length} Pods, not ${replicas}`);
      for (const p of pods) {
        const n = p.metadata.name;
        if (podRestarts(p) > 0) return fail(`pod "${n}" has restarted ${podRestarts(p)} time(s)`);
        if (!podReadyCondition(p)) return fail(`pod "${n}" is ${podDisplayStatus(p)} and not ready`);
        if (runningFor(p, cluster.now()) < seconds * 1000) return fail(`pod "${n}" has been up for less than ${seconds} s`);
      }
      return pass;
    },
  };
}

function containers(d: Kinds.Deployment): Kinds.Container[] {
  return d.spec?.template?.spec?.containers ?? [];
}

/** Every container of the Deployment's template has a liveness probe. */
function keepsLiveness(name: string): Check {
  return {
    label: `a hung ${name} container would still be restarted`,
    run(cluster) {
      const d = deployment(cluster, name);
      if (!d) return fail(`deployment.apps "${name}" does not exist`);
      const without = containers(d).filter((c) => !c.livenessProbe).map((c) => c.name);
      return without.length ? fail(`container ${without.join(', ')} has no liveness probe`) : pass;
    },
  };
}

/** Once started, a hang is noticed within `seconds`: periodSeconds × failureThreshold of liveness. */
function hangNoticedWithin(name: string, seconds: number): Check {
  return {
    label: `once ${name} is up, a hang is noticed within ${seconds} s`,
    run(cluster) {
      const d = deployment(cluster, name);
      if (!d) return fail(`deployment.apps "${name}" does not exist`);
      for (const c of containers(d)) {
        const p = c.livenessProbe;
        if (!p) return fail(`container ${c.name} has no liveness probe`);
        const window = (p.periodSeconds ?? 10) * (p.failureThreshold ?? 3);
        if (window > seconds) return fail(`the liveness probe of ${c.name} needs ${window} s of failures before a restart`);
      }
      return pass;
    },
  };
}

/** The Service's Endpoints list `ready` ready addresses and `notReady` not-ready ones. */
function serviceBackends(service: string, ready: number, notReady: number): Check {
  return {
    label: `Service ${service} sends traffic to exactly ${ready} Pods`,
    run(cluster) {
      const ep = cluster.tryGet('endpoints', NS, service);
      if (!ep) return fail(`endpoints "${service}" not found`);
      const subsets = ep.subsets ?? [];
      const r = subsets.reduce((n, s) => n + (s.addresses?.length ?? 0), 0);
      const nr = subsets.reduce((n, s) => n + (s.notReadyAddresses?.length ?? 0), 0);
      if (r !== ready) return fail(`${service} has ${r} ready endpoints`);
      if (nr !== notReady) return fail(`${service} has ${nr} endpoints that are not ready`);
      return pass;
    },
  };
}

/** All `count` Pods of the Deployment still run, none restarted. */
function allStillRunning(name: string, count: number): Check {
  return {
    label: `all ${count} ${name} Pods are still running, none restarted`,
    run(cluster) {
      const d = deployment(cluster, name);
      if (!d) return fail(`deployment.apps "${name}" does not exist`);
      const pods = podsOf(cluster, d);
      if (pods.length !== count) return fail(`${name} has ${pods.length} Pods, not ${count}`);
      const bad = pods.find((p) => podDisplayStatus(p) !== 'Running' || podRestarts(p) > 0);
      return bad ? fail(`pod "${bad.metadata.name}" is ${podDisplayStatus(bad)} with ${podRestarts(bad)} restart(s)`) : pass;
    },
  };
}

const API = `kubectl apply -f - <<EOF
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
        ports:
        - containerPort: 80
        livenessProbe:
          httpGet:
            path: /
            port: 8080
          periodSeconds: 5
EOF`;

const LEGACY = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: legacy
spec:
  replicas: 1
  selector:
    matchLabels:
      app: legacy
  template:
    metadata:
      labels:
        app: legacy
    spec:
      terminationGracePeriodSeconds: 5
      containers:
      - name: legacy
        image: busybox:1.36
        command: ["sh", "-c", "sleep 25; touch /tmp/healthy; sleep 3600"]
        livenessProbe:
          exec:
            command: ["cat", "/tmp/healthy"]
          periodSeconds: 5
          failureThreshold: 2
EOF`;

const SHOP = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop
spec:
  replicas: 3
  selector:
    matchLabels:
      app: shop
  template:
    metadata:
      labels:
        app: shop
    spec:
      containers:
      - name: shop
        image: nginx:1.27
        command: ["sh", "-c", "echo ok > /usr/share/nginx/html/healthz.html; exec nginx -g 'daemon off;'"]
        readinessProbe:
          httpGet:
            path: /healthz.html
            port: 80
          periodSeconds: 2
          failureThreshold: 1
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const probesExercises: Exercise[] = [
  {
    id: 'probes/wrong-port',
    title: 'Restarted for nothing',
    lesson: LESSON,
    task:
      'The Deployment `api` (nginx on port 80) keeps restarting although nginx is fine. Make its two ' +
      'Pods stay up, and keep a liveness probe so that a hung nginx would still be restarted.',
    hints: [
      '`kubectl describe pod -l app=api` shows the events: what does the liveness probe say?',
      'Compare the port the probe checks with the port nginx listens on.',
      '`kubectl edit deployment api` or `kubectl patch` changes the template; the Deployment replaces the Pods.',
    ],
    setup: [API],
    solution: [
      `kubectl patch deployment api --type=json -p='[{"op":"replace","path":"/spec/template/spec/containers/0/livenessProbe/httpGet/port","value":80}]'`,
      'kubectl rollout status deployment/api',
    ],
    checks: [servingSteadily('api', 2, 20), keepsLiveness('api')],
  },
  {
    id: 'probes/slow-start',
    title: 'The slow starter',
    lesson: LESSON,
    task:
      'The Deployment `legacy` runs an app that needs about 25 seconds to start (it creates ' +
      '`/tmp/healthy` once it is up), and it never gets that far. Let it start, without making its liveness probe slower: once the ' +
      'app is up, a hang must still lead to a restart within 10 seconds.',
    hints: [
      'Look at the Pod\'s events and at the RESTARTS column: who kills it, and when?',
      'Raising `failureThreshold` of the liveness probe would also make it slow to notice a hang later.',
      'A `startupProbe` holds the liveness probe back until the app has started once.',
    ],
    setup: [LEGACY],
    solution: [
      `kubectl patch deployment legacy --type=json -p='[{"op":"add","path":"/spec/template/spec/containers/0/startupProbe","value":{"exec":{"command":["cat","/tmp/healthy"]},"periodSeconds":5,"failureThreshold":12}}]'`,
      'kubectl rollout status deployment/legacy',
    ],
    checks: [servingSteadily('legacy', 1, 20), hangNoticedWithin('legacy', 10)],
  },
  {
    id: 'probes/drain-one',
    title: 'One Pod out of rotation',
    lesson: LESSON,
    task:
      'The Deployment `shop` has three Pods behind the Service `shop`; each is ready while it serves ' +
      '`/healthz.html`. Take one of them, any, out of the Service for maintenance: it must keep ' +
      'running, not be restarted or replaced, while the other two keep receiving traffic.',
    hints: [
      '`kubectl describe deployment shop` shows the readiness probe.',
      'Deleting a Pod does not help: the Deployment replaces it with a fresh, ready one.',
      '`kubectl exec POD -- COMMAND` runs a command in one Pod; `kubectl get endpoints shop` shows who gets traffic.',
    ],
    setup: [SHOP, 'kubectl expose deployment shop --port=80', 'kubectl rollout status deployment/shop'],
    solution: ['kubectl exec deploy/shop -- rm /usr/share/nginx/html/healthz.html', 'sleep 5'],
    checks: [serviceBackends('shop', 2, 1), allStillRunning('shop', 3)],
  },
];
