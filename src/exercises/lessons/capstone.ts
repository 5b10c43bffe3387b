/**
 * Exercises of the capstone lab: the shop of the lesson, already running (Ingress controller,
 * ConfigMaps and Secret, the PostgreSQL StatefulSet behind its headless Service, the web
 * Deployment, its Service and Ingress), with one thing broken in each.
 */
import type { ClusterReader, KubeObject } from '../../sim/index.ts';
import { ApiError, base64Decode } from '../../sim/index.ts';
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { routedTo } from '../ingress-checks.ts';
import { deploymentAvailable } from '../workload-checks.ts';
import { apply, shop, SHOP_DB, SHOP_WEB } from './capstone-shop.ts';

const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

function tryGet(cluster: ClusterReader, resource: string, name: string): KubeObject | undefined {
  try {
    return cluster.get(resource, 'default', name);
  } catch (e) {
    if (e instanceof ApiError) return undefined;
    throw e;
  }
}

type Env = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };

/** What an env var of a Pod template resolves to, when it comes from a Secret key. */
function secretEnv(cluster: ClusterReader, template: KubeObject['spec'], name: string): { secret: string; value: string | undefined } | undefined {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const containers = ((template as any)?.spec?.containers ?? []) as { env?: Env[] }[];
  for (const c of containers) {
    const ref = (c.env ?? []).find((e) => e.name === name)?.valueFrom?.secretKeyRef;
    if (!ref) continue;
    const data = (tryGet(cluster, 'secrets', ref.name)?.data ?? {}) as Record<string, string>;
    const raw = data[ref.key];
    return { secret: ref.name, value: raw === undefined ? undefined : decoded(raw) };
  }
  return undefined;
}

function decoded(b64: string): string {
  try {
    return base64Decode(b64);
  } catch {
    return '';
  }
}

/** The web Pods read, from a Secret, the same password the database Pods do. */
function webGetsDbPassword(): Check {
  return {
    label: 'The web front end reads the database password from a Secret',
    run(cluster) {
      const db = tryGet(cluster, 'statefulsets.apps', 'db');
      const web = tryGet(cluster, 'deployments.apps', 'web');
      if (!db || !web) return fail('statefulset "db" and deployment "web" must both exist');
      const want = secretEnv(cluster, db.spec?.template, 'POSTGRES_PASSWORD')?.value;
      const got = secretEnv(cluster, web.spec?.template, 'DB_PASSWORD');
      if (!got) return fail('DB_PASSWORD of the web Pods does not come from a Secret');
      if (got.value === undefined) return fail(`DB_PASSWORD names a key Secret "${got.secret}" does not have`);
      return got.value === want ? pass : fail('DB_PASSWORD of the web Pods is not the database password');
    },
  };
}

/** `db-0` is reachable by its own name: a headless Service `db` lists it as a ready endpoint. */
function dbReachableByName(): Check {
  return {
    label: 'db-0.db leads to the database Pod',
    run(cluster) {
      const svc = tryGet(cluster, 'services', 'db');
      if (!svc) return fail('service "db" does not exist: the name db-0.db does not resolve');
      if (svc.spec?.clusterIP !== 'None') return fail('service "db" has a ClusterIP: only a headless Service gives each Pod its own name');
      const ep = tryGet(cluster, 'endpoints', 'db');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const ready = ((ep?.subsets ?? []) as any[]).flatMap((s) => (s.addresses ?? []) as any[]);
      return ready.some((a) => a.targetRef?.name === 'db-0') ? pass : fail('service "db" has no ready endpoint for db-0: the name db-0.db does not resolve');
    },
  };
}

const shopServed = routedTo('shop.example.com', '/', { app: 'web' }, 'shop.example.com is served by the web Pods');

/** Every exercise of the lab, in the order the lesson offers them. */
export const capstoneExercises: Exercise[] = [
  {
    id: 'capstone/web-config',
    title: 'A new release that never starts',
    lesson: 'capstone',
    task:
      'The shop has just been redeployed, and `shop.example.com` now answers 503. None of the new ' +
      '`web` Pods ever starts. Bring the shop back with all three replicas, the database password ' +
      'still coming from a Secret.',
    hints: [
      '`kubectl get pods -l app=web` shows a STATUS that is neither Running nor a crash.',
      '`kubectl describe pod` on one of them: the last event says what is missing.',
      'Compare what the Deployment asks for with what `kubectl get secret db-credentials -o yaml` holds.',
    ],
    setup: shop({ web: SHOP_WEB.replace('key: POSTGRES_PASSWORD', 'key: POSTGRES_PASS') }),
    solution: [apply(SHOP_WEB), 'kubectl rollout status deployment/web --timeout=120s'],
    checks: [shopServed, deploymentAvailable('web', 3), webGetsDbPassword()],
  },
  {
    id: 'capstone/readiness-port',
    title: 'Running, but never ready',
    lesson: 'capstone',
    task:
      'After a change to the web Deployment, its Pods are `Running` but none is ready, and ' +
      '`shop.example.com` answers 503. Make the shop answer again with three ready replicas.',
    hints: [
      '`kubectl get pods -l app=web`: READY says 0/1. What decides readiness?',
      '`kubectl describe pod` on a web Pod shows the probes and their events.',
      'Where does nginx listen, and where does the probe knock?',
    ],
    setup: shop({ web: SHOP_WEB.replace('readinessProbe:\n            httpGet:\n              path: /\n              port: 80', 'readinessProbe:\n            httpGet:\n              path: /\n              port: 8080') }),
    solution: [apply(SHOP_WEB), 'kubectl rollout status deployment/web --timeout=120s'],
    checks: [shopServed, deploymentAvailable('web', 3)],
  },
  {
    id: 'capstone/db-service',
    title: 'The database has no name',
    lesson: 'capstone',
    task:
      'The web front end reaches its database as `db-0.db`, but that name does not resolve: the ' +
      'database Pod runs, yet nothing leads to it. Make `db-0.db` lead to the database Pod again, ' +
      'without recreating the StatefulSet (its data must stay).',
    hints: [
      'Per-Pod names like `db-0.db` come from a headless Service named after the StatefulSet\'s `serviceName`.',
      '`kubectl get endpoints db` is empty. Why does the Service select nothing?',
      'Compare the Service\'s selector with the labels of `db-0` (`kubectl get pod db-0 --show-labels`).',
    ],
    setup: [...shop({ db: SHOP_DB.replace('  selector:\n    app: db\n  ports:', '  selector:\n    app: database\n  ports:') }), 'kubectl rollout status deployment/web --timeout=120s'],
    solution: ['kubectl patch service db -p \'{"spec":{"selector":{"app":"db"}}}\''],
    checks: [dbReachableByName(), shopServed],
  },
];
