/**
 * Field selectors (`--field-selector`), as apimachinery parses them (pkg/fields/selector.go)
 * and as each kind's registry exposes selectable fields (pkg/registry/<kind>/strategy.go).
 */
import { ApiError } from './errors.ts';
import { typeByKey } from './resources.ts';
import type { KubeObject } from './types.ts';

/** One `field<op>value` term. */
export interface FieldRequirement {
  field: string;
  operator: '=' | '==' | '!=';
  value: string;
}

/** A parsed field selector: every term must hold. */
export interface FieldSelector {
  requirements: FieldRequirement[];
  /** The text as given (for error messages). */
  text: string;
}

type Getter = (o: KubeObject) => string;

const META: Record<string, Getter> = {
  'metadata.name': (o) => o.metadata.name ?? '',
  'metadata.namespace': (o) => o.metadata.namespace ?? '',
};

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** Selectable fields per resource key, beyond metadata.name / metadata.namespace. */
const FIELDS: Record<string, Record<string, Getter>> = {
  pods: {
    'spec.nodeName': (o) => str(o.spec?.nodeName),
    'spec.restartPolicy': (o) => str(o.spec?.restartPolicy),
    'spec.schedulerName': (o) => str(o.spec?.schedulerName),
    'spec.serviceAccountName': (o) => str(o.spec?.serviceAccountName),
    'spec.hostNetwork': (o) => String(o.spec?.hostNetwork === true),
    'status.phase': (o) => str(o.status?.phase),
    'status.podIP': (o) => str(o.status?.podIPs?.[0]?.ip ?? o.status?.podIP),
    'status.nominatedNodeName': (o) => str(o.status?.nominatedNodeName),
  },
  events: {
    'involvedObject.kind': (o) => str((o.involvedObject as Record<string, unknown>)?.kind),
    'involvedObject.namespace': (o) => str((o.involvedObject as Record<string, unknown>)?.namespace),
    'involvedObject.name': (o) => str((o.involvedObject as Record<string, unknown>)?.name),
    'involvedObject.uid': (o) => str((o.involvedObject as Record<string, unknown>)?.uid),
    'involvedObject.apiVersion': (o) => str((o.involvedObject as Record<string, unknown>)?.apiVersion),
    'involvedObject.resourceVersion': (o) => str((o.involvedObject as Record<string, unknown>)?.resourceVersion),
    'involvedObject.fieldPath': (o) => str((o.involvedObject as Record<string, unknown>)?.fieldPath),
    reason: (o) => str(o.reason),
    reportingComponent: (o) => str(o.reportingComponent),
    source: (o) => str((o.source as Record<string, unknown>)?.component),
    type: (o) => str(o.type),
  },
  nodes: { 'spec.unschedulable': (o) => String(o.spec?.unschedulable === true) },
  namespaces: { 'status.phase': (o) => str(o.status?.phase) },
  secrets: { type: (o) => str(o.type) },
  services: { 'spec.clusterIP': (o) => str(o.spec?.clusterIP), 'spec.type': (o) => str(o.spec?.type) },
  'replicasets.apps': { 'status.replicas': (o) => str(o.status?.replicas ?? 0) },
  replicationcontrollers: { 'status.replicas': (o) => str(o.status?.replicas ?? 0) },
  'jobs.batch': { 'status.successful': (o) => str(o.status?.succeeded ?? 0) },
};

function getterFor(resource: string | undefined, field: string): Getter | undefined {
  if (META[field]) return META[field];
  if (resource === undefined) {
    for (const m of Object.values(FIELDS)) if (m[field]) return m[field];
    return undefined;
  }
  return FIELDS[resource]?.[field];
}

/** Splits on unescaped commas. */
function splitTerms(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      cur += c + text[++i];
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function unescape(v: string): string {
  return v.replace(/\\(.)/g, '$1');
}

/** Parses `--field-selector` text. Throws `Error` with apimachinery's message on bad syntax. */
export function parseFieldSelector(text: string): FieldSelector {
  const requirements: FieldRequirement[] = [];
  for (const term of splitTerms(text)) {
    if (term === '') continue;
    let found: FieldRequirement | undefined;
    for (let i = 0; i < term.length && !found; i++) {
      if (term[i] === '\\') {
        i++;
        continue;
      }
      for (const op of ['!=', '==', '='] as const) {
        if (term.startsWith(op, i)) {
          found = { field: term.slice(0, i), operator: op, value: unescape(term.slice(i + op.length)) };
          break;
        }
      }
    }
    if (!found) throw new Error(`invalid selector: '${text}'; can't understand '${term}'`);
    requirements.push(found);
  }
  return { requirements, text };
}

/** `/v1, Resource=pods`, `apps/v1, Resource=deployments`: how the server names a resource. */
function gvr(resource: string): string {
  const t = typeByKey(resource);
  if (!t) return `/v1, Resource=${resource}`;
  return `${t.group}/${t.version}, Resource=${t.plural}`;
}

/**
 * The 400 a list with selectors fails with, as kubectl words it (resource builder):
 * `Unable to find "/v1, Resource=pods" that match label selector "a in", field selector "":
 * <server message>`. Use it for label selector parse errors too.
 */
export function selectorListError(resource: string, labelSelectorText: string, fieldSelectorText: string, message: string): ApiError {
  return new ApiError(
    'BadRequest',
    `Unable to find "${gvr(resource)}" that match label selector "${labelSelectorText}", field selector "${fieldSelectorText}": ${message}`,
  );
}

/**
 * Checks that every field of `sel` is selectable on `resource` (store key). Throws the
 * server's 400: `Unable to find "/v1, Resource=pods" that match label selector "", field
 * selector "foo=bar": field label not supported: foo`.
 */
export function validateFieldSelector(sel: FieldSelector, resource: string, labelSelectorText = ''): void {
  for (const r of sel.requirements) {
    if (!getterFor(resource, r.field)) {
      throw selectorListError(resource, labelSelectorText, sel.text, `field label not supported: ${r.field}`);
    }
  }
}

/**
 * Parses and validates in one step, for the API server and kubectl: syntax errors and
 * unsupported fields both come back as a 400 ApiError worded like the server's.
 */
export function fieldSelectorFor(text: string, resource: string, labelSelectorText = ''): FieldSelector {
  let sel: FieldSelector;
  try {
    sel = parseFieldSelector(text);
  } catch (e) {
    throw selectorListError(resource, labelSelectorText, text, (e as Error).message);
  }
  validateFieldSelector(sel, resource, labelSelectorText);
  return sel;
}

/**
 * Whether `obj` satisfies every requirement. `resource` picks the kind's field set; without
 * it any known field name is tried. Unknown fields never match.
 */
export function fieldMatches(sel: FieldSelector, obj: KubeObject, resource?: string): boolean {
  for (const r of sel.requirements) {
    const g = getterFor(resource, r.field);
    if (!g) return false;
    const v = g(obj);
    if (r.operator === '!=' ? v === r.value : v !== r.value) return false;
  }
  return true;
}
