/**
 * Reading objects the way kubectl's resource builder does: by name, or listed in a namespace
 * (or all of them) with `-l` and `--field-selector` applied server-side.
 */
import { ApiError, fieldMatches, fieldSelectorFor, matches, parseLabelSelector, type KubeObject, type ResourceType } from '../../sim/index.ts';
import type { Invocation } from '../cli/verb.ts';
import { keyOf } from './resolve.ts';

/**
 * The filter built from `-l/--selector` and `--field-selector` (undefined = everything), as
 * the API server applies it; bad selectors are the server's 400.
 */
export function selectorFilter(inv: Invocation, type?: ResourceType): ((o: KubeObject) => boolean) | undefined {
  const l = inv.flags.has('selector') ? inv.flags.str('selector') : '';
  const f = inv.flags.has('field-selector') ? inv.flags.str('field-selector') : '';
  if (!l && !f) return undefined;
  let ls: ReturnType<typeof parseLabelSelector> | undefined;
  try {
    ls = l ? parseLabelSelector(l) : undefined;
  } catch (e) {
    throw new ApiError('BadRequest', (e as Error).message);
  }
  const key = type ? keyOf(type) : undefined;
  const fs = f ? fieldSelectorFor(f, key ?? 'pods', l) : undefined;
  return (o) => (!ls || matches(ls, o.metadata.labels)) && (!fs || fieldMatches(fs, o, key));
}

/** Namespace to read from: undefined for cluster-scoped kinds and `-A`. */
export function namespaceFor(inv: Invocation, type: ResourceType, allNamespaces = false): string | undefined {
  if (!type.namespaced || allNamespaces) return undefined;
  return inv.namespace;
}

/** Lists objects of a type with the invocation's selectors. */
export function listObjects(inv: Invocation, type: ResourceType, allNamespaces = false): KubeObject[] {
  const filter = selectorFilter(inv, type);
  return inv.cluster.api.list(keyOf(type), { namespace: namespaceFor(inv, type, allNamespaces), filter });
}

/** Gets one object by name; throws the API's NotFound. */
export function getObject(inv: Invocation, type: ResourceType, name: string): KubeObject {
  return withKind(inv.cluster.api.get(keyOf(type), namespaceFor(inv, type), name), type);
}

/** Objects as kubectl shows them always carry apiVersion and kind. */
export function withKind(obj: KubeObject, type: ResourceType): KubeObject {
  if (obj.apiVersion && obj.kind) return obj;
  return { ...obj, apiVersion: type.group ? `${type.group}/${type.version}` : type.version, kind: type.kind };
}

/** Whether an error is the API's NotFound. */
export function isNotFound(e: unknown): e is ApiError {
  return e instanceof ApiError && e.reason === 'NotFound';
}
