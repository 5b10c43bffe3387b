/** jq's values: their types, order, indexing, and the error a filter raises. */
import { toJson, type JqVal } from './json.ts';

/** Where a value was found: keys and indices from the input; `false` when it is not a path (a computed value). */
export type Path = (string | number | Map<string, JqVal>)[];
export type PathState = Path | null | false;
export type Out = [JqVal, PathState];

/** An error a filter raises (`error(...)`, a bad index): its value, usually the message string. */
export class JqError extends Error {
  readonly value: JqVal;
  constructor(value: JqVal) {
    super(typeof value === 'string' ? value : toJson(value));
    this.value = value;
  }
}

export function typeName(v: JqVal): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Map) return 'object';
  return typeof v;
}

/** `type (value)` as jq's messages show a value: its JSON cut to 11 characters and `...` past 14 (jq's 15-byte buffer). */
export function describe(v: JqVal): string {
  let s = toJson(v);
  if (s.length > 14) s = s.slice(0, 11) + '...';
  return `${typeName(v)} (${s})`;
}

export function truthy(v: JqVal): boolean {
  return v !== null && v !== false;
}

const ORDER = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** jq's total order: null < false < true < numbers < strings < arrays < objects. */
export function cmp(a: JqVal, b: JqVal): number {
  const ta = ORDER.indexOf(typeName(a));
  const tb = ORDER.indexOf(typeName(b));
  if (ta !== tb) return ta - tb;
  if (typeof a === 'boolean') return Number(a) - Number(b as boolean);
  if (typeof a === 'number') return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (Array.isArray(a)) {
    const bb = b as JqVal[];
    for (let i = 0; i < Math.min(a.length, bb.length); i++) {
      const c = cmp(a[i]!, bb[i]!);
      if (c) return c;
    }
    return a.length - bb.length;
  }
  if (a instanceof Map) {
    const bm = b as Map<string, JqVal>;
    const ka = [...a.keys()].sort();
    const kb = [...bm.keys()].sort();
    const c = cmp(ka, kb);
    if (c) return c;
    for (const k of ka) {
      const d = cmp(a.get(k)!, bm.get(k)!);
      if (d) return d;
    }
  }
  return 0;
}

/** `.[key]` on `v`, with jq's errors. */
export function index(v: JqVal, key: JqVal): JqVal {
  if (typeof key === 'string') {
    if (v === null) return null;
    if (v instanceof Map) return v.has(key) ? v.get(key)! : null;
    throw new JqError(`Cannot index ${typeName(v)} with "${key}"`);
  }
  if (typeof key === 'number') {
    if (v === null) return null;
    if (Array.isArray(v)) {
      const i = Math.floor(key < 0 ? v.length + key : key);
      return i >= 0 && i < v.length ? v[i]! : null;
    }
    throw new JqError(`Cannot index ${typeName(v)} with number`);
  }
  if (key instanceof Map && (v === null || Array.isArray(v) || typeof v === 'string')) return slice(v, key.get('start') ?? null, key.get('end') ?? null);
  if (Array.isArray(key) && Array.isArray(v)) return indices(v, key);
  throw new JqError(`Cannot index ${typeName(v)} with ${typeName(key)}`);
}

export function indices(v: JqVal[], sub: JqVal[]): number[] {
  const out: number[] = [];
  if (!sub.length) return out;
  for (let i = 0; i + sub.length <= v.length; i++) if (sub.every((x, k) => cmp(v[i + k]!, x) === 0)) out.push(i);
  return out;
}

export function slice(v: JqVal, from: JqVal, to: JqVal): JqVal {
  if (v === null) return null;
  if (typeof v !== 'string' && !Array.isArray(v)) throw new JqError(`Cannot index ${typeName(v)} with object`);
  const len = v.length;
  const norm = (x: JqVal, dflt: number): number => {
    if (x === null) return dflt;
    if (typeof x !== 'number') throw new JqError('Start and end indices of an array slice must be numbers');
    const n = Math.floor(x < 0 ? len + x : x);
    return Math.max(0, Math.min(len, n));
  };
  const a = norm(from, 0);
  const b = Math.max(a, norm(to, len));
  return v.slice(a, b);
}
