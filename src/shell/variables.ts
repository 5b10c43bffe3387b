/**
 * The shell's variables beyond plain strings: indexed and associative arrays, the integer
 * attribute (`declare -i`), and the one place a value is assigned (`NAME=v`, `NAME[k]=v`,
 * `NAME+=v`, `((NAME=...))`, `read`, `for`), so every way of assigning treats arrays and
 * integers alike, as bash does.
 */
import type { ArithScope } from '../shell-grammar/arith.ts';
import { ArithError } from '../shell-grammar/arith-error.ts';
import { arithCode } from './shell-code.ts';
import { ansiCQuote, hasControl } from './shell-quote.ts';

/** An indexed array (sparse: `a[5]=x` leaves 1-4 unset) or an associative one. */
export type ShellArray = { assoc: false; items: Map<number, string> } | { assoc: true; items: Map<string, string> };

/** What an assignment reads and changes: the shell's scalars, arrays and integer names. */
export interface VariableStore {
  vars: Record<string, string>;
  arrays: Map<string, ShellArray>;
  integers: Set<string>;
  /** Names with the readonly attribute (`readonly`, `declare -r`): assigning or unsetting them fails. */
  readonly?: Set<string>;
}

/** A bad subscript or an arithmetic error in an integer assignment: bash's message without `bash: `. */
export class AssignError extends Error {}

/** An assignment to a readonly variable: `NAME: readonly variable`. */
export class ReadonlyError extends AssignError {
  constructor(variable: string) {
    super(`${variable}: readonly variable`);
  }
}

/** Throws ReadonlyError when `name` is readonly in `store`. */
export function checkWritable(store: VariableStore, name: string): void {
  if (store.readonly?.has(name)) throw new ReadonlyError(name);
}

export function newArray(assoc: boolean): ShellArray {
  return assoc ? { assoc: true, items: new Map() } : { assoc: false, items: new Map() };
}

export function copyArray(a: ShellArray): ShellArray {
  return a.assoc ? { assoc: true, items: new Map(a.items) } : { assoc: false, items: new Map(a.items) };
}

/** The keys in the order bash lists them: ascending indices, or an associative array's hash order. */
export function arrayKeys(a: ShellArray): string[] {
  if (!a.assoc) return [...a.items.keys()].sort((x, y) => x - y).map(String);
  return assocOrder([...a.items.keys()]);
}

/** The values in key order. */
export function arrayValues(a: ShellArray): string[] {
  return a.assoc ? arrayKeys(a).map((k) => a.items.get(k)!) : [...a.items.entries()].sort((x, y) => x[0] - y[0]).map((e) => e[1]);
}

/**
 * bash keeps an associative array in a hash table of 1024 buckets (FNV-1 of the key), newest
 * first within a bucket, and lists it bucket by bucket: `${!m[@]}` comes out in that order.
 * `keys` is in insertion order.
 */
function assocOrder(keys: string[]): string[] {
  const bucket = (k: string): number => {
    let h = 2166136261;
    for (const byte of utf8(k)) h = (Math.imul(h, 16777619) >>> 0) ^ byte;
    return (h >>> 0) & 1023;
  };
  return keys
    .map((k, n) => ({ k, b: bucket(k), n }))
    .sort((x, y) => x.b - y.b || y.n - x.n)
    .map((e) => e.k);
}

/** The UTF-8 bytes of `s` (bash hashes bytes, not UTF-16 units). */
function utf8(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** The highest index of an indexed array, -1 when it is empty. */
function maxIndex(a: ShellArray): number {
  let max = -1;
  if (!a.assoc) for (const k of a.items.keys()) if (k > max) max = k;
  return max;
}

/** An indexed array's subscript, counting negative ones from the end; undefined when out of range. */
export function resolveIndex(a: ShellArray, index: number): number | undefined {
  if (index >= 0) return index;
  const k = maxIndex(a) + 1 + index;
  return k < 0 ? undefined : k;
}

/** `${NAME[KEY]}`: the element, or for a scalar NAME its value at key 0. */
export function elementOf(store: VariableStore, name: string, key: string | number): string | undefined {
  const a = store.arrays.get(name);
  if (!a) return key === 0 || key === '0' ? store.vars[name] : undefined;
  if (a.assoc) return a.items.get(String(key));
  const k = resolveIndex(a, Number(key));
  if (k === undefined) throw new AssignError(`${name}: bad array subscript`);
  return a.items.get(k);
}

/** Where an assignment goes: NAME, NAME[KEY] (KEY already evaluated), and whether it appends. */
export interface AssignTarget {
  name: string;
  key?: string | number;
  append?: boolean;
}

/** Assigns `value`, as `NAME=value`, `NAME[KEY]=value` or `NAME+=value` would. */
export function assign(store: VariableStore, t: AssignTarget, value: string): void {
  checkWritable(store, t.name);
  const a = store.arrays.get(t.name);
  const key = t.key ?? (a ? (a.assoc ? '0' : 0) : undefined);
  if (key === undefined) {
    const old = store.vars[t.name];
    store.vars[t.name] = integerValue(store, t.name, value, t.append ? old : undefined);
    return;
  }
  const arr = a ?? toArray(store, t.name);
  if (arr.assoc) {
    const k = String(key);
    arr.items.set(k, integerValue(store, t.name, value, t.append ? arr.items.get(k) : undefined));
    return;
  }
  const k = resolveIndex(arr, Number(key));
  if (k === undefined) throw new AssignError(`${t.name}[${key}]: bad array subscript`);
  arr.items.set(k, integerValue(store, t.name, value, t.append ? arr.items.get(k) : undefined));
}

/** `NAME=(...)` (or `NAME+=(...)`): elements, each with an explicit `[KEY]=` or the next index. */
export function assignArray(store: VariableStore, name: string, items: { key?: string; value: string }[], append: boolean, assoc?: boolean): void {
  checkWritable(store, name);
  const old = store.arrays.get(name);
  const arr = append && old ? old : append && store.vars[name] !== undefined ? toArray(store, name) : newArray(assoc ?? old?.assoc ?? false);
  store.arrays.set(name, arr);
  delete store.vars[name];
  let next = maxIndex(arr) + 1;
  for (let n = 0; n < items.length; n++) {
    const item = items[n]!;
    if (arr.assoc) {
      // Without `[KEY]=`, bash 5.2 takes the words as key, value pairs.
      if (item.key !== undefined) arr.items.set(item.key, integerValue(store, name, item.value));
      else arr.items.set(item.value, integerValue(store, name, items[++n]?.value ?? ''));
      continue;
    }
    let k = next;
    if (item.key !== undefined) {
      // The callers with keys have loaded the arithmetic (assign.ts, `declare`).
      const n = resolveIndex(arr, Number(arithCode.now().evalArith(item.key, arithScope(store))));
      if (n === undefined) throw new AssignError(`${name}[${item.key}]: bad array subscript`);
      k = n;
    }
    arr.items.set(k, integerValue(store, name, item.value));
    next = k + 1;
  }
}

/** Turns scalar NAME (set or not) into an indexed array holding its value at 0. */
function toArray(store: VariableStore, name: string): ShellArray {
  const arr = newArray(false);
  const v = store.vars[name];
  if (v !== undefined) (arr as { items: Map<number, string> }).items.set(0, v);
  delete store.vars[name];
  store.arrays.set(name, arr);
  return arr;
}

/** With the integer attribute, the value is evaluated (and `+=` adds); otherwise `+=` concatenates. */
function integerValue(store: VariableStore, name: string, value: string, old?: string): string {
  if (!store.integers.has(name)) return (old ?? '') + value;
  const scope = arithScope(store);
  // Only `declare -i` (whose builtin loads the arithmetic with it) gives a name the attribute.
  const { evalArith } = arithCode.now();
  try {
    const v = evalArith(value, scope);
    return String(old === undefined ? v : BigInt.asIntN(64, evalArith(old, scope) + v));
  } catch (e) {
    if (e instanceof ArithError) throw new AssignError(e.message);
    throw e;
  }
}

/** The arithmetic evaluator's view of the variables: `x`, `a[i]`, and assignments to either. */
export function arithScope(store: VariableStore, special?: (name: string) => string | undefined): ArithScope {
  return {
    get: (name, key) => {
      if (key !== undefined) return elementOf(store, name, typeof key === 'bigint' ? Number(key) : key);
      const a = store.arrays.get(name);
      if (a) return a.assoc ? a.items.get('0') : a.items.get(0);
      return store.vars[name] ?? special?.(name);
    },
    set: (name, value, key) => assign(store, { name, key: typeof key === 'bigint' ? Number(key) : key }, value),
    isAssoc: (name) => store.arrays.get(name)?.assoc === true,
  };
}

/** `unset NAME` or `unset 'NAME[KEY]'` (KEY evaluated); false for a bad subscript. */
export function unsetVariable(store: VariableStore, name: string, key?: string | number): void {
  if (key === undefined) {
    delete store.vars[name];
    store.arrays.delete(name);
    store.integers.delete(name);
    return;
  }
  const a = store.arrays.get(name);
  if (!a) {
    if (key === 0 || key === '0') delete store.vars[name];
    return;
  }
  if (a.assoc) a.items.delete(String(key));
  else {
    const k = resolveIndex(a, Number(key));
    if (k === undefined) throw new AssignError(`${name}[${key}]: bad array subscript`);
    a.items.delete(k);
  }
}

/** A value quoted as `declare -p` prints it: `"..."` with `\`, `"`, `$` and backquote escaped, or `$'...'` when it has control characters. */
export function declareQuote(value: string): string {
  if (hasControl(value)) return ansiCQuote(value);
  return '"' + value.replace(/(["\\$`])/g, '\\$1') + '"';
}

/** An associative array's key as `declare -p` prints it: bare when it is a plain word. */
function declareKey(k: string): string {
  return /^[A-Za-z0-9_.:@%+,/-]+$/.test(k) ? k : declareQuote(k);
}

/** `declare -p NAME`'s line, or undefined when NAME is not set. `exported`: shown with `-x`. */
export function declareLine(store: VariableStore, name: string, exported: boolean): string | undefined {
  const a = store.arrays.get(name);
  let flags = a ? (a.assoc ? 'A' : 'a') : '';
  if (store.integers.has(name)) flags += 'i';
  if (store.readonly?.has(name)) flags += 'r';
  if (exported && !a) flags += 'x';
  const head = `declare -${flags || '-'} ${name}`;
  if (a) {
    const keys = arrayKeys(a);
    if (a.assoc) return `${head}=(${keys.map((k) => `[${declareKey(k)}]=${declareQuote(a.items.get(k)!)} `).join('')})`;
    return `${head}=(${keys.map((k) => `[${k}]=${declareQuote(a.items.get(Number(k))!)}`).join(' ')})`;
  }
  const v = store.vars[name];
  if (v === undefined) return store.integers.has(name) || store.readonly?.has(name) || exported ? head : undefined;
  return `${head}=${declareQuote(v)}`;
}
