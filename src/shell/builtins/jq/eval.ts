/**
 * The jq evaluator: every filter is a generator of outputs. In "path mode" (the left side of
 * `|=`, `path(f)`, `del(f)`) each output carries the path it was found at, so updates work on
 * whatever paths a filter selects (`.items[] | select(...) |= ...`).
 */
import type { Node, Pattern } from './parse.ts';
import { JqCompileError } from './parse.ts';
import { toJson, type JqVal } from './json.ts';
import { decodeBase64, encodeBase64, utf8Encode } from '../base64.ts';

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

/** `break $label`, travelling up to its label. */
export class BreakSignal extends Error {
  readonly label: object;
  constructor(label: object) {
    super('break');
    this.label = label;
  }
}

/** A function: defined in jq (body and the environment it closes over) or native. */
export type FuncDef =
  { kind: 'jq'; params: string[]; body: Node; env: Env; self: string } | { kind: 'closure'; body: Node; env: Env } | { kind: 'native'; run: Native };

export type Native = (input: JqVal, args: Node[], env: Env, path: PathState, ev: Evaluate) => Generator<Out>;
export type Evaluate = (node: Node, input: JqVal, path: PathState, env: Env) => Generator<Out>;

/** Bindings, innermost first. */
export type Env =
  | { kind: 'var'; name: string; value: JqVal | object; parent: Env }
  | { kind: 'func'; key: string; def: FuncDef; parent: Env }
  | { kind: 'root'; funcs: Map<string, FuncDef>; vars: Map<string, JqVal> };

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

function lookupVar(env: Env, name: string): JqVal | object {
  for (let e: Env = env; ; e = e.parent) {
    if (e.kind === 'root') {
      if (e.vars.has(name)) return e.vars.get(name)!;
      throw new JqCompileError(`$${name} is not defined at <top-level>, line 1:`);
    }
    if (e.kind === 'var' && e.name === name) return e.value;
  }
}

function lookupFunc(env: Env, key: string): { def: FuncDef; env: Env } | undefined {
  for (let e: Env = env; ; e = e.parent) {
    if (e.kind === 'root') {
      const d = e.funcs.get(key);
      return d ? { def: d, env: e } : undefined;
    }
    if (e.kind === 'func' && e.key === key) return { def: e.def, env: e };
  }
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

const extend = (p: PathState, k: string | number | Map<string, JqVal>): PathState => (p ? [...p, k] : p);

function invalidPath(v: JqVal): never {
  throw new JqError(`Invalid path expression with result ${toJson(v).length > 14 ? toJson(v).slice(0, 11) + '...' : toJson(v)}`);
}

/** Runs `node` on `input`; `path` is the input's path in path mode, null otherwise. */
export function* evaluate(node: Node, input: JqVal, path: PathState, env: Env): Generator<Out> {
  switch (node.t) {
    case 'identity':
      yield [input, path];
      return;
    case 'recurse':
      yield* call('recurse', [], input, path, env);
      return;
    case 'field':
      for (const [v, p] of evaluate(node.of, input, path, env)) {
        if (p === false) invalidPath(v);
        yield [index(v, node.name), extend(p, node.name)];
      }
      return;
    case 'index':
      for (const [v, p] of evaluate(node.of, input, path, env)) {
        if (p === false) invalidPath(v);
        for (const [k] of evaluate(node.idx, input, null, env)) yield [index(v, k), extend(p, k as string)];
      }
      return;
    case 'slice':
      for (const [v, p] of evaluate(node.of, input, path, env)) {
        if (p === false) invalidPath(v);
        for (const [to] of node.to ? evaluate(node.to, input, null, env) : [[null, null] as Out])
          for (const [from] of node.from ? evaluate(node.from, input, null, env) : [[null, null] as Out]) {
            const key = new Map<string, JqVal>([
              ['start', from],
              ['end', to],
            ]);
            yield [slice(v, from, to), extend(p, key)];
          }
      }
      return;
    case 'iterate':
      for (const [v, p] of evaluate(node.of, input, path, env)) {
        if (p === false) invalidPath(v);
        if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield [v[i]!, extend(p, i)];
        else if (v instanceof Map) for (const [k, x] of v) yield [x, extend(p, k)];
        else throw new JqError(v === null ? 'Cannot iterate over null' : `Cannot iterate over ${describe(v)}`);
      }
      return;
    case 'try': {
      try {
        for (const out of evaluate(node.body, input, path, env)) yield out;
      } catch (e) {
        if (!(e instanceof JqError)) throw e;
        if (node.handler) yield* evaluate(node.handler, e.value, null, env);
      }
      return;
    }
    case 'literal':
      yield [node.v as JqVal, path === null ? null : false];
      return;
    case 'str':
      for (const s of interpolate(node.parts, node.fmt, input, env)) yield [s, path === null ? null : false];
      return;
    case 'format':
      yield [format(node.name, input), path === null ? null : false];
      return;
    case 'array': {
      const out: JqVal[] = [];
      if (node.e) for (const [v] of evaluate(node.e, input, null, env)) out.push(v);
      yield [out, path === null ? null : false];
      return;
    }
    case 'object':
      for (const m of objects(node.entries, 0, input, env, new Map())) yield [m, path === null ? null : false];
      return;
    case 'neg':
      for (const [v] of evaluate(node.e, input, null, env)) {
        if (typeof v !== 'number') throw new JqError(`${describe(v)} cannot be negated`);
        yield [-v, path === null ? null : false];
      }
      return;
    case 'pipe':
      for (const [v, p] of evaluate(node.a, input, path, env)) yield* evaluate(node.b, v, p, env);
      return;
    case 'comma':
      yield* evaluate(node.a, input, path, env);
      yield* evaluate(node.b, input, path, env);
      return;
    case 'alt': {
      let any = false;
      try {
        for (const out of evaluate(node.a, input, path, env)) {
          if (truthy(out[0])) {
            any = true;
            yield out;
          }
        }
      } catch (e) {
        if (!(e instanceof JqError)) throw e;
      }
      if (!any) yield* evaluate(node.b, input, path, env);
      return;
    }
    case 'and':
    case 'or':
      for (const [a] of evaluate(node.a, input, null, env)) {
        if (node.t === 'and' ? !truthy(a) : truthy(a)) {
          yield [node.t === 'or', path === null ? null : false];
          continue;
        }
        for (const [b] of evaluate(node.b, input, null, env)) yield [truthy(b), path === null ? null : false];
      }
      return;
    case 'bin':
      for (const [b] of evaluate(node.b, input, null, env))
        for (const [a] of evaluate(node.a, input, null, env)) yield [binop(node.op, a, b), path === null ? null : false];
      return;
    case 'assign':
      yield* assign(node, input, env);
      return;
    case 'if':
      for (const [c] of evaluate(node.cond, input, null, env)) {
        if (truthy(c)) yield* evaluate(node.then, input, path, env);
        else if (node.else) yield* evaluate(node.else, input, path, env);
        else yield [input, path];
      }
      return;
    case 'reduce':
      for (const [init] of evaluate(node.init, input, null, env)) {
        let state: JqVal = init;
        for (const [x] of evaluate(node.src, input, null, env)) {
          for (const bound of bind(node.pat, x, env)) {
            let last: JqVal = null;
            for (const [u] of evaluate(node.update, state, null, bound)) last = u;
            state = last;
          }
        }
        yield [state, path === null ? null : false];
      }
      return;
    case 'foreach':
      for (const [init] of evaluate(node.init, input, null, env)) {
        let state: JqVal = init;
        for (const [x] of evaluate(node.src, input, null, env))
          for (const bound of bind(node.pat, x, env))
            for (const [u] of evaluate(node.update, state, null, bound)) {
              state = u;
              if (node.extract) yield* evaluate(node.extract, u, null, bound);
              else yield [u, path === null ? null : false];
            }
      }
      return;
    case 'call':
      yield* call(node.name, node.args, input, path, env);
      return;
    case 'var':
      if (node.name === 'ENV') {
        const root = rootOf(env);
        yield [root.vars.get('ENV') ?? new Map(), path === null ? null : false];
        return;
      }
      yield [lookupVar(env, node.name) as JqVal, path === null ? null : false];
      return;
    case 'as':
      for (const [v] of evaluate(node.src, input, null, env)) for (const bound of bind(node.pat, v, env)) yield* evaluate(node.body, input, path, bound);
      return;
    case 'def': {
      const key = `${node.name}/${node.params.length}`;
      const def: FuncDef = { kind: 'jq', params: node.params, body: node.body, env, self: key };
      yield* evaluate(node.rest, input, path, { kind: 'func', key, def, parent: env });
      return;
    }
    case 'label': {
      const token = {};
      try {
        yield* evaluate(node.body, input, path, { kind: 'var', name: '*label*' + node.name, value: token, parent: env });
      } catch (e) {
        if (!(e instanceof BreakSignal) || e.label !== token) throw e;
      }
      return;
    }
    case 'break': {
      const token = lookupVar(env, '*label*' + node.name);
      throw new BreakSignal(token as object);
    }
  }
}

function rootOf(env: Env): Extract<Env, { kind: 'root' }> {
  let e = env;
  while (e.kind !== 'root') e = e.parent;
  return e;
}

/** Calls `name/arity`: a jq definition (its params bound as closures or `$values`), a closure, or a native. */
export function* call(name: string, args: Node[], input: JqVal, path: PathState, env: Env): Generator<Out> {
  const key = `${name}/${args.length}`;
  if (name === 'break' && args.length === 0) throw new JqCompileError('break/0 is not defined');
  const found = lookupFunc(env, key);
  if (!found) throw new JqCompileError(`${key} is not defined at <top-level>, line 1:`);
  const def = found.def;
  if (def.kind === 'native') {
    yield* def.run(input, args, env, path, evaluate);
    return;
  }
  if (def.kind === 'closure') {
    yield* evaluate(def.body, input, path, def.env);
    return;
  }
  // The function sees its own definition (recursion) and its parameters.
  let fenv: Env = { kind: 'func', key: def.self, def, parent: def.env };
  const valueParams: { name: string; node: Node }[] = [];
  def.params.forEach((param, k) => {
    const closure: FuncDef = { kind: 'closure', body: args[k]!, env };
    const pname = param.startsWith('$') ? param.slice(1) : param;
    fenv = { kind: 'func', key: `${pname}/0`, def: closure, parent: fenv };
    if (param.startsWith('$')) valueParams.push({ name: pname, node: args[k]! });
  });
  if (!valueParams.length) {
    yield* evaluate(def.body, input, path, fenv);
    return;
  }
  // `$x` params: every combination of their values.
  function* withValues(k: number, e: Env): Generator<Out> {
    if (k === valueParams.length) {
      yield* evaluate((def as { body: Node }).body, input, path, e);
      return;
    }
    for (const [v] of evaluate(valueParams[k]!.node, input, null, env))
      yield* withValues(k + 1, { kind: 'var', name: valueParams[k]!.name, value: v, parent: e });
  }
  yield* withValues(0, fenv);
}

/** Binds a destructuring pattern to `v`: one environment per way it matches. */
function* bind(pat: Pattern, v: JqVal, env: Env): Generator<Env> {
  if (pat.t === 'var') {
    yield { kind: 'var', name: pat.name, value: v, parent: env };
    return;
  }
  if (pat.t === 'array') {
    if (v !== null && !Array.isArray(v)) throw new JqError(`Cannot index ${typeName(v)} with number`);
    function* items(k: number, e: Env): Generator<Env> {
      if (k === (pat as { items: Pattern[] }).items.length) {
        yield e;
        return;
      }
      for (const e2 of bind((pat as { items: Pattern[] }).items[k]!, index(v, k), e)) yield* items(k + 1, e2);
    }
    yield* items(0, env);
    return;
  }
  function* entries(k: number, e: Env): Generator<Env> {
    const list = (pat as Extract<Pattern, { t: 'object' }>).entries;
    if (k === list.length) {
      yield e;
      return;
    }
    const en = list[k]!;
    for (const [key] of evaluate(en.key, v, null, e)) {
      if (typeof key !== 'string') throw new JqError(`Cannot index ${typeName(v)} with ${typeName(key)}`);
      const x = index(v, key);
      let e2: Env = e;
      if (en.bind) e2 = { kind: 'var', name: en.bind, value: x, parent: e2 };
      if (en.pat) for (const e3 of bind(en.pat, x, e2)) yield* entries(k + 1, e3);
      else yield* entries(k + 1, e2);
    }
  }
  yield* entries(0, env);
}

function* objects(entries: { key: Node; value: Node }[], k: number, input: JqVal, env: Env, acc: Map<string, JqVal>): Generator<Map<string, JqVal>> {
  if (k === entries.length) {
    yield new Map(acc);
    return;
  }
  const en = entries[k]!;
  for (const [key] of evaluate(en.key, input, null, env)) {
    if (typeof key !== 'string') throw new JqError(`Object keys must be strings`);
    for (const [v] of evaluate(en.value, input, null, env)) {
      const next = new Map(acc);
      next.set(key, v);
      yield* objects(entries, k + 1, input, env, next);
    }
  }
}

function* interpolate(parts: (string | Node)[], fmt: string | undefined, input: JqVal, env: Env): Generator<string> {
  // The first interpolation varies fastest, as in jq.
  function* from(k: number): Generator<string> {
    if (k < 0) {
      yield '';
      return;
    }
    const part = parts[k]!;
    if (typeof part === 'string') {
      for (const prefix of from(k - 1)) yield prefix + part;
      return;
    }
    for (const [v] of evaluate(part, input, null, env)) {
      const text = fmt ? format(fmt, v) : typeof v === 'string' ? v : toJson(v);
      for (const prefix of from(k - 1)) yield prefix + text;
    }
  }
  yield* from(parts.length - 1);
}

/** The `@name` formats: text, json, base64, base64d, uri, csv, tsv, sh, html. */
export function format(name: string, v: JqVal): string {
  const text = (x: JqVal): string => (typeof x === 'string' ? x : toJson(x));
  switch (name) {
    case 'text':
      return text(v);
    case 'json':
      return toJson(v);
    case 'base64':
      return base64(text(v));
    case 'base64d':
      return unbase64(text(v));
    case 'uri':
      return utf8Encode(text(v))
        .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '%' + b.toString(16).toUpperCase().padStart(2, '0')))
        .join('');
    case 'html':
      return text(v).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);
    case 'csv':
    case 'tsv': {
      if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be ${name}-formatted, only an array can be`);
      return v
        .map((x) => {
          if (typeof x === 'number') return toJson(x);
          if (typeof x === 'boolean') return String(x);
          if (x === null) return '';
          if (typeof x !== 'string') throw new JqError(`${describe(x)} is not valid in a csv row`);
          return name === 'csv' ? `"${x.replace(/"/g, '""')}"` : x.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
        })
        .join(name === 'csv' ? ',' : '\t');
    }
    case 'sh': {
      const one = (x: JqVal): string => {
        if (typeof x === 'string') return `'${x.replace(/'/g, "'\\''")}'`;
        if (Array.isArray(x) || x instanceof Map) throw new JqError(`${describe(x)} can not be escaped for shell`);
        return toJson(x);
      };
      return Array.isArray(v) ? v.map(one).join(' ') : one(v);
    }
  }
  throw new JqCompileError(`${name} is not a valid format at <top-level>, line 1:`);
}

function base64(s: string): string {
  return encodeBase64(s);
}

function unbase64(s: string): string {
  const out = decodeBase64(s);
  if (out === undefined) throw new JqError(`${describe(s)} is not valid base64 data`);
  return out;
}

/** jq's arithmetic and comparisons. */
export function binop(op: string, a: JqVal, b: JqVal): JqVal {
  switch (op) {
    case '==':
      return cmp(a, b) === 0;
    case '!=':
      return cmp(a, b) !== 0;
    case '<':
      return cmp(a, b) < 0;
    case '<=':
      return cmp(a, b) <= 0;
    case '>':
      return cmp(a, b) > 0;
    case '>=':
      return cmp(a, b) >= 0;
  }
  const fail = (verb: string): never => {
    throw new JqError(`${describe(a)} and ${describe(b)} cannot be ${verb}`);
  };
  if (op === '+') {
    if (a === null) return b;
    if (b === null) return a;
    if (typeof a === 'number' && typeof b === 'number') return a + b;
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof Map && b instanceof Map) return new Map([...a, ...b]);
    return fail('added');
  }
  if (op === '-') {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (Array.isArray(a) && Array.isArray(b)) return a.filter((x) => !b.some((y) => cmp(x, y) === 0));
    return fail('subtracted');
  }
  if (op === '*') {
    if (typeof a === 'number' && typeof b === 'number') return a * b;
    if (typeof a === 'string' && typeof b === 'number') return b > 0 ? a.repeat(Math.ceil(b)) : null;
    if (typeof b === 'string' && typeof a === 'number') return a > 0 ? b.repeat(Math.ceil(a)) : null;
    if (a instanceof Map && b instanceof Map) return deepMerge(a, b);
    return fail('multiplied');
  }
  if (op === '/') {
    if (typeof a === 'number' && typeof b === 'number') {
      if (b === 0) throw new JqError(`${describe(a)} and ${describe(b)} cannot be divided because the divisor is zero`);
      return a / b;
    }
    if (typeof a === 'string' && typeof b === 'string') return splitString(a, b);
    return fail('divided');
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (Math.trunc(b) === 0) throw new JqError(`${describe(a)} and ${describe(b)} cannot be divided because the divisor is zero`);
    const r = Math.trunc(a) % Math.trunc(b);
    return Object.is(r, -0) ? 0 : r;
  }
  return fail('divided');
}

export function splitString(a: string, sep: string): string[] {
  if (a === '') return [];
  return sep === '' ? [...a] : a.split(sep);
}

function deepMerge(a: Map<string, JqVal>, b: Map<string, JqVal>): Map<string, JqVal> {
  const out = new Map(a);
  for (const [k, v] of b) {
    const cur = out.get(k);
    out.set(k, cur instanceof Map && v instanceof Map ? deepMerge(cur, v) : v);
  }
  return out;
}

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

/** The paths `node` selects in `input` (path mode). */
export function* pathsOf(node: Node, input: JqVal, env: Env): Generator<Path> {
  for (const [v, p] of evaluate(node, input, [], env)) {
    if (p === false || p === null) invalidPath(v);
    yield p;
  }
}

function* assign(node: Extract<Node, { t: 'assign' }>, input: JqVal, env: Env): Generator<Out> {
  if (node.op === '|=') {
    let out = input;
    for (const p of [...pathsOf(node.lhs, input, env)]) {
      const old = getpath(out, p);
      const first = evaluate(node.rhs, old, null, env).next();
      out = first.done ? delpaths(out, [p]) : setpath(out, p, first.value[0]);
    }
    yield [out, null];
    return;
  }
  for (const [rhs] of evaluate(node.rhs, input, null, env)) {
    let out = input;
    for (const p of [...pathsOf(node.lhs, input, env)]) {
      if (node.op === '=') out = setpath(out, p, rhs);
      else if (node.op === '//=') {
        const old = getpath(out, p);
        out = setpath(out, p, truthy(old) ? old : rhs);
      } else out = setpath(out, p, binop(node.op.slice(0, -1), getpath(out, p), rhs));
    }
    yield [out, null];
  }
}
