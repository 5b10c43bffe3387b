/**
 * `kubectl expose (TYPE NAME | TYPE/NAME | -f FILE) [--port] [--target-port] [--type] [--name]`
 * (expose.go): a Service for a Pod, Service, Deployment, ReplicaSet or ReplicationController,
 * with the selector, ports, protocols and labels taken from the object unless given
 * (`service/web exposed`).
 */
import { ApiError, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { withKind } from '../../resource/fetch.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { keyOf, parseRequests, resolveType } from '../../resource/resolve.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const EXPOSABLE = new Set(['Pod', 'Service', 'Deployment', 'ReplicaSet', 'ReplicationController']);

interface Source {
  type: ResourceType;
  obj: KubeObject;
  namespace: string | undefined;
}

function sources(inv: Invocation): Source[] {
  if (inv.flags.list('filename').length) {
    return readManifests(inv).map((m) => ({ type: m.type, obj: m.obj, namespace: manifestNamespace(inv, m) }));
  }
  if (!inv.args.length) throw new CliError(NO_RESOURCES);
  const out: Source[] = [];
  for (const r of parseRequests(inv.args)) {
    if (!r.names) throw new CliError('resource(s) were provided, but no name was specified');
    const ns = r.type.namespaced ? inv.namespace : undefined;
    for (const name of r.names) out.push({ type: r.type, obj: withKind(inv.client.get(keyOf(r.type), ns, name), r.type), namespace: ns });
  }
  return out;
}

function podSpecOf(obj: KubeObject): Any {
  return obj.kind === 'Pod' ? obj.spec : (obj.spec as Any)?.template?.spec;
}

/** The object's selector as `k=v,...` (MapBasedSelectorForObject). */
function selectorOf(obj: KubeObject): string {
  const spec: Any = obj.spec ?? {};
  let map: Record<string, string> | undefined;
  switch (obj.kind) {
    case 'Pod':
      map = obj.metadata.labels;
      if (!map || !Object.keys(map).length) throw new CliError('the pod has no labels and cannot be exposed');
      break;
    case 'Service':
      map = spec.selector;
      if (!map) throw new CliError('the service has no pod selector set');
      break;
    case 'ReplicationController':
      map = spec.selector;
      break;
    default:
      if (spec.selector?.matchExpressions?.length) {
        throw new CliError(`couldn't convert expressions - "${JSON.stringify(spec.selector.matchExpressions)}" to map-based selector format`);
      }
      map = spec.selector?.matchLabels;
  }
  return Object.entries(map ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/** Ports and their protocols as the object declares them (PortsForObject, ProtocolsForObject). */
function portsOf(obj: KubeObject): { ports: string[]; protocols: Map<string, string[]> } {
  const list: { port: number; protocol?: string }[] = [];
  if (obj.kind === 'Service') for (const p of ((obj.spec as Any)?.ports ?? []) as Any[]) list.push({ port: p.port, protocol: p.protocol });
  else for (const c of (podSpecOf(obj)?.containers ?? []) as Any[]) for (const p of (c.ports ?? []) as Any[]) list.push({ port: p.containerPort, protocol: p.protocol });
  const ports: string[] = [];
  const protocols = new Map<string, string[]>();
  for (const p of list) {
    const key = String(p.port);
    if (!ports.includes(key)) ports.push(key);
    const protos = protocols.get(key) ?? [];
    const proto = p.protocol ?? 'TCP';
    if (!protos.includes(proto)) protos.push(proto);
    protocols.set(key, protos);
  }
  return { ports, protocols };
}

function parseLabels(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of s.split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) throw new CliError(`invalid label spec: ${part}`);
    out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

function intOrString(s: string): number | string {
  return /^-?\d+$/.test(s) ? Number(s) : s;
}

/** The Service expose.go's createService builds. */
function buildService(inv: Invocation, src: Source): KubeObject {
  const f = inv.flags;
  const obj = src.obj;
  if (!EXPOSABLE.has(obj.kind ?? '')) throw new CliError(`cannot expose a ${obj.kind}${src.type.group ? '.' + src.type.group : ''}`);
  const selector = f.str('selector') || selectorOf(obj);
  if (!selector) throw new CliError("couldn't retrieve selectors via --selector flag or introspection: selector must be specified");
  const headless = f.str('cluster-ip') === 'None';
  const introspected = portsOf(obj);
  let portList = f.str('port') ? [f.str('port')] : introspected.ports;
  if (!portList.length && !headless) throw new CliError("couldn't find port via --port flag or introspection");
  const protocol = f.str('protocol');
  const ports: Any[] = [];
  portList = portList.flatMap((p) => p.split(','));
  portList.forEach((portText, i) => {
    const port = Number(portText);
    if (!/^\d+$/.test(portText)) throw new CliError(`strconv.Atoi: parsing "${portText}": invalid syntax`);
    const name = portList.length > 1 ? `port-${i + 1}` : f.str('port-name') || undefined;
    const protos = introspected.protocols.get(portText);
    if (!protocol && protos && protos.length > 1) {
      for (const pr of protos) ports.push({ name: `port-${i + 1}-${pr.toLowerCase()}`, port, protocol: pr });
      return;
    }
    ports.push({ ...(name ? { name } : {}), port, protocol: protocol || protos?.[0] || 'TCP' });
  });
  const target = f.str('target-port');
  for (const p of ports) p.targetPort = target ? intOrString(target) : p.port;
  const labels = f.str('labels') ? parseLabels(f.str('labels')) : obj.metadata.labels;
  const spec: Any = {};
  if (headless) spec.clusterIP = 'None';
  else if (f.str('cluster-ip')) spec.clusterIP = f.str('cluster-ip');
  if (f.str('external-ip')) spec.externalIPs = [f.str('external-ip')];
  if (f.str('load-balancer-ip') && f.str('type') === 'LoadBalancer') spec.loadBalancerIP = f.str('load-balancer-ip');
  if (ports.length) spec.ports = ports;
  spec.selector = parseLabels(selector);
  const affinity = f.str('session-affinity');
  if (affinity) {
    if (affinity !== 'None' && affinity !== 'ClientIP') throw new CliError(`unknown session affinity: ${affinity}`);
    spec.sessionAffinity = affinity;
  }
  if (f.str('type')) spec.type = f.str('type');
  const name = f.str('name') || (obj.metadata.name ?? '').slice(0, 63);
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { creationTimestamp: null as unknown as string, ...(labels && Object.keys(labels).length ? { labels } : {}), name },
    spec,
    status: { loadBalancer: {} },
  };
}

async function run(inv: Invocation): Promise<number> {
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  for (const src of sources(inv)) {
    const svc = buildService(inv, src);
    if (dry === 'client') {
      if (src.namespace && inv.namespaceExplicit) svc.metadata.namespace = src.namespace;
      printWritten(inv, resolveType('services'), svc, 'exposed', dry);
      continue;
    }
    const input: KubeObject = { ...svc, metadata: { ...svc.metadata, namespace: src.namespace ?? inv.namespace } };
    delete (input.metadata as Any).creationTimestamp;
    delete input.status;
    try {
      const res = inv.client.create('services', input, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
      printWarnings(inv, res.warnings);
      printWritten(inv, resolveType('services'), res.object, 'exposed', dry);
    } catch (e) {
      if (e instanceof ApiError) throw new CliError(formatApiError(e), { plain: true });
      throw e;
    }
  }
  return 0;
}

registerVerb({
  name: 'expose',
  short: 'Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service',
  run,
  complete: completeResources,
});
