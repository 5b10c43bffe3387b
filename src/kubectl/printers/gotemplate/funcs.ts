/**
 * The functions kubectl's go-template printer offers: Go's text/template builtins (`len`,
 * `index`, `printf`, `eq`, ...) and kubectl's `exists` and `base64decode`. `and`/`or` are
 * evaluated lazily by the executor.
 */
import { ArityError, byteLength, ExecError, GoLit, goPrint, goType, isInt, isTrue, plain, utf8Bytes, utf8Decode } from './values.ts';
import { sprintf } from './printf.ts';

type Fn = (args: unknown[]) => unknown;

const BAD_CMP = 'incompatible types for comparison';

function kindOf(v: unknown): 'int' | 'float' | 'string' | 'bool' | 'invalid' | 'other' {
  const p = plain(v);
  if (p === undefined || p === null) return 'invalid';
  if (typeof p === 'number') return isInt(v) ? 'int' : 'float';
  if (typeof p === 'string') return 'string';
  if (typeof p === 'boolean') return 'bool';
  return 'other';
}

function eq(args: unknown[]): boolean {
  if (args.length < 2) throw new ExecError('missing argument for comparison');
  const k1 = kindOf(args[0]);
  if (k1 === 'other') throw new ExecError('invalid type for comparison');
  for (const b of args.slice(1)) {
    const k2 = kindOf(b);
    if (k2 === 'other') throw new ExecError('invalid type for comparison');
    if (k1 !== k2) {
      if (k1 !== 'invalid' && k2 !== 'invalid') throw new ExecError(BAD_CMP);
      continue;
    }
    if (plain(args[0]) === plain(b)) return true;
  }
  return false;
}

function lt(args: unknown[]): boolean {
  if (args.length !== 2) throw new ArityError(`wrong number of args for lt: want 2 got ${args.length}`);
  const [a, b] = args;
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (!['int', 'float', 'string'].includes(ka) || !['int', 'float', 'string'].includes(kb)) throw new ExecError('invalid type for comparison');
  if (ka !== kb) throw new ExecError(BAD_CMP);
  return (plain(a) as number) < (plain(b) as number);
}

function length(args: unknown[]): number {
  const v = args[0];
  if (v === undefined || v === null) throw new ExecError('reflect: call of reflect.Value.Type on zero Value');
  if (typeof v === 'string') return byteLength(v);
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'object' && !(v instanceof GoLit)) return Object.keys(v).length;
  throw new ExecError(`len of type ${goType(v)}`);
}

function index(args: unknown[]): unknown {
  let item = args[0];
  if (item === undefined || item === null) throw new ExecError('index of untyped nil');
  for (const raw of args.slice(1)) {
    const key = plain(raw);
    if (Array.isArray(item)) {
      if (!isInt(raw)) throw new ExecError(`cannot index slice/array with type ${goType(raw)}`);
      const n = key as number;
      if (n < 0 || n >= item.length) throw new ExecError(`index out of range: ${n}`);
      item = item[n];
    } else if (typeof item === 'string') {
      if (!isInt(raw)) throw new ExecError(`cannot index slice/array with type ${goType(raw)}`);
      const bytes = utf8Bytes(item);
      const n = key as number;
      if (n < 0 || n >= bytes.length) throw new ExecError(`index out of range: ${n}`);
      item = new GoLit(bytes[n]!, 'uint8');
    } else if (item !== null && typeof item === 'object' && !(item instanceof GoLit)) {
      if (typeof key !== 'string') throw new ExecError(`value has type ${goType(raw)}; should be string`);
      const o = item as Record<string, unknown>;
      item = key in o ? o[key] : null;
    } else if (item === null) throw new ExecError('index of nil pointer');
    else throw new ExecError(`can't index item of type ${goType(item)}`);
  }
  return item;
}

/** kubectl's `exists`: whether the path of keys/indices exists in the item. */
function exists(args: unknown[]): boolean {
  let item = args[0];
  for (const raw of args.slice(1)) {
    const key = plain(raw);
    if (Array.isArray(item) && typeof key === 'number') {
      if (key < 0 || key >= item.length) return false;
      item = item[key];
    } else if (item && typeof item === 'object' && typeof key === 'string') {
      if (!(key in (item as object))) return false;
      item = (item as Record<string, unknown>)[key];
    } else return false;
  }
  return true;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** kubectl's `base64decode` (standard encoding, padded). */
function base64decode(args: unknown[]): string {
  const s = String(plain(args[0]));
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '=') {
      if (s.length % 4 !== 0 || i < s.length - 2) throw new ExecError(`base64 decode failed: illegal base64 data at input byte ${i}`);
      break;
    }
    const v = B64.indexOf(c);
    if (v < 0) throw new ExecError(`base64 decode failed: illegal base64 data at input byte ${i}`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (s.length % 4 !== 0) throw new ExecError(`base64 decode failed: illegal base64 data at input byte ${s.length - (s.length % 4)}`);
  return utf8Decode(bytes);
}

function sprint(args: unknown[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof plain(a) !== 'string' && typeof plain(args[i - 1]) !== 'string') out += ' ';
    out += goPrint(a);
  });
  return out;
}

function htmlEscape(args: unknown[]): string {
  return sprint(args).replace(/[&'<>"\0]/g, (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '\0': '\uFFFD' })[c]!);
}

/** The function table; `and`, `or` are handled by the executor. */
export const FUNCS: Record<string, Fn> = {
  not: (a) => {
    if (a.length !== 1) throw new ArityError(`wrong number of args for not: want 1 got ${a.length}`);
    return !isTrue(a[0]);
  },
  len: (a) => {
    if (a.length !== 1) throw new ArityError(`wrong number of args for len: want 1 got ${a.length}`);
    return length(a);
  },
  index,
  exists,
  base64decode,
  print: sprint,
  println: (a) => a.map(goPrint).join(' ') + '\n',
  printf: (a) => {
    if (a.length === 0) throw new ExecError('wrong number of args for printf: want at least 1 got 0');
    if (typeof plain(a[0]) !== 'string') throw new ExecError(`wrong type for value; expected string; got ${goType(a[0])}`);
    return sprintf(plain(a[0]) as string, a.slice(1));
  },
  eq,
  ne: (a) => {
    if (a.length !== 2) throw new ArityError(`wrong number of args for ne: want 2 got ${a.length}`);
    return !eq(a);
  },
  lt,
  le: (a) => lt(a) || eq(a),
  gt: (a) => !lt(a) && !eq(a),
  ge: (a) => !lt(a),
  html: htmlEscape,
  urlquery: (a) => encodeURIComponent(sprint(a)).replace(/%20/g, '+'),
  js: (a) =>
    sprint(a).replace(/[\\'"<>&=]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '"': '\\"', '<': '\\u003C', '>': '\\u003E', '&': '\\u0026', '=': '\\u003D' })[c]!),
  slice: (a) => {
    const item = a[0];
    const idx = a.slice(1).map((x) => plain(x) as number);
    if (typeof item === 'string') return item.slice(idx[0] ?? 0, idx[1] ?? item.length);
    if (Array.isArray(item)) return item.slice(idx[0] ?? 0, idx[1] ?? item.length);
    throw new ExecError(`can't slice item of type ${goType(item)}`);
  },
  call: () => {
    throw new ExecError('non-function of type interface {}');
  },
};
