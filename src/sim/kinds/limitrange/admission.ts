/**
 * The LimitRanger admission plugin (plugin/pkg/admission/limitranger) for Pods, on create:
 * first it fills each container's missing requests and limits from the namespace's LimitRanges
 * (`defaultRequest`, `default`) and notes what it set in the `kubernetes.io/limit-ranger`
 * annotation; after validation it refuses a Pod whose containers (or whole Pod) fall outside
 * `min`, `max` or `maxLimitRequestRatio`, with the plugin's own messages.
 */
import { forbidden } from '../../api/errors.ts';
import { addQuantity, compareQuantity, formatQuantity, parseQuantity, type Quantity } from '../../api/quantity.ts';
import type { KubeObject } from '../../api/types.ts';
import { type AdmissionContext, type PluginRequest } from '../../apiserver/admission.ts';
import { podQosClass } from '../../apiserver/kinds/pod-admission.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const LIMIT_RANGES = 'limitranges';
const ANNOTATION = 'kubernetes.io/limit-ranger';

function rangesIn(ctx: AdmissionContext, ns: string): KubeObject[] {
  return ctx.store
    .list(LIMIT_RANGES, ns)
    .slice()
    .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
}

const itemsOf = (lr: KubeObject): Obj[] => (Array.isArray(lr.spec?.limits) ? (lr.spec.limits as Obj[]) : []);

/** Fills missing entries of `into` from `from`; returns the names it set, sorted. */
function merge(into: Obj, from: Obj): string[] {
  const set: string[] = [];
  for (const [k, v] of Object.entries(from)) {
    if (into[k] !== undefined) continue;
    into[k] = v;
    set.push(k);
  }
  return set.sort();
}

/** mergePodResourceRequirements for one LimitRange. */
function applyDefaults(pod: KubeObject, lr: KubeObject): void {
  const limits: Obj = {};
  const requests: Obj = {};
  for (const item of itemsOf(lr)) {
    if (item.type !== 'Container') continue;
    Object.assign(limits, item.default ?? {});
    Object.assign(requests, item.defaultRequest ?? {});
  }
  const notes: string[] = [];
  const each = (containers: unknown, prefix: string): void => {
    for (const c of (Array.isArray(containers) ? containers : []) as Obj[]) {
      c.resources ??= {};
      const setLimits = merge((c.resources.limits ??= {}), limits);
      const setRequests = merge((c.resources.requests ??= {}), requests);
      if (!Object.keys(c.resources.limits).length) delete c.resources.limits;
      if (!Object.keys(c.resources.requests).length) delete c.resources.requests;
      if (setRequests.length) notes.push(`${setRequests.join(', ')} request for ${prefix} ${c.name}`);
      if (setLimits.length) notes.push(`${setLimits.join(', ')} limit for ${prefix} ${c.name}`);
    }
  };
  each(pod.spec?.containers, 'container');
  each(pod.spec?.initContainers, 'init container');
  if (notes.length) pod.metadata.annotations = { ...pod.metadata.annotations, [ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
}

function mutate(req: PluginRequest, ctx: AdmissionContext): void {
  if (req.resource !== 'pods' || req.operation !== 'CREATE' || !req.object.metadata.namespace) return;
  const ranges = rangesIn(ctx, req.object.metadata.namespace);
  if (!ranges.length) return;
  for (const lr of ranges) applyDefaults(req.object, lr);
  // The QoS class follows the resources the Pod ends up with.
  if (req.object.status) req.object.status.qosClass = podQosClass(req.object.spec);
}

type List = Record<string, Quantity>;
const str = (q: Quantity): string => formatQuantity(q);

function toList(m: unknown): List {
  const out: List = {};
  for (const [k, v] of Object.entries((m ?? {}) as Obj)) out[k] = parseQuantity(v);
  return out;
}

function minConstraint(type: string, name: string, enforced: Quantity, request: List, limit: List): string | undefined {
  const req = request[name];
  const lim = limit[name];
  if (!req) return `minimum ${name} usage per ${type} is ${str(enforced)}.  No request is specified`;
  if (compareQuantity(req, enforced) < 0) return `minimum ${name} usage per ${type} is ${str(enforced)}, but request is ${str(req)}`;
  if (lim && compareQuantity(lim, enforced) < 0) return `minimum ${name} usage per ${type} is ${str(enforced)}, but limit is ${str(lim)}`;
  return undefined;
}

function maxConstraint(type: string, name: string, enforced: Quantity, request: List, limit: List): string | undefined {
  const req = request[name];
  const lim = limit[name];
  if (!lim) return `maximum ${name} usage per ${type} is ${str(enforced)}.  No limit is specified`;
  if (compareQuantity(lim, enforced) > 0) return `maximum ${name} usage per ${type} is ${str(enforced)}, but limit is ${str(lim)}`;
  if (req && compareQuantity(req, enforced) > 0) return `maximum ${name} usage per ${type} is ${str(enforced)}, but request is ${str(req)}`;
  return undefined;
}

/** The ratio as Go's %f prints it (six decimals). */
function ratioConstraint(type: string, name: string, enforced: Quantity, request: List, limit: List): string | undefined {
  const req = request[name];
  const lim = limit[name];
  if (!req || req.mantissa === 0n) return `${name} max limit to request ratio per ${type} is ${str(enforced)}, but no request is specified or request is 0`;
  if (!lim || lim.mantissa === 0n) return `${name} max limit to request ratio per ${type} is ${str(enforced)}, but no limit is specified or limit is 0`;
  const value = (x: Quantity): number => Number(x.mantissa) * 10 ** x.exponent;
  const ratio = value(lim) / value(req);
  if (ratio * 1000 > value(enforced) * 1000 + 1e-9)
    return `${name} max limit to request ratio per ${type} is ${str(enforced)}, but provided ratio is ${ratio.toFixed(6)}`;
  return undefined;
}

function checkAll(item: Obj, type: string, request: List, limit: List, errs: string[]): void {
  const run = (field: string, check: typeof minConstraint): void => {
    const enforced = toList(item[field]);
    for (const name of Object.keys(enforced).sort()) {
      const e = check(type, name, enforced[name]!, request, limit);
      if (e) errs.push(e);
    }
  };
  run('min', minConstraint);
  run('max', maxConstraint);
  run('maxLimitRequestRatio', ratioConstraint);
}

/** The Pod's total requests or limits: the sum over containers, or the largest init container if larger. */
function podTotal(pod: KubeObject, field: 'requests' | 'limits'): List {
  const sum: List = {};
  for (const c of (pod.spec?.containers ?? []) as Obj[])
    for (const [k, v] of Object.entries(toList(c.resources?.[field]))) sum[k] = sum[k] ? addQuantity(sum[k]!, v) : v;
  for (const c of (pod.spec?.initContainers ?? []) as Obj[])
    for (const [k, v] of Object.entries(toList(c.resources?.[field]))) if (!sum[k] || compareQuantity(v, sum[k]!) > 0) sum[k] = v;
  return sum;
}

function admit(req: PluginRequest, ctx: AdmissionContext): void {
  if (req.resource !== 'pods' || req.operation !== 'CREATE' || !req.object.metadata.namespace) return;
  const pod = req.object;
  const errs: string[] = [];
  for (const lr of rangesIn(ctx, pod.metadata.namespace!)) {
    for (const item of itemsOf(lr)) {
      if (item.type === 'Container') {
        for (const c of [...((pod.spec?.containers ?? []) as Obj[]), ...((pod.spec?.initContainers ?? []) as Obj[])]) {
          checkAll(item, 'Container', toList(c.resources?.requests), toList(c.resources?.limits), errs);
        }
      } else if (item.type === 'Pod') checkAll(item, 'Pod', podTotal(pod, 'requests'), podTotal(pod, 'limits'), errs);
    }
  }
  const unique = [...new Set(errs)];
  if (!unique.length) return;
  const message = unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
  throw forbidden(`pods "${pod.metadata.name ?? ''}" is forbidden: ${message}`);
}

/** Installs its admission plugin into an API server. */
export function installLimitrangeAdmissionPlugin(api: ApiRegistries): void {
  api.admission.addPlugin({ name: 'LimitRanger', mutate, admit });
}
