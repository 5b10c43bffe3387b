/**
 * jq's built-in functions: the native ones here, and the ones jq itself defines in jq
 * (`map`, `select`, `to_entries`...), in PRELUDE, parsed once. Regular expressions (`test`,
 * `match`, `capture`, `sub`, `gsub`, `split/2`) run on the shell's linear-time engine.
 */
import { utf8Encode } from '../base64.ts';
import { RegexSyntaxError } from '../../regex/compile.ts';
import { Pattern } from '../../regex/pattern.ts';
import { parseJq, type Node } from './parse.ts';
import { PRELUDE } from './prelude.ts';
import { fromPlain, parseStream, toJson, type JqVal } from './json.ts';
import {
  call,
  cmp,
  delpaths,
  describe,
  evaluate,
  getpath,
  indices,
  JqError,
  pathsOf,
  setpath,
  splitString,
  truthy,
  typeName,
  type Env,
  type FuncDef,
  type Native,
  type Out,
  type Path,
} from './eval.ts';

const natives = new Map<string, Native>();

/** A native whose arguments are values: called once per combination of their outputs. */
function valueFn(name: string, arity: number, f: (input: JqVal, ...args: JqVal[]) => JqVal): void {
  natives.set(`${name}/${arity}`, function* (input, args, env, path): Generator<Out> {
    function* go(k: number, vals: JqVal[]): Generator<Out> {
      if (k < 0) {
        yield [f(input, ...vals), path === null ? null : false];
        return;
      }
      for (const [v] of evaluate(args[k]!, input, null, env)) yield* go(k - 1, [v, ...vals]);
    }
    yield* go(arity - 1, []);
  });
}

const mustBe = (v: JqVal, fn: string, ok: boolean, what = 'has no keys'): void => {
  if (!ok) throw new JqError(`${describe(v)} ${what}`);
  void fn;
};

natives.set('empty/0', function* () {});
natives.set('not/0', function* (input, _a, _e, path) {
  yield [!truthy(input), path === null ? null : false];
});
natives.set('path/1', function* (input, args, env) {
  for (const p of pathsOf(args[0]!, input, env)) yield [p as JqVal, null];
});
natives.set('getpath/1', function* (input, args, env, path) {
  for (const [p] of evaluate(args[0]!, input, null, env)) {
    if (!Array.isArray(p)) throw new JqError('Path must be specified as an array');
    let v: JqVal;
    try {
      v = getpath(input, p as Path);
    } catch {
      v = null;
    }
    yield [v, path ? [...path, ...(p as Path)] : path];
  }
});
natives.set('error/1', function* (input, args, env) {
  for (const [v] of evaluate(args[0]!, input, null, env)) throw new JqError(v);
});
natives.set('range/2', function* (input, args, env) {
  for (const [from] of evaluate(args[0]!, input, null, env))
    for (const [to] of evaluate(args[1]!, input, null, env)) {
      if (typeof from !== 'number' || typeof to !== 'number') throw new JqError('Range bounds must be numeric');
      for (let i = from; i < to; i++) yield [i, null];
    }
});
natives.set('range/3', function* (input, args, env) {
  for (const [from] of evaluate(args[0]!, input, null, env))
    for (const [to] of evaluate(args[1]!, input, null, env))
      for (const [by] of evaluate(args[2]!, input, null, env)) {
        const [a, b, s] = [from as number, to as number, by as number];
        if (s > 0) for (let i = a; i < b; i += s) yield [i, null];
        else if (s < 0) for (let i = a; i > b; i += s) yield [i, null];
      }
});
natives.set('debug/0', function* (input, _a, env, path) {
  (rootOf(env).vars.get('*stderr*') as unknown as (t: string) => void)?.(`["DEBUG:",${toJson(input)}]\n`);
  yield [input, path];
});
natives.set('stderr/0', function* (input, _a, env, path) {
  (rootOf(env).vars.get('*stderr*') as unknown as (t: string) => void)?.(toJson(input));
  yield [input, path];
});
natives.set('input/0', function* () {
  throw new JqError('No more inputs');
});
natives.set('inputs/0', function* () {});
natives.set('halt/0', function* () {
  throw new JqError('halt');
});
natives.set('halt_error/1', function* (input) {
  throw new JqError(input);
});
natives.set('now/0', function* () {
  throw new JqError('now is not available in this terminal');
});
natives.set('builtins/0', function* () {
  yield [[...natives.keys(), ...preludeNames()] as JqVal, null];
});
natives.set('$__loc__/0', function* () {});

function rootOf(env: Env): Extract<Env, { kind: 'root' }> {
  let e = env;
  while (e.kind !== 'root') e = e.parent;
  return e;
}

valueFn('length', 0, (v) => {
  if (v === null) return 0;
  if (typeof v === 'boolean') throw new JqError(`${describe(v)} has no length`);
  if (typeof v === 'number') return Math.abs(v);
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  return v.size;
});
valueFn('utf8bytelength', 0, (v) => {
  if (typeof v !== 'string') throw new JqError(`${describe(v)} only strings have UTF-8 byte length`);
  return utf8Encode(v).length;
});
valueFn('keys', 0, (v) => {
  if (Array.isArray(v)) return v.map((_, i) => i);
  mustBe(v, 'keys', v instanceof Map);
  return [...(v as Map<string, JqVal>).keys()].sort();
});
valueFn('keys_unsorted', 0, (v) => {
  if (Array.isArray(v)) return v.map((_, i) => i);
  mustBe(v, 'keys', v instanceof Map);
  return [...(v as Map<string, JqVal>).keys()];
});
valueFn('has', 1, (v, k) => {
  if (v instanceof Map && typeof k === 'string') return v.has(k);
  if (Array.isArray(v) && typeof k === 'number') return k >= 0 && k < v.length;
  throw new JqError(`Cannot check whether ${typeName(v)} has a ${typeName(k)} key`);
});
valueFn('contains', 1, (a, b) => contains(a, b));
valueFn('type', 0, (v) => typeName(v));
valueFn('tostring', 0, (v) => (typeof v === 'string' ? v : toJson(v)));
valueFn('tojson', 0, (v) => toJson(v));
valueFn('fromjson', 0, (v) => {
  if (typeof v !== 'string') throw new JqError(`${describe(v)} cannot be parsed as JSON`);
  try {
    const vals = parseStream(v);
    return vals.length ? vals[0]!.v : null;
  } catch (e) {
    throw new JqError(`${(e as Error).message} (while parsing '${v}')`);
  }
});
valueFn('tonumber', 0, (v) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  throw new JqError(
    `Cannot parse ${toJson(v)} as JSON`.replace(
      /^Cannot parse (.*) as JSON$/,
      typeof v === 'string' ? `Cannot parse '${v}' as JSON` : `${describe(v)} cannot be parsed as a number`,
    ),
  );
});
valueFn('explode', 0, (v) => {
  if (typeof v !== 'string') throw new JqError(`${describe(v)} cannot be exploded`);
  return [...v].map((c) => c.codePointAt(0)!);
});
valueFn('implode', 0, (v) => {
  if (!Array.isArray(v)) throw new JqError('Cannot implode: input must be an array');
  return String.fromCodePoint(...(v as number[]));
});
valueFn('reverse', 0, (v) =>
  typeof v === 'string'
    ? [...v].reverse().join('')
    : v === null
      ? []
      : Array.isArray(v)
        ? [...v].reverse()
        : (() => {
            throw new JqError(`Cannot reverse ${describe(v)}`);
          })(),
);
valueFn('sort', 0, (v) => {
  if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be sorted, as it is not an array`);
  return [...v].sort(cmp);
});
valueFn('_sort_by', 1, (v, keys) => {
  if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be sorted, as it is not an array`);
  const ks = keys as JqVal[];
  return v
    .map((x, i) => [x, ks[i]!, i] as const)
    .sort((a, b) => cmp(a[1], b[1]) || a[2] - b[2])
    .map((x) => x[0]);
});
valueFn('_group_by', 1, (v, keys) => {
  if (!Array.isArray(v)) throw new JqError(`Cannot index ${typeName(v)} with number`);
  const ks = keys as JqVal[];
  const sorted = v.map((x, i) => [x, ks[i]!, i] as const).sort((a, b) => cmp(a[1], b[1]) || a[2] - b[2]);
  const out: JqVal[][] = [];
  let prev: JqVal | undefined;
  for (const [x, k] of sorted) {
    if (prev === undefined || cmp(prev, k) !== 0) out.push([]);
    out[out.length - 1]!.push(x);
    prev = k;
  }
  return out;
});
const extremum =
  (sign: number) =>
  (v: JqVal, keys: JqVal): JqVal => {
    if (!Array.isArray(v)) throw new JqError(`Cannot index ${typeName(v)} with number`);
    const ks = keys as JqVal[];
    let best = -1;
    for (let i = 0; i < v.length; i++) if (best < 0 || sign * cmp(ks[i]!, ks[best]!) >= (sign > 0 ? 0 : 1)) best = i;
    return best < 0 ? null : v[best]!;
  };
valueFn('_max_by', 1, extremum(1));
valueFn('_min_by', 1, (v, keys) => {
  if (!Array.isArray(v)) throw new JqError(`Cannot index ${typeName(v)} with number`);
  const ks = keys as JqVal[];
  let best = -1;
  for (let i = 0; i < v.length; i++) if (best < 0 || cmp(ks[i]!, ks[best]!) < 0) best = i;
  return best < 0 ? null : v[best]!;
});
valueFn('flatten', 1, (v, depth) => {
  if (typeof depth !== 'number' || depth < 0) throw new JqError('flatten depth must not be negative');
  if (!Array.isArray(v)) throw new JqError(`Cannot iterate over ${describe(v)}`);
  const flat = (a: JqVal[], d: number): JqVal[] => a.flatMap((x) => (Array.isArray(x) && d > 0 ? flat(x, d - 1) : [x]));
  return flat(v, depth);
});
valueFn('setpath', 2, (v, p, x) => setpath(v, p as Path, x));
valueFn('delpaths', 1, (v, ps) => delpaths(v, ps as Path[]));
valueFn('startswith', 1, (v, s) => {
  if (typeof v !== 'string' || typeof s !== 'string') throw new JqError('startswith() requires string inputs');
  return v.startsWith(s);
});
valueFn('endswith', 1, (v, s) => {
  if (typeof v !== 'string' || typeof s !== 'string') throw new JqError('endswith() requires string inputs');
  return v.endsWith(s);
});
valueFn('ltrim', 0, (v) => {
  if (typeof v !== 'string') throw new JqError(`${describe(v)} cannot be trimmed`);
  return v.replace(/^\s+/, '');
});
valueFn('rtrim', 0, (v) => {
  if (typeof v !== 'string') throw new JqError(`${describe(v)} cannot be trimmed`);
  return v.replace(/\s+$/, '');
});
valueFn('split', 1, (v, sep) => {
  if (typeof v !== 'string' || typeof sep !== 'string') throw new JqError('split input and separator must be strings');
  return splitString(v, sep);
});
valueFn('indices', 1, (v, x) =>
  v === null
    ? null
    : typeof v === 'string' && typeof x === 'string'
      ? stringIndices(v, x)
      : Array.isArray(v)
        ? indices(v, Array.isArray(x) ? x : [x])
        : (() => {
            throw new JqError(`Cannot determine indices of ${typeName(x)} in ${typeName(v)}`);
          })(),
);
valueFn('index', 1, (v, x) => {
  const all = typeof v === 'string' && typeof x === 'string' ? stringIndices(v, x) : Array.isArray(v) ? indices(v, Array.isArray(x) ? x : [x]) : [];
  return all.length ? all[0]! : null;
});
valueFn('rindex', 1, (v, x) => {
  const all = typeof v === 'string' && typeof x === 'string' ? stringIndices(v, x) : Array.isArray(v) ? indices(v, Array.isArray(x) ? x : [x]) : [];
  return all.length ? all[all.length - 1]! : null;
});
for (const [name, f] of [
  ['floor', Math.floor],
  ['ceil', Math.ceil],
  ['round', Math.round],
  ['sqrt', Math.sqrt],
  ['fabs', Math.abs],
  ['log', Math.log],
  ['log10', Math.log10],
  ['log2', Math.log2],
  ['exp', Math.exp],
  ['exp10', (x: number) => 10 ** x],
  ['trunc', Math.trunc],
] as const) {
  valueFn(name, 0, (v) => {
    if (typeof v !== 'number') throw new JqError(`${describe(v)} number required`);
    return (f as (x: number) => number)(v);
  });
}
valueFn('pow', 2, (_v, a, b) => (a as number) ** (b as number));
valueFn('infinite', 0, () => Infinity);
valueFn('nan', 0, () => NaN);
valueFn('isinfinite', 0, (v) => typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v));
valueFn('isnan', 0, (v) => typeof v === 'number' && Number.isNaN(v));
valueFn('isnormal', 0, (v) => typeof v === 'number' && Number.isFinite(v) && v !== 0);
valueFn('ascii', 0, (v) => String.fromCharCode(v as number));
valueFn('strftime', 1, (v) => {
  if (typeof v !== 'number') throw new JqError('strftime/1 requires parsed datetime inputs');
  return new Date(v * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
});
valueFn('test', 2, (v, re, flags) => regexMatches(v, re, flags, false).length > 0);
natives.set('match/2', function* (input, args, env) {
  for (const [flags] of evaluate(args[1]!, input, null, env))
    for (const [re] of evaluate(args[0]!, input, null, env)) for (const m of regexMatches(input, re, flags, true)) yield [m, null];
});
valueFn('split', 2, (v, re, flags) => {
  const s = v as string;
  const out: JqVal[] = [];
  let prev = 0;
  for (const m of regexMatches(v, re, (flags ?? '') + 'g', true) as Map<string, JqVal>[]) {
    const off = m.get('offset') as number;
    out.push(s.slice(prev, off));
    prev = off + (m.get('length') as number);
  }
  out.push(s.slice(prev));
  return out;
});
natives.set('sub/3', function* (input, args, env) {
  for (const [flags] of evaluate(args[2]!, input, null, env))
    for (const [re] of evaluate(args[0]!, input, null, env)) {
      const s = input as string;
      const ms = regexMatches(input, re, flags, true) as Map<string, JqVal>[];
      // Each replacement may produce several strings: jq yields every combination.
      let results: string[] = [''];
      let prev = 0;
      for (const m of ms) {
        const off = m.get('offset') as number;
        const caps = new Map<string, JqVal>();
        for (const c of m.get('captures') as Map<string, JqVal>[]) if (c.get('name') !== null) caps.set(c.get('name') as string, c.get('string')!);
        const reps: string[] = [];
        for (const [r] of evaluate(args[1]!, caps, null, env)) {
          if (typeof r !== 'string') throw new JqError(`${describe(caps)} cannot be added to a string`);
          reps.push(r);
        }
        const before = s.slice(prev, off);
        results = results.flatMap((acc) => reps.map((r) => acc + before + r));
        prev = off + (m.get('length') as number);
      }
      for (const r of results) yield [r + s.slice(prev), null];
    }
});

function stringIndices(s: string, sub: string): number[] {
  const out: number[] = [];
  if (!sub) return out;
  for (let i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) out.push(i);
  return out;
}

function contains(a: JqVal, b: JqVal): boolean {
  if (typeName(a) !== typeName(b)) throw new JqError(`${describe(a)} and ${describe(b)} cannot have their containment checked`);
  if (typeof a === 'string') return a.includes(b as string);
  if (Array.isArray(a)) return (b as JqVal[]).every((y) => a.some((x) => typeName(x) === typeName(y) && contains(x, y)));
  if (a instanceof Map) return [...(b as Map<string, JqVal>)].every(([k, y]) => a.has(k) && typeName(a.get(k)!) === typeName(y) && contains(a.get(k)!, y));
  return cmp(a, b) === 0;
}

/** The matches of `re` in `v`, as jq's match objects (`offset`, `length`, `string`, `captures`). */
function regexMatches(v: JqVal, re: JqVal, flags: JqVal, objects: boolean): JqVal[] {
  if (typeof v !== 'string') throw new JqError(`${describe(v)} cannot be matched, as it is not a string`);
  if (typeof re !== 'string') throw new JqError(`${describe(re)} cannot be matched, as it is not a string`);
  const f = typeof flags === 'string' ? flags : '';
  if (flags !== null && typeof flags !== 'string') throw new JqError(`${describe(flags)} is not a string`);
  const bad = [...f].find((c) => !'gimnpsxl'.includes(c));
  if (bad) throw new JqError(`${f} is not a valid modifier string`);
  let pattern: Pattern;
  try {
    pattern = new Pattern(f.includes('x') ? re.replace(/\s+|#.*$/gm, '') : re, { ignoreCase: f.includes('i') });
  } catch (e) {
    if (e instanceof RegexSyntaxError) throw new JqError(`${re} (at offset 0) is not a valid regex: ${e.message}`);
    throw e;
  }
  const names = pattern.names;
  const out: JqVal[] = [];
  for (let from = 0; from <= v.length;) {
    const m = pattern.execSync(v, from);
    if (!m) break;
    const [a, b] = [m[0]!, m[1]!];
    if (!objects) return [true];
    const captures: JqVal[] = [];
    for (let g = 1; g <= pattern.groups; g++) {
      const s = m[2 * g]!;
      const e = m[2 * g + 1]!;
      captures.push(
        new Map<string, JqVal>([
          ['offset', s < 0 ? -1 : s],
          ['length', s < 0 ? 0 : e - s],
          ['string', s < 0 ? null : v.slice(s, e)],
          ['name', names[g] ?? null],
        ]),
      );
    }
    out.push(
      new Map<string, JqVal>([
        ['offset', a],
        ['length', b - a],
        ['string', v.slice(a, b)],
        ['captures', captures],
      ]),
    );
    if (!f.includes('g')) break;
    from = b > a ? b : a + 1;
  }
  return out;
}

let prelude: Map<string, FuncDef> | undefined;

function preludeNames(): string[] {
  return [...(prelude?.keys() ?? [])];
}

/** The root environment: natives, the prelude's definitions, `$ENV` and the `--arg` variables. */
export function rootEnv(vars: Map<string, JqVal>): Env {
  const funcs = new Map<string, FuncDef>();
  for (const [k, run] of natives) funcs.set(k, { kind: 'native', run });
  const root: Env = { kind: 'root', funcs, vars };
  // The prelude is a chain of `def`s; walk it to register each definition in the root.
  let n: Node = parseJq(PRELUDE + ' .');
  prelude = new Map();
  while (n.t === 'def') {
    const key = `${n.name}/${n.params.length}`;
    const def: FuncDef = { kind: 'jq', params: n.params, body: n.body, env: root, self: key };
    funcs.set(key, def);
    prelude.set(key, def);
    n = n.rest;
  }
  return root;
}

export { call, fromPlain };
