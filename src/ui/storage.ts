/**
 * localStorage as JSON, never throwing: private browsing, a full quota or a disabled storage
 * must cost the reader persistence, not the lesson.
 */

/** The browser's localStorage, or undefined where it is missing or forbidden. */
export function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Parsed JSON under `key`, or undefined (missing, unreadable or not JSON). */
export function readJSON(key: string, storage: Storage | undefined = localStore()): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
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
