/**
 * The jq evaluator: every filter is a generator of outputs. In "path mode" (the left side of
 * `|=`, `path(f)`, `del(f)`) each output carries the path it was found at, so updates work on
 * whatever paths a filter selects (`.items[] | select(...) |= ...`).
 */
import type { Node, Pattern } from './parse.ts';
import { JqCompileError } from './parse.ts';
import { toJson, type JqVal } from './json.ts';
import { format } from './formats.ts';
import { delpaths, getpath, setpath } from './paths.ts';
import { cmp, describe, index, indices, JqError, slice, truthy, typeName, type Out, type Path, type PathState } from './values.ts';

export { cmp, delpaths, describe, getpath, index, indices, JqError, setpath, slice, truthy, typeName, type Out, type Path, type PathState };

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

const extend = (p: PathState, k: string | number | Map<string, JqVal>): PathState => (p ? [...p, k] : p);

function invalidPath(v: JqVal): never {
  throw new JqError(`Invalid path expression with result ${toJson(v).length > 14 ? toJson(v).slice(0, 11) + '...' : toJson(v)}`);
}

/**
 * Evaluation steps allowed between two outputs. The filter runs synchronously between outputs,
 * so a filter that loops without producing one (`last(repeat(1))`) would hold the terminal
 * where not even Ctrl-C reaches it; past this budget (about a second of work) it stops with an error.
 */
export const STEPS_WITHOUT_OUTPUT = 1_000_000;
let stepsLeft = STEPS_WITHOUT_OUTPUT;

/** Thrown when a filter runs past STEPS_WITHOUT_OUTPUT without an output. */
export class StepBudgetExceeded extends Error {}

/** Renews the step budget: the caller got an output (or starts a new input). */
export function renewStepBudget(): void {
  stepsLeft = STEPS_WITHOUT_OUTPUT;
}

/** Runs `node` on `input`; `path` is the input's path in path mode, null otherwise. */
export function* evaluate(node: Node, input: JqVal, path: PathState, env: Env): Generator<Out> {
  if (--stepsLeft < 0) throw new StepBudgetExceeded();
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
