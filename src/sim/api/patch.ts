/**
 * The three patch kinds `kubectl patch --type` sends, applied as the API server applies them:
 * strategic merge (built-in kinds: maps merge, lists keyed by their merge key merge item by
 * item, `null` deletes, `$patch: delete|replace` directives), JSON merge (RFC 7386) and
 * JSON patch (RFC 6902: add, remove, replace, move, copy, test).
 */

import { getOwn, hasOwn, setOwn } from './own-keys.ts';

type Json = unknown;
type JsonMap = Record<string, Json>;

function isMap(v: Json): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Merge keys of the built-in kinds' lists, by field name (Kubernetes' patchMergeKey tags). */
const MERGE_KEY: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  imagePullSecrets: 'name',
  resourceClaims: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  hostAliases: 'ip',
  conditions: 'type',
  ownerReferences: 'uid',
  topologySpreadConstraints: 'topologyKey',
};

/** Lists of scalars that merge as sets rather than being replaced. */
const SET_LISTS = new Set(['finalizers']);

function mergeKeyFor(field: string, items: Json[]): string | undefined {
  // `ports` is keyed by containerPort in a container and by port in a Service.
  if (field === 'ports') return items.some((i) => isMap(i) && 'containerPort' in i) ? 'containerPort' : 'port';
  return MERGE_KEY[field];
}

function mergeKeyedList(base: Json[], patch: Json[], key: string): Json[] {
  const byKey = (list: Json[], k: Json) => list.find((i) => isMap(i) && getOwn(i, key) === k);
  const deleted = new Set<Json>();
  const fromPatch: Json[] = [];
  for (const p of patch) {
    if (!isMap(p)) continue;
    if (p.$patch === 'delete') {
      deleted.add(p[key]);
      continue;
    }
    const match = byKey(base, p[key]);
    fromPatch.push(match === undefined ? stripDirectives(p) : strategicPatch(match, p));
  }
  // Patch order first, then the items the patch did not mention, in their server order.
  const mentioned = new Set(patch.filter(isMap).map((p) => p[key]));
  const rest = base.filter((b) => !(isMap(b) && (mentioned.has(b[key]) || deleted.has(b[key]))));
  return [...fromPatch, ...rest];
}

function stripDirectives(v: Json): Json {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const [k, x] of Object.entries(v)) if (!k.startsWith('$') && x !== null) setOwn(out, k, stripDirectives(x));
  return out;
}

/** `patch` applied to `base` as a strategic merge patch (neither is modified; undefined = delete). */
export function strategicPatch(base: Json, patch: Json, field = ''): Json {
  if (patch === null) return undefined;
  if (isMap(patch)) {
    if (patch.$patch === 'replace') return stripDirectives(patch);
    if (patch.$patch === 'delete') return undefined;
    const out: JsonMap = isMap(base) ? { ...base } : {};
    for (const [k, v] of Object.entries(patch)) {
      if (k.startsWith('$')) continue;
      const merged = strategicPatch(getOwn(out, k), v, k);
      if (merged === undefined) delete out[k];
      else setOwn(out, k, merged);
    }
    return out;
  }
  if (Array.isArray(patch)) {
    const list = Array.isArray(base) ? base : [];
    const key = mergeKeyFor(field, patch);
    if (key && patch.every(isMap)) return mergeKeyedList(list, patch, key);
    if (SET_LISTS.has(field)) return [...list, ...patch.filter((p) => !list.includes(p))];
    return stripDirectives(patch);
  }
  return patch;
}

/** RFC 7386 JSON merge patch: maps merge, `null` deletes, everything else replaces. */
export function mergePatch(base: Json, patch: Json): Json {
  if (!isMap(patch)) return patch;
  const out: JsonMap = isMap(base) ? { ...base } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, mergePatch(getOwn(out, k), v));
  }
  return out;
}

/** A JSON patch that does not apply (the server answers 422 without details). */
export class JsonPatchError extends Error {}

function pointer(path: unknown): string[] {
  if (typeof path !== 'string') throw new JsonPatchError('missing path');
  if (path === '') return [];
  if (!path.startsWith('/')) throw new JsonPatchError(`invalid path ${path}`);
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(doc: Json, parts: string[]): { parent: Json; last: string } {
  let cur = doc;
  for (const p of parts.slice(0, -1)) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(p) ? cur[Number(p)] : undefined;
    else if (isMap(cur)) cur = getOwn(cur, p);
    else cur = undefined;
    if (cur === undefined) throw new JsonPatchError(`doc is missing path: ${p}`);
  }
  return { parent: cur, last: parts[parts.length - 1]! };
}

function getAt(doc: Json, parts: string[]): Json {
  if (!parts.length) return doc;
  const { parent, last } = parentOf(doc, parts);
  const v = Array.isArray(parent) ? (/^\d+$/.test(last) ? parent[Number(last)] : undefined) : isMap(parent) ? getOwn(parent, last) : undefined;
  if (v === undefined) throw new JsonPatchError(`doc is missing key: ${last}`);
  return v;
}

function arrayIndex(arr: Json[], last: string, forAdd: boolean): number {
  if (forAdd && last === '-') return arr.length;
  if (!/^\d+$/.test(last)) throw new JsonPatchError(`invalid array index ${last}`);
  const i = Number(last);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new JsonPatchError(`index out of range: ${i}`);
  return i;
}

function remove(doc: Json, parts: string[]): Json {
  const { parent, last } = parentOf(doc, parts);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, last, false), 1)[0];
  if (!isMap(parent) || !hasOwn(parent, last)) throw new JsonPatchError(`doc is missing key: ${last}`);
  const v = parent[last];
  delete parent[last];
  return v;
}

function add(doc: Json, parts: string[], value: Json, replace: boolean): Json {
  if (!parts.length) return value;
  const { parent, last } = parentOf(doc, parts);
  if (Array.isArray(parent)) {
    const i = arrayIndex(parent, last, !replace);
    parent.splice(i, replace ? 1 : 0, value);
  } else if (isMap(parent)) {
    if (replace && !hasOwn(parent, last)) throw new JsonPatchError(`doc is missing key: ${last}`);
    setOwn(parent, last, value);
  } else throw new JsonPatchError(`doc is missing path: ${last}`);
  return doc;
}

/** Applies RFC 6902 operations to a copy of `base`; throws JsonPatchError when one does not apply. */
export function jsonPatch(base: Json, ops: Json): Json {
  if (!Array.isArray(ops)) throw new JsonPatchError('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let doc = JSON.parse(JSON.stringify(base)) as Json;
  for (const op of ops) {
    if (!isMap(op)) throw new JsonPatchError('invalid operation');
    const parts = pointer(op.path);
    const value = JSON.parse(JSON.stringify(op.value ?? null)) as Json;
    switch (op.op) {
      case 'add':
        doc = add(doc, parts, value, false);
        break;
      case 'replace':
        getAt(doc, parts);
        doc = add(doc, parts, value, true);
        break;
      case 'remove':
        remove(doc, parts);
        break;
      case 'move':
      case 'copy': {
        const from = pointer(op.from);
        const v = op.op === 'move' ? remove(doc, from) : JSON.parse(JSON.stringify(getAt(doc, from)));
        doc = add(doc, parts, v, false);
        break;
      }
      case 'test':
        if (JSON.stringify(getAt(doc, parts)) !== JSON.stringify(op.value)) throw new JsonPatchError('testing value failed');
        break;
      default:
        throw new JsonPatchError(`Unexpected kind: ${String(op.op)}`);
    }
  }
  return doc;
}
