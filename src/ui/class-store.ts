/**
 * Where the page finds the class code (see class-code.ts): built into the site
 * (<html data-class>), else `?class=CODE` in the address (remembered), else the remembered one.
 */
import { normalizeClassCode } from './class-code.ts';
import { courseKey, localStore, readJSON, removeKey, writeJSON } from './storage.ts';

/** `course:class` (under a sub-path `course@/base/:class`). */
export const CLASS_KEY = courseKey('class');

/** Remembers or forgets the code given in the address, if the address has `class=`. */
export function captureClassFromUrl(search: string = location.search, storage: Storage | undefined = localStore()): void {
  const params = new URLSearchParams(search);
  if (!params.has('class')) return;
  const code = normalizeClassCode(params.get('class'));
  if (code) writeJSON(CLASS_KEY, code, storage);
  else removeKey(CLASS_KEY, storage);
}

/** The class code in force on this page, or undefined outside a class. */
export function activeClassCode(doc: Document | undefined = globalThis.document, storage: Storage | undefined = localStore()): string | undefined {
  const built = normalizeClassCode(doc?.documentElement.dataset.class);
  if (built) return built;
  const stored = readJSON(CLASS_KEY, storage);
  return typeof stored === 'string' ? normalizeClassCode(stored) : undefined;
}
