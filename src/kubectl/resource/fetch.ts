/**
 * Reading objects the way kubectl's resource builder does: by name, or listed in a namespace
 * (or all of them) with `-l` and `--field-selector` applied server-side.
 */
import { ApiError, selectionFilter, type KubeObject, type ResourceType } from '../../sim/index.ts';
import type { Invocation } from '../cli/verb.ts';
import { keyOf } from './resolve.ts';

/** The `-l/--selector` and `--field-selector` strings ('' when not given). */
export function selectorsOf(inv: Invocation): { labelSelector: string; fieldSelector: string } {
  return {
    labelSelector: inv.flags.has('selector') ? inv.flags.str('selector') : '',
    fieldSelector: inv.flags.has('field-selector') ? inv.flags.str('field-selector') : '',
  };
}

/**
 * The filter built from `-l/--selector` and `--field-selector` (undefined = everything), as
 * the API server applies it to a list; bad selectors are the server's 400.
 */
export function selectorFilter(inv: Invocation, type?: ResourceType): ((o: KubeObject) => boolean) | undefined {
  const { labelSelector, fieldSelector } = selectorsOf(inv);
  return selectionFilter(type ? keyOf(type) : 'pods', labelSelector, fieldSelector);
}

/** Namespace to read from: undefined for cluster-scoped kinds and `-A`. */
export function namespaceFor(inv: Invocation, type: ResourceType, allNamespaces = false): string | undefined {
  if (!type.namespaced || allNamespaces) return undefined;
  return inv.namespace;
}

/** Lists objects of a type with the invocation's selectors. */
export function listObjects(inv: Invocation, type: ResourceType, allNamespaces = false): KubeObject[] {
  return inv.client.list(keyOf(type), { namespace: namespaceFor(inv, type, allNamespaces), ...selectorsOf(inv) }).items;
}

/** Gets one object by name; throws the API's NotFound. */
export function getObject(inv: Invocation, type: ResourceType, name: string): KubeObject {
  return withKind(inv.client.get(keyOf(type), namespaceFor(inv, type), name), type);
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
