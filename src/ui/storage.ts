/**
 * localStorage as JSON, never throwing: private browsing, a full quota or a disabled storage
 * must cost the reader persistence, not the lesson, and the reader is told (see session.ts).
 *
 * Keys are prefixed by the site's base path, so two copies of the course on one origin
 * (`/k8s/` and `/k8s-advanced/`) keep apart: `course:` at the root (the keys the course has
 * always used), `course@/k8s/:` under a sub-path.
 */

/** The prefix of every key this copy of the course stores, from its base path. */
export function keyPrefix(base: string = baseUrl()): string {
  const b = base.endsWith('/') ? base : `${base}/`;
  return b === '/' ? 'course:' : `course@${b}:`;
}

/** `name` under this course's prefix (`courseKey('progress')` -> `course:progress` at the root). */
export function courseKey(name: string, base?: string): string {
  return keyPrefix(base) + name;
}

function baseUrl(): string {
  try {
    return import.meta.env?.BASE_URL ?? '/';
  } catch {
    return '/';
  }
}

/** The browser's localStorage, or undefined where it is missing or forbidden. */
export function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Result of reading a key: absent, parsed, or present but not JSON (corrupted). */
export type ReadResult = { state: 'missing' } | { state: 'ok'; value: unknown } | { state: 'corrupt' };

/** Reads `key`, telling a missing value from an unreadable one. */
export function readStored(key: string, storage: Storage | undefined = localStore()): ReadResult {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(key);
  } catch {
    return { state: 'missing' };
  }
  if (raw == null) return { state: 'missing' };
  try {
    return { state: 'ok', value: JSON.parse(raw) as unknown };
  } catch {
    return { state: 'corrupt' };
  }
}

/** Parsed JSON under `key`, or undefined (missing, unreadable or not JSON). */
export function readJSON(key: string, storage: Storage | undefined = localStore()): unknown {
  const r = readStored(key, storage);
  return r.state === 'ok' ? r.value : undefined;
}

/** Writes JSON under `key`; false when the storage refused (quota, disabled). */
export function writeJSON(key: string, value: unknown, storage: Storage | undefined = localStore()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Removes `key`, ignoring failures. */
export function removeKey(key: string, storage: Storage | undefined = localStore()): void {
  try {
    storage?.removeItem(key);
  } catch {
    /* nothing to keep */
  }
}
