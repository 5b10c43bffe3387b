/**
 * Checks on where a Pod runs: on a node with a given label, kept there by its own nodeSelector,
 * asking for an extended resource such as `nvidia.com/gpu`. They read the Pod and its node
 * from the API, never what the learner typed.
 */
import type { ClusterReader } from '../sim/index.ts';
import type { Check, CheckResult } from './exercise.ts';

const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

/** The Pod is bound to a node that carries the label `key=value`. */
export function podOnNodeLabelled(pod: string, key: string, value: string, namespace = 'default'): Check {
  return {
    label: `Pod ${pod} runs on a node labelled ${key}=${value}`,
    run(cluster: ClusterReader): CheckResult {
      const p = cluster.tryGet('pods', namespace, pod);
      if (!p) return fail(`pod "${pod}" does not exist`);
      const nodeName = p.spec?.nodeName as string | undefined;
      if (!nodeName) return fail(`pod "${pod}" is not scheduled to any node yet`);
      const node = cluster.tryGet('nodes', undefined, nodeName);
      const actual = node?.metadata.labels?.[key];
      if (actual === value) return pass;
      return fail(`pod "${pod}" runs on node "${nodeName}", ${actual === undefined ? `which has no label ${key}` : `labelled ${key}=${actual}`}`);
    },
  };
}

/** The Pod's own spec.nodeSelector holds `key: value`, so a re-created Pod lands there again. */
export function podSelectsNode(pod: string, key: string, value: string, namespace = 'default'): Check {
  return {
    label: `Pod ${pod} has the nodeSelector ${key}: ${value}`,
    run(cluster: ClusterReader): CheckResult {
      const p = cluster.tryGet('pods', namespace, pod);
      if (!p) return fail(`pod "${pod}" does not exist`);
      const selector = (p.spec?.nodeSelector ?? {}) as Record<string, string>;
      if (selector[key] === value) return pass;
      return fail(key in selector ? `its nodeSelector asks for ${key}: ${selector[key]}` : `its nodeSelector has no ${key}`);
    },
  };
}

/** Some container of the Pod asks for `amount` of `resource` (in requests or, for extended resources, limits). */
export function podAsksFor(pod: string, resource: string, amount: string, namespace = 'default'): Check {
  return {
    label: `Pod ${pod} asks for ${resource}: ${amount}`,
    run(cluster: ClusterReader): CheckResult {
      const p = cluster.tryGet('pods', namespace, pod);
      if (!p) return fail(`pod "${pod}" does not exist`);
      const containers = (p.spec?.containers ?? []) as { resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> } }[];
      const asks = containers.some((c) => String(c.resources?.requests?.[resource] ?? c.resources?.limits?.[resource] ?? '') === amount);
      return asks ? pass : fail(`no container of pod "${pod}" asks for ${resource}: ${amount}`);
    },
  };
}
