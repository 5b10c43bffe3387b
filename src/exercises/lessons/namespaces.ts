/**
 * Exercises of the lesson "Namespaces and labels": a Pod in a namespace of its own, a label
 * typo that leaves a Pod out of a selection, and throwing away an experiment without touching
 * what must stay.
 */
import { matches, selectorFromSet, type ClusterReader } from '../../sim/index.ts';
import type { Check, CheckResult, Exercise } from '../exercise.ts';
import { podDisplayStatus } from '../pod-status.ts';

const LESSON = 'namespaces';
const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

/** The names of the Pods in `namespace` whose labels match `labels`, sorted. */
function podsMatching(cluster: ClusterReader, namespace: string, labels: Record<string, string>): string[] {
  const sel = selectorFromSet(labels);
  return cluster
    .list('pods', { namespace })
    .items
    .filter((p) => !p.metadata.deletionTimestamp && matches(sel, p.metadata.labels ?? {}))
    .map((p) => p.metadata.name!)
    .sort();
}

/** A Pod in `namespace` is Running and carries `key=value`. */
function podInNamespace(name: string, namespace: string, key: string, value: string): Check {
  return {
    label: `Pod ${name} runs in namespace ${namespace}, labelled ${key}=${value}`,
    run(cluster) {
      if (!cluster.tryGet('namespaces', '', namespace)) return fail(`namespace "${namespace}" does not exist`);
      const pod = cluster.tryGet('pods', namespace, name);
      if (!pod) return fail(`pod "${name}" does not exist in namespace "${namespace}"`);
      const status = podDisplayStatus(pod);
      if (status !== 'Running') return fail(`pod "${name}" is ${status}, not Running`);
      const have = pod.metadata.labels?.[key];
      return have === value ? pass : fail(`pod "${name}" has ${have === undefined ? `no label ${key}` : `${key}=${have}`}`);
    },
  };
}

/** Exactly these Pods of the namespace match the labels. */
function selectionIs(labels: Record<string, string>, want: string[], namespace = 'default'): Check {
  const sel = Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(',');
  return {
    label: `kubectl get pods -l ${sel} lists ${want.join(' and ')}, nothing else`,
    run(cluster) {
      const got = podsMatching(cluster, namespace, labels);
      if (got.join(',') === [...want].sort().join(',')) return pass;
      return fail(got.length ? `-l ${sel} lists ${got.join(', ')}` : `-l ${sel} lists no Pod`);
    },
  };
}

/** These Pods still exist (a fix must not delete them). */
function podsStillThere(names: string[], namespace = 'default'): Check {
  return {
    label: `Pods ${names.join(', ')} are still there`,
    run(cluster) {
      const gone = names.filter((n) => !cluster.tryGet('pods', namespace, n));
      return gone.length ? fail(`missing: ${gone.join(', ')}`) : pass;
    },
  };
}

/** The namespace is gone for good (not merely Terminating). */
function namespaceGone(namespace: string): Check {
  return {
    label: `namespace ${namespace} and everything in it are gone`,
    run(cluster) {
      const ns = cluster.tryGet('namespaces', '', namespace);
      if (!ns) return pass;
      return fail(ns.metadata.deletionTimestamp ? `namespace "${namespace}" is still Terminating` : `namespace "${namespace}" still exists`);
    },
  };
}

/** No Pod of the namespace carries the labels. */
function noPodsLabelled(labels: Record<string, string>, namespace = 'default'): Check {
  const sel = Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(',');
  return {
    label: `no Pod labelled ${sel} is left in ${namespace}`,
    run(cluster) {
      const left = podsMatching(cluster, namespace, labels);
      return left.length ? fail(`still there: ${left.join(', ')}`) : pass;
    },
  };
}

const pod = (name: string, labels: string, ns = '') => `kubectl run ${name} --image=nginx:1.27 --labels=${labels}${ns ? ` -n ${ns}` : ''}`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const namespacesExercises: Exercise[] = [
  {
    id: 'namespaces/team',
    title: 'A namespace for a team',
    lesson: LESSON,
    task:
      'The payments team wants its own namespace, `payments`. Create it, and in it a Pod named ' +
      '`ledger` running `nginx:1.27` with the label `team=payments`. Leave the `default` namespace as it is.',
    hints: [
      '`kubectl create namespace NAME` creates a namespace.',
      '`kubectl run` takes `-n NAMESPACE` and `--labels=key=value`.',
      '`kubectl get pods -n payments --show-labels` shows what you made.',
    ],
    setup: [],
    solution: ['kubectl create namespace payments', 'kubectl run ledger --image=nginx:1.27 --labels=team=payments -n payments', 'kubectl wait --for=condition=Ready pod/ledger -n payments'],
    checks: [podInNamespace('ledger', 'payments', 'team', 'payments')],
  },
  {
    id: 'namespaces/relabel',
    title: 'The Pod the selector misses',
    lesson: LESSON,
    task:
      'Three Pods run the shop: `web`, `api` and `worker`. The on-call dashboard lists the ' +
      'production Pods with `kubectl get pods -l env=production`, and one production Pod is ' +
      'missing from it, while a test Pod shows up that should not. `worker` is the test Pod; ' +
      '`web` and `api` are production. Make the selection right without deleting anything.',
    hints: [
      '`kubectl get pods -L env` shows the `env` label of every Pod.',
      'Changing the value of a label that exists needs `--overwrite`.',
      'The test Pod keeps running, but with `env=test`.',
    ],
    setup: [pod('web', 'app=shop,env=production'), pod('api', 'app=shop,env=prodution'), pod('worker', 'app=shop,env=production')],
    solution: ['kubectl label pod api env=production --overwrite', 'kubectl label pod worker env=test --overwrite'],
    checks: [selectionIs({ env: 'production' }, ['api', 'web']), podsStillThere(['web', 'api', 'worker'])],
  },
  {
    id: 'namespaces/cleanup',
    title: 'Throw the experiment away',
    lesson: LESSON,
    task:
      'An experiment left things behind: the whole namespace `sandbox`, and in `default` some Pods ' +
      'labelled `purpose=experiment`. Remove all of it. The Pod `keep-me` in `default` is real work ' +
      'and must stay.',
    hints: [
      'Deleting a namespace deletes everything in it.',
      '`kubectl delete pods -l KEY=VALUE` deletes by label.',
      'Check with `kubectl get pods --show-labels` before you delete by label.',
    ],
    setup: [
      'kubectl create namespace sandbox',
      'kubectl create deployment trial --image=nginx:1.27 --replicas=2 -n sandbox',
      pod('probe-1', 'purpose=experiment'),
      pod('probe-2', 'purpose=experiment'),
      pod('keep-me', 'purpose=production'),
    ],
    solution: ['kubectl delete namespace sandbox', 'kubectl delete pods -l purpose=experiment'],
    checks: [namespaceGone('sandbox'), noPodsLabelled({ purpose: 'experiment' }), podsStillThere(['keep-me'])],
  },
];
