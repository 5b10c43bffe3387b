/**
 * Keys as data, never as a way into an object's prototype. API objects are plain JSON, and
 * JSON may carry any key, `__proto__` included (a ConfigMap key, a label in a patch, a field
 * of a hostile manifest). A plain `obj[key] = v` with that key would replace the object's
 * prototype instead of storing a field, and a read `obj[key]` of a missing `constructor`
 * would return a function; these helpers read and write own properties only.
 */

/** Keys that name a prototype path when read or written through `obj[key]`. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** `obj[key]` if `obj` has it as its own property, else undefined. */
export function getOwn(obj: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/** Whether `obj` has `key` as its own property (never through its prototype). */
export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Stores `value` under `key` as an own, enumerable data property, whatever the key. */
export function setOwn(obj: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else (obj as Record<string, unknown>)[key] = value;
}
