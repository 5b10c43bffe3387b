/**
 * Service admission: defaults (type, sessionAffinity, IP family fields, port protocol and
 * targetPort), ClusterIP and NodePort allocation from kind's ranges, and validation.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Random } from '../../clock/random.ts';
import type { Store } from '../../store/store.ts';
import { goValue, invalidValue, notSupported, required, validateLabels, validateObjectMeta } from '../validation.ts';
import { objectMetaUnknownFields } from './pod-spec.ts';
import type { ApiRegistries } from '../registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** The `--service-node-port-range` of kind and kubeadm clusters. */
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;

function usedClusterIPs(store: Store, except?: KubeObject): Set<string> {
  const used = new Set<string>();
  for (const s of store.list('services')) {
    if (except && s.metadata.uid === except.metadata.uid) continue;
    for (const ip of s.spec?.clusterIPs ?? []) used.add(ip);
  }
  return used;
}

function usedNodePorts(store: Store, except?: KubeObject): Set<number> {
  const used = new Set<number>();
  for (const s of store.list('services')) {
    if (except && s.metadata.uid === except.metadata.uid) continue;
    for (const p of s.spec?.ports ?? []) if (p.nodePort) used.add(p.nodePort);
  }
  return used;
}

/**
 * A free ClusterIP from 10.96.0.0/16. Like the real allocator, dynamic addresses come from
 * above the first 256 (kept for static `clusterIP:` requests such as 10.96.0.10).
 */
export function allocateClusterIP(random: Random, used: Set<string>): string {
  for (let tries = 0; tries < 1000; tries++) {
    const n = random.int(256, 65534);
    const ip = `10.96.${n >> 8}.${n & 255}`;
    if (!used.has(ip)) return ip;
  }
  for (let n = 256; n < 65535; n++) {
    const ip = `10.96.${n >> 8}.${n & 255}`;
    if (!used.has(ip)) return ip;
  }
  throw new Error('no ClusterIP left');
}

/** A free NodePort, preferring the upper band (30128-32767) as the real allocator does. */
export function allocateNodePort(random: Random, used: Set<number>): number {
  for (let tries = 0; tries < 1000; tries++) {
    const p = random.int(NODE_PORT_MIN + 128, NODE_PORT_MAX);
    if (!used.has(p)) return p;
  }
  for (let p = NODE_PORT_MIN; p <= NODE_PORT_MAX; p++) if (!used.has(p)) return p;
  throw new Error('no NodePort left');
}

function defaultService(obj: KubeObject, store: Store, random: Random, old?: KubeObject): void {
  const spec: Obj = (obj.spec ??= {});
  spec.type ??= 'ClusterIP';
  const external = spec.type === 'ExternalName';
  spec.sessionAffinity ??= 'None';
  for (const p of Array.isArray(spec.ports) ? spec.ports : []) {
    if (!p || typeof p !== 'object') continue;
    p.protocol ??= 'TCP';
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
  }
  if (external) {
    for (const k of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy', 'internalTrafficPolicy', 'externalTrafficPolicy']) delete spec[k];
    for (const p of spec.ports ?? []) if (p) delete p.nodePort;
    return;
  }
  spec.internalTrafficPolicy ??= 'Cluster';
  if (old && old.spec?.type !== 'ExternalName') {
    // normalizeClusterIPs: a changed clusterIP or clusterIPs[0] carries over to the other.
    const oldIPs: string[] = old.spec?.clusterIPs ?? [];
    const ipChanged = spec.clusterIP !== undefined && spec.clusterIP !== old.spec?.clusterIP;
    const ipsChanged = JSON.stringify(spec.clusterIPs ?? oldIPs) !== JSON.stringify(oldIPs);
    if (ipChanged && !ipsChanged) spec.clusterIPs = [spec.clusterIP, ...oldIPs.slice(1)];
    else if (ipsChanged && !ipChanged && Array.isArray(spec.clusterIPs)) spec.clusterIP = spec.clusterIPs[0];
  }
  if (old && old.spec?.type !== 'ExternalName' && old.spec?.clusterIP && spec.clusterIP === undefined) {
    spec.clusterIP = old.spec.clusterIP;
    spec.clusterIPs ??= old.spec.clusterIPs;
  }
  if (!spec.clusterIP && Array.isArray(spec.clusterIPs) && spec.clusterIPs[0]) spec.clusterIP = spec.clusterIPs[0];
  if (!spec.clusterIP) spec.clusterIP = allocateClusterIP(random, usedClusterIPs(store, old));
  spec.clusterIPs ??= [spec.clusterIP];
  spec.ipFamilies ??= ['IPv4'];
  spec.ipFamilyPolicy ??= 'SingleStack';
  const needsNodePort = spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.externalTrafficPolicy ??= 'Cluster';
  else delete spec.externalTrafficPolicy;
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  if (needsNodePort) {
    let used: Set<number> | undefined;
    const oldPorts: Obj[] = old?.spec?.ports ?? [];
    for (const p of spec.ports ?? []) {
      if (!p || p.nodePort) continue;
      const prev = oldPorts.find((o) => o.port === p.port && o.protocol === p.protocol && o.nodePort);
      if (prev) p.nodePort = prev.nodePort;
      else {
        used ??= usedNodePorts(store, old);
        for (const q of spec.ports) if (q?.nodePort) used.add(q.nodePort);
        p.nodePort = allocateNodePort(random, used);
        used.add(p.nodePort);
      }
    }
  } else {
    for (const p of spec.ports ?? []) if (p) delete p.nodePort;
  }
  if (!old) obj.status = { loadBalancer: {} };
}

/**
 * Two ports with the same (protocol, port), or the same (protocol, nodePort): the API reports
 * the first as the Go value of the key it compared.
 */
function duplicatePorts(ports: Obj[]): StatusCause[] {
  const out: StatusCause[] = [];
  const seenNode = new Set<string>();
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const proto = String(p?.protocol ?? 'TCP');
    if (p?.nodePort) {
      const k = `${proto}/${p.nodePort}`;
      if (seenNode.has(k)) out.push({ reason: 'FieldValueDuplicate', field: `spec.ports[${i}].nodePort`, message: `spec.ports[${i}].nodePort: Duplicate value: ${p.nodePort}` });
      seenNode.add(k);
    }
    const k = `${proto}/${p?.port}`;
    if (seen.has(k)) {
      const v = `core.ServicePort{Name:"", Protocol:"${proto}", AppProtocol:(*string)(nil), Port:${p?.port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;
      out.push({ reason: 'FieldValueDuplicate', field: `spec.ports[${i}]`, message: `spec.ports[${i}]: Duplicate value: ${v}` });
    }
    seen.add(k);
  });
  return out;
}

function validateService(obj: KubeObject, store: Store, old?: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'dns1035' });
  const spec: Obj = obj.spec ?? {};
  if (!TYPES.includes(spec.type)) causes.push(notSupported('spec.type', spec.type, TYPES));
  const ports: Obj[] = Array.isArray(spec.ports) ? spec.ports : [];
  const headless = spec.clusterIP === 'None';
  if (ports.length === 0 && spec.type !== 'ExternalName' && !headless) causes.push(required('spec.ports'));
  if (spec.type === 'ExternalName' && !spec.externalName) causes.push(required('spec.externalName'));
  const used = ports.some((p) => p?.nodePort) ? usedNodePorts(store, old) : new Set<number>();
  const names = new Set<string>();
  ports.forEach((p, i) => {
    const pp = `spec.ports[${i}]`;
    if (ports.length > 1 && !p?.name) causes.push(required(`${pp}.name`));
    if (p?.name) {
      if (names.has(p.name)) causes.push({ reason: 'FieldValueDuplicate', field: `${pp}.name`, message: `${pp}.name: Duplicate value: ${goValue(p.name)}` });
      names.add(p.name);
    }
    if (typeof p?.port !== 'number' || p.port < 1 || p.port > 65535) {
      causes.push(p?.port === undefined ? invalidValue(`${pp}.port`, 0, 'must be between 1 and 65535, inclusive') : invalidValue(`${pp}.port`, p.port, 'must be between 1 and 65535, inclusive'));
    }
    if (!PROTOCOLS.includes(p?.protocol)) causes.push(notSupported(`${pp}.protocol`, p?.protocol, PROTOCOLS));
    if (typeof p?.targetPort === 'number' && (p.targetPort < 1 || p.targetPort > 65535)) {
      causes.push(invalidValue(`${pp}.targetPort`, p.targetPort, 'must be between 1 and 65535, inclusive'));
    }
    if (p?.nodePort !== undefined) {
      if (p.nodePort < NODE_PORT_MIN || p.nodePort > NODE_PORT_MAX) {
        causes.push(invalidValue(`${pp}.nodePort`, p.nodePort, `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`));
      } else if (used.has(p.nodePort)) {
        causes.push(invalidValue(`${pp}.nodePort`, p.nodePort, 'provided port is already allocated'));
      }
    }
  });
  causes.push(...validateLabels(spec.selector, 'spec.selector'));
  if (spec.sessionAffinity !== undefined && !['ClientIP', 'None'].includes(spec.sessionAffinity)) {
    causes.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, ['ClientIP', 'None']));
  }
  if (old && old.spec?.type !== 'ExternalName' && spec.type !== 'ExternalName') {
    const a = old.spec?.clusterIPs ?? [];
    const b = spec.clusterIPs ?? [];
    if (a[0] && b[0] !== a[0]) causes.push(invalidValue('spec.clusterIPs[0]', b, 'may not change once set'));
  }
  if (!old && spec.clusterIP && spec.clusterIP !== 'None' && usedClusterIPs(store).has(spec.clusterIP)) {
    causes.push(invalidValue('spec.clusterIPs', spec.clusterIPs ?? [spec.clusterIP], `failed to allocate IP ${spec.clusterIP}: provided IP is already allocated`));
  }
  causes.push(...duplicatePorts(ports));
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installServicesAdmission(api: ApiRegistries): void {
  api.admission.register('services', {
    unknownFields: (obj) => [
      ...Object.keys(obj).filter((k) => !['apiVersion', 'kind', 'metadata', 'spec', 'status'].includes(k)),
      ...objectMetaUnknownFields(obj.metadata, 'metadata'),
    ],
    default: (obj, ctx, old) => defaultService(obj, ctx.store, ctx.random, old),
    validate: (obj, ctx, old) => validateService(obj, ctx.store, old),
  });
}
