/**
 * The ResourceQuota admission plugin (plugin/pkg/admission/resourcequota): a create in a
 * namespace with quotas is charged against each quota whose hard limits cover what the object
 * uses. A Pod that names no request for a constrained cpu or memory is refused (`failed quota`);
 * one that would take usage over a limit is refused (`exceeded quota`); otherwise the quotas'
 * status.used is raised at once, as the real plugin does, so a burst of creates cannot overshoot
 * before the quota controller recounts.
 */
import { forbidden } from '../../api/errors.ts';
import { compareQuantity, formatQuantity, parseQuantity } from '../../api/quantity.ts';
import { clone, type KubeObject } from '../../api/types.ts';
import { type AdmissionContext, type PluginRequest } from '../../apiserver/admission.ts';
import { addUsage, countedResource, objectUsage, type Usage } from './usage.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export const QUOTAS = 'resourcequotas';
/** The resources whose quota obliges every container to declare them (the pod evaluator's validationSet). */
const MUST_DECLARE = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

/** `a=1,b=2`, sorted by name (prettyPrint). */
function pretty(u: Usage, names: string[]): string {
  return [...names]
    .sort()
    .map((n) => `${n}=${u.has(n) ? formatQuantity(u.get(n)!) : '0'}`)
    .join(',');
}

function usageOf(list: Obj | undefined): Usage {
  const u: Usage = new Map();
  for (const [k, v] of Object.entries(list ?? {})) u.set(k, parseQuantity(v as string));
  return u;
}

/** The resource names one container covers: `requests.cpu` gives `cpu` and `requests.cpu`. */
function containerCovers(c: Obj): Set<string> {
  const out = new Set<string>();
  for (const name of Object.keys(c.resources?.requests ?? {})) out.add(name).add(`requests.${name}`);
  for (const name of Object.keys(c.resources?.limits ?? {})) out.add(`limits.${name}`);
  return out;
}

/** The pod evaluator's Constraints: `must specify cpu for: nginx; memory for: nginx`, or undefined. */
export function missingDeclarations(pod: KubeObject, restricted: string[]): string | undefined {
  const required = restricted.filter((r) => MUST_DECLARE.has(r));
  const missing = new Map<string, Set<string>>();
  for (const c of [...((pod.spec?.containers ?? []) as Obj[]), ...((pod.spec?.initContainers ?? []) as Obj[])]) {
    const covers = containerCovers(c);
    for (const r of required) if (!covers.has(r)) (missing.get(r) ?? missing.set(r, new Set()).get(r)!).add(String(c.name ?? ''));
  }
  if (!missing.size) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

/** The hard limits of a quota that an object of `resource` is charged against. */
function matchedResources(quota: KubeObject, resource: string): string[] {
  return Object.keys((quota.status?.hard ?? {}) as Obj).filter((name) => countedResource(name) === resource);
}

function admit(req: PluginRequest, ctx: AdmissionContext): void {
  if (req.operation !== 'CREATE') return;
  const ns = req.object.metadata.namespace;
  if (!ns) return;
  const quotas = ctx.store
    .list(QUOTAS, ns)
    .slice()
    .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  if (!quotas.length) return;
  const name = req.object.metadata.name ?? '';
  const refuse = (why: string): never => {
    throw forbidden(`${req.resource} "${name}" is forbidden: ${why}`);
  };
  const usage = objectUsage(req.resource, req.object);
  const charged: { quota: KubeObject; requested: string[] }[] = [];
  for (const quota of quotas) {
    const matched = matchedResources(quota, req.resource);
    if (req.resource === 'pods') {
      const missing = missingDeclarations(req.object, matched);
      if (missing) refuse(`failed quota: ${quota.metadata.name}: ${missing}`);
    }
    const used = (quota.status?.used ?? {}) as Obj;
    const unknown = Object.keys((quota.spec?.hard ?? {}) as Obj).filter((n) => matched.includes(n) && used[n] === undefined);
    if (unknown.length) refuse(`status unknown for quota: ${quota.metadata.name}, resources: ${[...matched].sort().join(',')}`);
    const requested = matched.filter((n) => usage.has(n) && usage.get(n)!.mantissa !== 0n);
    if (requested.length) charged.push({ quota, requested });
  }
  for (const { quota, requested } of charged) {
    const used = usageOf(quota.status?.used);
    const hard = usageOf(quota.status?.hard);
    const next = addUsage(used, new Map(requested.map((n) => [n, usage.get(n)!])));
    const exceeded = requested.filter((n) => compareQuantity(next.get(n)!, hard.get(n)!) > 0);
    if (exceeded.length) {
      refuse(
        `exceeded quota: ${quota.metadata.name}, requested: ${pretty(usage, exceeded)}, used: ${pretty(used, exceeded)}, limited: ${pretty(hard, exceeded)}`,
      );
    }
  }
  if (req.dryRun) return;
  for (const { quota, requested } of charged) {
    const next = addUsage(usageOf(quota.status?.used), new Map(requested.map((n) => [n, usage.get(n)!])));
    const copy = clone(quota);
    copy.status = { ...copy.status, used: Object.fromEntries([...next].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, formatQuantity(v)])) };
    ctx.store.put(QUOTAS, copy);
  }
}

/** Installs its admission plugin into an API server. */
export function installResourcequotaAdmissionPlugin(api: ApiRegistries): void {
  api.admission.addPlugin({ name: 'ResourceQuota', admit });
}
