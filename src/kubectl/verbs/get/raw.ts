/**
 * `kubectl get --raw PATH`: the API server's response body as it sends it (compact JSON and a
 * newline) for the resource paths (`/api/v1/namespaces/default/pods/web`,
 * `/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers`), in the version the path
 * names, plus `/version` and the health endpoints. Fields come in the order the API types
 * declare them for the envelope and metadata; inside spec and status, in the object's own order.
 */
import { ApiError, resourceKey, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { serverVersionInfo } from '../version/version.ts';

const META_ORDER = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

/** Go field order of spec and status where it differs from the object's own (the HPA versions). */
const FIELD_ORDER: Record<string, { spec: string[]; status: string[] }> = {
  'autoscaling/v1/HorizontalPodAutoscaler': {
    spec: ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'targetCPUUtilizationPercentage'],
    status: ['observedGeneration', 'lastScaleTime', 'currentReplicas', 'desiredReplicas', 'currentCPUUtilizationPercentage'],
  },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    spec: ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'metrics', 'behavior'],
    status: ['observedGeneration', 'lastScaleTime', 'currentReplicas', 'desiredReplicas', 'currentMetrics', 'conditions'],
  },
};

function ordered(obj: Record<string, unknown>, order: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of order) if (obj[k] !== undefined) out[k] = obj[k];
  for (const [k, v] of Object.entries(obj)) if (!(k in out) && v !== undefined) out[k] = v;
  return out;
}

/** An object in the order of the Go struct: kind, apiVersion, metadata, spec, status, the rest. */
function wire(obj: KubeObject, withKind: boolean): Record<string, unknown> {
  const order = FIELD_ORDER[`${obj.apiVersion}/${obj.kind}`];
  const parts: Record<string, unknown> = { ...obj, metadata: ordered(obj.metadata as Record<string, unknown>, META_ORDER) };
  if (order && obj.spec) parts.spec = ordered(obj.spec, order.spec);
  // CrossVersionObjectReference: kind, name, apiVersion.
  if (order && obj.spec?.scaleTargetRef)
    (parts.spec as Record<string, unknown>).scaleTargetRef = ordered(obj.spec.scaleTargetRef, ['kind', 'name', 'apiVersion']);
  if (order && obj.status) parts.status = ordered(obj.status, order.status);
  const body = ordered(parts, ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
  if (!withKind) {
    delete body.kind;
    delete body.apiVersion;
  }
  return body;
}

const NOT_FOUND = () => new ApiError('NotFound', 'the server could not find the requested resource');

/** The resource type a path names, from the discovery document of the group-version it asks for. */
function typeFor(inv: Invocation, group: string, version: string, plural: string): ResourceType {
  const t = inv.client.discovery.resources(group ? `${group}/${version}` : version).find((r) => r.plural === plural);
  if (!t) throw NOT_FOUND();
  return t;
}

/** The body the API server answers GET `path` with (compact JSON); throws the ApiError it would answer with instead. */
export function rawBody(inv: Invocation, path: string): string {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  if (['/healthz', '/livez', '/readyz'].includes(clean)) return 'ok';
  // WriteRawJSON: indented, with no newline after it.
  if (clean === '/version') return JSON.stringify(serverVersionInfo(), null, 2);
  const m = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?$/.exec(clean);
  if (!m) throw NOT_FOUND();
  const [, coreVersion, group = '', groupVersion, ns, plural, name] = m;
  const version = coreVersion ?? groupVersion!;
  const t = typeFor(inv, group, version, plural!);
  if (ns && !t.namespaced) throw NOT_FOUND();
  const key = resourceKey(t);
  const apiVersion = group ? `${group}/${version}` : version;
  const convert = (o: KubeObject) => ({
    ...inv.client.inServedVersion(key, { ...o, apiVersion: `${t.group ? `${t.group}/` : ''}${t.version}`, kind: t.kind }, version),
    apiVersion,
    kind: t.kind,
  });
  if (name !== undefined) {
    if (!t.verbs.includes('get')) throw new ApiError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
    return `${JSON.stringify(wire(convert(inv.client.get(key, t.namespaced ? (ns ?? '') : '', name)), true))}\n`;
  }
  if (!t.verbs.includes('list')) throw new ApiError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
  const listed = inv.client.list(key, { namespace: t.namespaced ? ns : undefined });
  const items = listed.items.map((o) => wire(convert(o), false));
  const list = { kind: `${t.kind}List`, apiVersion, metadata: { resourceVersion: listed.metadata.resourceVersion }, items };
  return `${JSON.stringify(list)}\n`;
}

/** Runs `kubectl get --raw`; the checks are get.go's Complete and Validate, in their order. */
export function getRaw(inv: Invocation): number {
  const raw = inv.flags.str('raw');
  if (inv.args.length) throw new CliError('arguments may not be passed when --raw is specified');
  if (inv.flags.bool('watch') || inv.flags.bool('watch-only') || inv.flags.str('selector')) {
    throw new CliError('--raw may not be specified with other flags that filter the server request or alter the output');
  }
  if (inv.flags.str('output')) throw usageError('get', '--raw and --output are mutually exclusive');
  if (!raw.startsWith('/')) throw usageError('get', `--raw must be a valid URL path: parse "${raw}": invalid URI for request`);
  inv.out(rawBody(inv, raw));
  return 0;
}
