/**
 * PodSpec validation (pkg/apis/core/validation/validation.go ValidatePodSpec), for Pods and
 * every workload's pod template. Causes come in the server's order: volumes, containers,
 * init containers, restartPolicy, dnsPolicy, nodeSelector, serviceAccountName, nodeName,
 * activeDeadlineSeconds, tolerations.
 */
import type { StatusCause } from '../../api/errors.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidPortName } from '../../api/names.ts';
import { compareQuantity, formatQuantity, parseQuantity, type Quantity } from '../../api/quantity.ts';
import { validatePodDnsConfig } from './pod-dns-validation.ts';
import { validateContainerProbes } from './probe-validation.ts';
import { duplicate, invalidValue, notSupported, required, validateLabels } from '../validation.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const TERMINATION_MSG = ['File', 'FallbackToLogsOnError'];
const STANDARD_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage', 'hugepages-1Gi', 'hugepages-2Mi']);

function notFoundCause(field: string, value: string): StatusCause {
  return { reason: 'FieldValueNotFound', field, message: `${field}: Not found: ${JSON.stringify(value)}` };
}

function validateVolumes(volumes: unknown, path: string): { causes: StatusCause[]; names: Set<string> } {
  const causes: StatusCause[] = [];
  const names = new Set<string>();
  if (!Array.isArray(volumes)) return { causes, names };
  volumes.forEach((v: Obj, i) => {
    const p = `${path}[${i}]`;
    const name = v?.name;
    if (!name) causes.push(required(`${p}.name`));
    else {
      for (const m of isDNS1123Label(name)) causes.push(invalidValue(`${p}.name`, name, m));
      if (names.has(name)) causes.push(duplicate(`${p}.name`, name));
      names.add(name);
    }
    const sources = Object.keys(v ?? {}).filter((k) => k !== 'name');
    if (sources.length === 0) causes.push(required(p, 'must specify a volume type'));
    else if (sources.length > 1) {
      causes.push({ reason: 'FieldValueForbidden', field: `${p}.${sources[1]}`, message: `${p}.${sources[1]}: Forbidden: may not specify more than 1 volume type` });
    }
    if (v?.configMap && !v.configMap.name) causes.push(required(`${p}.configMap.name`));
    if (v?.secret && !v.secret.secretName) causes.push(required(`${p}.secret.secretName`));
    if (v?.persistentVolumeClaim && !v.persistentVolumeClaim.claimName) causes.push(required(`${p}.persistentVolumeClaim.claimName`));
    if (v?.hostPath && !v.hostPath.path) causes.push(required(`${p}.hostPath.path`));
  });
  return { causes, names };
}

function parseMap(m: unknown): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  if (!m || typeof m !== 'object') return out;
  // Sorted, as the JSON kubectl sends has sorted keys.
  for (const k of Object.keys(m as Obj).sort()) {
    const v = (m as Obj)[k];
    try {
      out.set(k, parseQuantity(v));
    } catch {
      // Undecodable quantities were rejected at decoding time.
    }
  }
  return out;
}

function validateResources(res: Obj | undefined, path: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (!res || typeof res !== 'object') return causes;
  const limits = parseMap(res.limits);
  const requests = parseMap(res.requests);
  for (const [kind, m] of [['limits', limits], ['requests', requests]] as const) {
    for (const [name, q] of m) {
      const p = `${path}.${kind}[${name}]`;
      if (!STANDARD_RESOURCES.has(name) && !name.includes('/')) {
        causes.push(invalidValue(p, name, 'must be a standard resource type or fully qualified'));
      } else for (const msg of isQualifiedName(name)) causes.push(invalidValue(p, name, msg));
      if (q.mantissa < 0n) causes.push(invalidValue(p, formatQuantity(q), 'must be greater than or equal to 0'));
    }
  }
  for (const [name, q] of requests) {
    const limit = limits.get(name);
    if (limit && compareQuantity(q, limit) > 0) {
      causes.push(invalidValue(`${path}.requests`, formatQuantity(q), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
    }
  }
  return causes;
}

function validatePort(v: unknown, field: string, requiredPort: boolean): StatusCause[] {
  if (v === undefined || v === 0) return requiredPort ? [required(field)] : [];
  if (typeof v !== 'number' || v < 1 || v > 65535) return [invalidValue(field, v, 'must be between 1 and 65535, inclusive')];
  return [];
}

function validateContainer(c: Obj, path: string, volumes: Set<string>): StatusCause[] {
  const causes: StatusCause[] = [];
  if (!c.image || (typeof c.image === 'string' && c.image.trim() === '')) causes.push(required(`${path}.image`));
  if (c.imagePullPolicy !== undefined && !PULL_POLICIES.includes(c.imagePullPolicy)) {
    causes.push(notSupported(`${path}.imagePullPolicy`, c.imagePullPolicy, PULL_POLICIES));
  }
  if (c.terminationMessagePolicy !== undefined && !TERMINATION_MSG.includes(c.terminationMessagePolicy)) {
    causes.push(notSupported(`${path}.terminationMessagePolicy`, c.terminationMessagePolicy, TERMINATION_MSG));
  }
  const portNames = new Set<string>();
  (Array.isArray(c.ports) ? c.ports : []).forEach((p: Obj, i: number) => {
    const pp = `${path}.ports[${i}]`;
    if (p?.name) {
      for (const m of isValidPortName(p.name)) causes.push(invalidValue(`${pp}.name`, p.name, m));
      if (portNames.has(p.name)) causes.push(duplicate(`${pp}.name`, p.name));
      portNames.add(p.name);
    }
    causes.push(...validatePort(p?.containerPort, `${pp}.containerPort`, true));
    if (p?.hostPort !== undefined && p.hostPort !== 0) causes.push(...validatePort(p.hostPort, `${pp}.hostPort`, false));
    if (p?.protocol !== undefined && !PROTOCOLS.includes(p.protocol)) causes.push(notSupported(`${pp}.protocol`, p.protocol, PROTOCOLS));
  });
  (Array.isArray(c.env) ? c.env : []).forEach((e: Obj, i: number) => {
    if (!e?.name) causes.push(required(`${path}.env[${i}].name`));
  });
  causes.push(...validateResources(c.resources, `${path}.resources`));
  (Array.isArray(c.volumeMounts) ? c.volumeMounts : []).forEach((m: Obj, i: number) => {
    const mp = `${path}.volumeMounts[${i}]`;
    if (!m?.name) causes.push(required(`${mp}.name`));
    else if (!volumes.has(m.name)) causes.push(notFoundCause(`${mp}.name`, m.name));
    if (!m?.mountPath) causes.push(required(`${mp}.mountPath`));
  });
  return causes;
}

function validateContainers(list: unknown, path: string, volumes: Set<string>, seen: Set<string>, needOne: boolean): StatusCause[] {
  const causes: StatusCause[] = [];
  if (!Array.isArray(list) || list.length === 0) return needOne ? [required(path)] : [];
  list.forEach((c: Obj, i) => {
    const p = `${path}[${i}]`;
    if (!c || typeof c !== 'object') {
      causes.push(required(`${p}.name`));
      return;
    }
    if (!c.name) causes.push(required(`${p}.name`));
    else {
      for (const m of isDNS1123Label(c.name)) causes.push(invalidValue(`${p}.name`, c.name, m));
      if (seen.has(c.name)) causes.push(duplicate(`${p}.name`, c.name));
      seen.add(c.name);
    }
    causes.push(...validateContainer(c, p, volumes));
    causes.push(...validateContainerProbes(c, p, !needOne && c.restartPolicy !== 'Always'));
  });
  return causes;
}

/**
 * Validates a (defaulted) PodSpec at `path` (`spec`, `spec.template.spec`). Returns causes in
 * the API server's order; empty when valid.
 */
export function validatePodSpec(spec: Obj | undefined, path: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (!spec || typeof spec !== 'object') return [required(`${path}.containers`)];
  const vols = validateVolumes(spec.volumes, `${path}.volumes`);
  causes.push(...vols.causes);
  const seen = new Set<string>();
  causes.push(...validateContainers(spec.containers, `${path}.containers`, vols.names, seen, true));
  causes.push(...validateContainers(spec.initContainers, `${path}.initContainers`, vols.names, seen, false));
  if (spec.restartPolicy !== undefined && !RESTART_POLICIES.includes(spec.restartPolicy)) {
    causes.push(notSupported(`${path}.restartPolicy`, spec.restartPolicy, RESTART_POLICIES));
  }
  if (spec.dnsPolicy !== undefined && !DNS_POLICIES.includes(spec.dnsPolicy)) {
    causes.push(notSupported(`${path}.dnsPolicy`, spec.dnsPolicy, DNS_POLICIES));
  }
  causes.push(...validatePodDnsConfig(spec.dnsConfig, spec.dnsPolicy, `${path}.dnsConfig`));
  causes.push(...validateLabels(spec.nodeSelector, `${path}.nodeSelector`));
  if (spec.serviceAccountName) {
    for (const m of isDNS1123Subdomain(spec.serviceAccountName)) causes.push(invalidValue(`${path}.serviceAccountName`, spec.serviceAccountName, m));
  }
  if (spec.nodeName) {
    for (const m of isDNS1123Subdomain(spec.nodeName)) causes.push(invalidValue(`${path}.nodeName`, spec.nodeName, m));
  }
  if (spec.activeDeadlineSeconds !== undefined && !(typeof spec.activeDeadlineSeconds === 'number' && spec.activeDeadlineSeconds >= 1)) {
    causes.push(invalidValue(`${path}.activeDeadlineSeconds`, spec.activeDeadlineSeconds, 'must be between 1 and 2147483647, inclusive'));
  }
  if (typeof spec.terminationGracePeriodSeconds === 'number' && spec.terminationGracePeriodSeconds < 0) {
    causes.push(invalidValue(`${path}.terminationGracePeriodSeconds`, spec.terminationGracePeriodSeconds, 'must be greater than or equal to 0'));
  }
  (Array.isArray(spec.tolerations) ? spec.tolerations : []).forEach((t: Obj, i: number) => {
    const tp = `${path}.tolerations[${i}]`;
    if (t?.operator !== undefined && !['Equal', 'Exists'].includes(t.operator)) {
      causes.push(notSupported(`${tp}.operator`, t.operator, ['Equal', 'Exists']));
    }
    if (t?.operator === 'Exists' && t.value) causes.push(invalidValue(`${tp}.operator`, t.value, 'value must be empty when `operator` is \'Exists\''));
    if (t?.effect !== undefined && t.effect !== '' && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)) {
      causes.push(notSupported(`${tp}.effect`, t.effect, ['NoExecute', 'NoSchedule', 'PreferNoSchedule']));
    }
  });
  return causes;
}
