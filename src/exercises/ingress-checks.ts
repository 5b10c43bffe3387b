/**
 * Checks over HTTP routing through the Ingress controller: where a request for a host and
 * path would end (read only, through the simulator's `probeIngress`: nothing is sent), and
 * whether an Ingress shows the controller's address. Failing details say what a learner with
 * curl would see: the controller's 404, its 503, a connection the backend refuses.
 */
import { ApiError, type ClusterReader, type IngressProbe, type KubeObject } from '../sim/index.ts';
import type { Check, CheckResult } from './exercise.ts';

const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

function tryGet(cluster: ClusterReader, resource: string, namespace: string, name: string): KubeObject | undefined {
  try {
    return cluster.get(resource, namespace, name);
  } catch (e) {
    if (e instanceof ApiError) return undefined;
    throw e;
  }
}

/** What a request meets, in the words of what curl would show. */
export function describeProbe(p: IngressProbe): string {
  switch (p.outcome) {
    case 'no-controller':
      return 'no Ingress controller Pod is ready to take the request';
    case 'redirect':
      return 'the controller redirects it to HTTPS (308)';
    case 'not-found':
      return 'no Ingress rule matches it: the controller answers 404';
    case 'no-service':
      return `the matching rule names Service "${p.service}", which does not exist: the controller answers 503`;
    case 'no-endpoints':
      return `Service "${p.service}" has no ready endpoint on that port: the controller answers 503`;
    case 'refused':
      return `Service "${p.service}" sends it to a port its Pods do not listen on: the controller answers 502`;
    case 'reached':
      return `it reaches Service "${p.service}" (Pods ${p.pods.join(', ')})`;
  }
}

/** Label-selected Pods of `app` answer `host` + `path` through the Ingress controller. */
export function routedTo(host: string, path: string, labels: Record<string, string>, label: string, namespace = 'default'): Check {
  return {
    label,
    run(cluster: ClusterReader) {
      const p = cluster.probes.ingress(host, path);
      if (p.outcome !== 'reached') return fail(`http://${host}${path}: ${describeProbe(p)}`);
      if (p.namespace !== namespace) return fail(`http://${host}${path} reaches namespace ${p.namespace}, not ${namespace}`);
      const wanted = Object.entries(labels);
      const pods = p.pods.map((n) => tryGet(cluster, 'pods', namespace, n));
      const ok = pods.length > 0 && pods.every((pod) => pod && wanted.every(([k, v]) => pod.metadata.labels?.[k] === v));
      const sel = wanted.map(([k, v]) => `${k}=${v}`).join(',');
      return ok ? pass : fail(`http://${host}${path}: ${describeProbe(p)}, not the Pods labelled ${sel}`);
    },
  };
}

/** Ingress `name` carries the controller's published address in its status. */
export function ingressHasAddress(name: string, label: string, namespace = 'default'): Check {
  return {
    label,
    run(cluster: ClusterReader) {
      const ing = tryGet(cluster, 'ingresses.networking.k8s.io', namespace, name);
      if (!ing) return fail(`ingress "${name}" does not exist`);
      const lb = ((ing.status as { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } } | undefined)?.loadBalancer?.ingress ?? []);
      return lb.some((e) => e.ip || e.hostname) ? pass : fail(`ingress "${name}" has no ADDRESS yet: no controller has taken it on`);
    },
  };
}
