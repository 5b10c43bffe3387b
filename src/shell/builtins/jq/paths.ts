/** Reading, setting and deleting values at paths, for `getpath`, `|=`, `=` and `del`. */
import type { JqVal } from './json.ts';
import { cmp, index, JqError, typeName, type Path } from './values.ts';

/** getpath: the value at `p` (null where the path runs out). */
export function getpath(v: JqVal, p: Path): JqVal {
  let cur = v;
  for (const k of p) {
    if (cur === null) return null;
    cur = index(cur, k as JqVal);
  }
  return cur;
}

/** setpath: `v` with the value at `p` replaced, creating objects and arrays on the way. */
export function setpath(v: JqVal, p: Path, x: JqVal): JqVal {
  if (!p.length) return x;
  const [k, ...rest] = p;
  if (typeof k === 'string') {
    if (v !== null && !(v instanceof Map)) throw new JqError(`Cannot index ${typeName(v)} with "${k}"`);
    const m = new Map(v ?? []);
    m.set(k, setpath(m.get(k) ?? null, rest, x));
    return m;
  }
  if (typeof k === 'number') {
    if (v !== null && !Array.isArray(v)) throw new JqError(`Cannot index ${typeName(v)} with number`);
    const a = [...(v ?? [])];
    const i = k < 0 ? a.length + k : k;
    if (i < 0) throw new JqError('Out of bounds negative array index');
    while (a.length < i) a.push(null);
    a[i] = setpath(a[i] ?? null, rest, x);
    return a;
  }
  // A slice.
  if (v !== null && !Array.isArray(v)) throw new JqError(`Cannot update field at object index of ${typeName(v)}`);
  const arr = v ?? [];
  const len = arr.length;
  const s = k!.get('start');
  const e = k!.get('end');
  const a0 = s === null || s === undefined ? 0 : Math.max(0, Math.min(len, (s as number) < 0 ? len + (s as number) : (s as number)));
  const b0 = e === null || e === undefined ? len : Math.max(a0, Math.min(len, (e as number) < 0 ? len + (e as number) : (e as number)));
  const repl = setpath(arr.slice(a0, b0), rest, x);
  if (!Array.isArray(repl)) throw new JqError('A slice of an array can only be assigned another array');
  return [...arr.slice(0, a0), ...repl, ...arr.slice(b0)];
}

/** delpaths: `v` without the values at `paths` (longest first, so indices stay right). */
export function delpaths(v: JqVal, paths: Path[]): JqVal {
  const sorted = [...paths].sort((x, y) => cmp(y as JqVal, x as JqVal));
  for (const p of sorted) v = delpath(v, p);
  return v;
}

function delpath(v: JqVal, p: Path): JqVal {
  if (v === null) return null;
  if (!p.length) return null;
  const [k, ...rest] = p;
  if (rest.length) {
    const child = index(v, k as JqVal);
    if (child === null) return v;
    return setpath(v, [k!], delpath(child, rest));
  }
  if (typeof k === 'string') {
    if (!(v instanceof Map)) throw new JqError(`Cannot delete field at object index of ${typeName(v)}`);
    const m = new Map(v);
    m.delete(k);
    return m;
  }
  if (typeof k === 'number') {
    if (!Array.isArray(v)) throw new JqError(`Cannot delete field at index of ${typeName(v)}`);
    const i = k < 0 ? v.length + k : k;
    return v.filter((_, j) => j !== i);
  }
  if (!Array.isArray(v)) throw new JqError(`Cannot delete slice of ${typeName(v)}`);
  const len = v.length;
  const s = (k!.get('start') as number | null) ?? 0;
  const e = (k!.get('end') as number | null) ?? len;
  const a0 = Math.max(0, Math.min(len, s < 0 ? len + s : s));
  const b0 = Math.max(a0, Math.min(len, e < 0 ? len + e : e));
  return [...v.slice(0, a0), ...v.slice(b0)];
}
