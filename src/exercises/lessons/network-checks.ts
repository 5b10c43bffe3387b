/**
 * Checks over Service traffic and cluster DNS for the Services and ClusterReader DNS lessons. They
 * try the network the way a client would (a TCP connect that sends nothing, so no server logs
 * a request) and read the API; they never change the cluster.
 */
import { matches, selectorFromSpec, type ClusterReader, type FetchResult, type KubeObject } from '../../sim/index.ts';
import type { Check, CheckResult } from '../exercise.ts';
import { podReadyCondition } from '../pod-status.ts';

const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

/** Why a connection failed, in a client's words. */
export function failure(r: FetchResult, what: string): string | undefined {
  if (!('error' in r)) return undefined;
  switch (r.error) {
    case 'bad-address':
      return `${what}: the name does not resolve`;
    case 'dns-timeout':
      return `${what}: name lookups time out (no DNS server answers)`;
    case 'timeout':
      return `${what}: the connection times out`;
    case 'refused':
      return `${what}: connection refused`;
    default:
      return undefined;
  }
}

/** A Pod in `namespace` connecting to `host:port` gets through. */
export function answersInCluster(label: string, host: string, port: number, namespace = 'default'): Check {
  return {
    label,
    run(cluster) {
      const why = failure(cluster.probes.fromPod(namespace, host, port), `${host}:${port} from a Pod in namespace "${namespace}"`);
      return why ? fail(why) : pass;
    },
  };
}

/** The ready Pods a Deployment owns (through its ReplicaSets). */
export function deploymentPods(cluster: ClusterReader, name: string, namespace = 'default'): KubeObject[] | undefined {
  const d = cluster.tryGet('deployments.apps', namespace, name);
  if (!d) return undefined;
  const sel = selectorFromSpec(d.spec?.selector);
  const sets = new Set(cluster.list('replicasets.apps', { namespace }).items.filter((rs) => rs.metadata.ownerReferences?.some((o) => o.uid === d.metadata.uid)).map((rs) => rs.metadata.uid));
  return cluster.list('pods', { namespace }).items.filter((p) => matches(sel, p.metadata.labels) && !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((o) => sets.has(o.uid)));
}

/** Every ready Pod of Deployment `deployment` is a ready endpoint of Service `service` (on `port`), and nothing else is. */
export function serviceBacksDeployment(label: string, service: string, port: number, deployment: string, namespace = 'default'): Check {
  return {
    label,
    run(cluster) {
      const svc = cluster.tryGet('services', namespace, service);
      if (!svc) return fail(`service "${service}" does not exist`);
      const pods = deploymentPods(cluster, deployment, namespace);
      if (!pods) return fail(`deployment.apps "${deployment}" does not exist`);
      const ready = pods.filter((p) => podReadyCondition(p)).map((p) => p.status?.podIP as string);
      if (!ready.length) return fail(`no Pod of deployment.apps "${deployment}" is ready`);
      const behind = new Set(cluster.probes.serviceBackends(svc, port).map((b) => b.ip));
      const missing = ready.filter((ip) => !behind.has(ip));
      if (missing.length) return fail(`service "${service}" sends no traffic to ${missing.length} of the ${ready.length} ready ${deployment} Pods`);
      const strangers = [...behind].filter((ip) => !ready.includes(ip));
      if (strangers.length) return fail(`service "${service}" also sends traffic to Pods that are not part of ${deployment}: ${strangers.join(', ')}`);
      return pass;
    },
  };
}

/** Port `port` answers on every node's InternalIP, from the machine that runs the nodes. */
export function answersOnEveryNode(label: string, port: number): Check {
  return {
    label,
    run(cluster) {
      const nodes = cluster.list('nodes').items;
      for (const n of nodes) {
        const ip = (n.status?.addresses ?? []).find((a: { type: string }) => a.type === 'InternalIP')?.address as string | undefined;
        if (!ip) continue;
        const why = failure(cluster.probes.fromHost(ip, port), `${ip}:${port} (node ${n.metadata.name})`);
        if (why) return fail(why);
      }
      return nodes.length ? pass : fail('the cluster has no nodes');
    },
  };
}

/** The Service holding NodePort `nodePort` sends its traffic to the ready Pods of `deployment`. */
export function nodePortBacksDeployment(label: string, nodePort: number, deployment: string, namespace = 'default'): Check {
  return {
    label,
    run(cluster) {
      const svc = cluster.list('services').items.find((s) => (s.spec?.ports ?? []).some((p) => p.nodePort === nodePort));
      if (!svc) return fail(`no Service holds node port ${nodePort}`);
      if (svc.metadata.namespace !== namespace) return fail(`node port ${nodePort} belongs to service "${svc.metadata.name}" in namespace "${svc.metadata.namespace}"`);
      const port = (svc.spec?.ports ?? []).find((p) => p.nodePort === nodePort)!.port;
      return serviceBacksDeployment(label, svc.metadata.name!, port, deployment, namespace).run(cluster);
    },
  };
}

/** `name` resolves (A record) to exactly the IP of Pod `pod`. */
export function nameResolvesToPod(label: string, name: string, pod: string, namespace = 'default'): Check {
  return {
    label,
    run(cluster) {
      const p = cluster.tryGet('pods', namespace, pod);
      const ip = p?.status?.podIP as string | undefined;
      if (!ip) return fail(`pod "${pod}" has no IP yet`);
      const r = cluster.probes.dns(name, 'A');
      if (r.rcode === 'NXDOMAIN') return fail(`${name} does not exist in cluster DNS (NXDOMAIN)`);
      const got = r.answers.filter((a) => a.type === 'A').map((a) => a.data);
      if (got.length !== 1 || got[0] !== ip) return fail(`${name} resolves to ${got.join(', ') || 'nothing'}, not ${ip} (pod ${pod})`);
      return pass;
    },
  };
}
