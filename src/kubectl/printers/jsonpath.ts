/**
 * kubectl's JSONPath templates (client-go util/jsonpath): literal text, `{.a.b}`, `['key']`,
 * `[n]`, `[-1]`, `[a:b]`, `[*]`, `..name`, filters `[?(@.x=="y")]`, `{range ...}...{end}`
 * and quoted literals such as `{"\n"}`. Several results of one action are joined by spaces;
 * maps and lists print as compact JSON. Missing keys print nothing
 * (`--allow-missing-template-keys=true`).
 */
import { CliError } from '../cli/errors.ts';
import { goSyntax } from './go-syntax.ts';
import { toCompactJson } from './json.ts';

type Segment =
  | { t: 'field'; name: string }
  | { t: 'all' }
  | { t: 'index'; i: number }
  | { t: 'slice'; start?: number; end?: number; step?: number }
  | { t: 'recursive'; name: string }
  | { t: 'filter'; left: Segment[]; op?: string; right?: Segment[] | string | { n: number; int: boolean } };

type Node = { t: 'text'; s: string } | { t: 'expr'; path: Segment[] } | { t: 'range'; path: Segment[]; body: Node[] } | { t: 'stray-end' };

/** How a path is evaluated: `strict` fails on missing keys; `typed` sees numbers as float64. */
export interface EvalOptions {
  strict?: boolean;
  typed?: boolean;
  /** Report type errors (`string is not array or slice`) as the printer does. */
  report?: boolean;
}

function fail(tpl: string, why: string): never {
  throw new CliError(`error parsing jsonpath ${tpl}, ${why}`);
}

function unquote(q: string): string {
  try {
    return JSON.parse(q.startsWith("'") ? '"' + q.slice(1, -1).replace(/"/g, '\\"') + '"' : q) as string;
  } catch {
    return q.slice(1, -1);
  }
}

/** Parses a path like `.items[*].metadata.name` or `@.status.phase`. */
function parsePath(src: string, tpl: string): Segment[] {
  const segs: Segment[] = [];
  let i = 0;
  if (src[0] === '$' || src[0] === '@') i = 1;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '.' && src[i + 1] === '.') {
      const m = /^[\w-]+/.exec(src.slice(i + 2));
      if (!m) fail(tpl, 'invalid recursive descent');
      segs.push({ t: 'recursive', name: m[0] });
      i += 2 + m[0].length;
    } else if (c === '.') {
      // A field runs to the next terminator (space . , [ ] $ @ { }), so `/` and `:` belong to it
      // (`.metadata.annotations.example\.com/team`); a backslash escapes the next character.
      const m = /^(?:[^\s.,[\]$@{}\\]|\\.)*/.exec(src.slice(i + 1))!;
      if (m[0] === '*') {
        segs.push({ t: 'all' });
        i += 2;
      } else {
        if (m[0]) segs.push({ t: 'field', name: m[0].replace(/\\(.)/g, '$1') });
        i += 1 + m[0].length;
      }
    } else if (c === '[') {
      const close = findClose(src, i, tpl);
      const inner = src.slice(i + 1, close).trim();
      i = close + 1;
      if (inner === '*') segs.push({ t: 'all' });
      // client-go reads `[]` as a slice with no bounds given, which selects the first item.
      else if (inner === '') segs.push({ t: 'index', i: 0 });
      else if (/^-?\d+$/.test(inner)) segs.push({ t: 'index', i: parseInt(inner, 10) });
      else if (/^-?\d*:-?\d*(:\d*)?$/.test(inner)) {
        const [a, b, st] = inner.split(':');
        segs.push({ t: 'slice', start: a ? parseInt(a, 10) : undefined, end: b ? parseInt(b, 10) : undefined, step: st ? parseInt(st, 10) : undefined });
      } else if (/^'.*'$/.test(inner)) segs.push({ t: 'field', name: unquote(inner) });
      else if (inner.startsWith('?(') && inner.endsWith(')')) segs.push(parseFilter(inner.slice(2, -1).trim(), tpl));
      else fail(tpl, `invalid array index ${inner}`);
    } else if (/[\w-]/.test(c) && segs.length === 0) {
      const m = /^[\w-]+/.exec(src.slice(i))!;
      segs.push({ t: 'field', name: m[0] });
      i += m[0].length;
    } else fail(tpl, `unrecognized character in action: U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`);
  }
  return segs;
}

function findClose(src: string, open: number, tpl: string): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return fail(tpl, src[open + 1] === '?' ? 'unterminated filter' : 'unterminated array');
}

function parseFilter(expr: string, tpl: string): Segment {
  const m = /^(@[^=!<>]*?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(expr);
  if (!m) return { t: 'filter', left: parsePath(expr, tpl) };
  const rhs = m[3]!.trim();
  let right: Segment[] | string | { n: number; int: boolean };
  if (/^['"]/.test(rhs)) right = unquote(rhs);
  else if (/^-?\d+(\.\d+)?$/.test(rhs)) right = { n: parseFloat(rhs), int: !rhs.includes('.') };
  else right = parsePath(rhs, tpl);
  return { t: 'filter', left: parsePath(m[1]!.trim(), tpl), op: m[2], right };
}

/** Parses a whole template into nodes. Throws CliError on syntax errors. */
export function parseTemplate(tpl: string): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let i = 0;
  while (i < tpl.length) {
    const open = tpl.indexOf('{', i);
    if (open < 0) {
      stack[stack.length - 1]!.push({ t: 'text', s: tpl.slice(i) });
      break;
    }
    if (open > i) stack[stack.length - 1]!.push({ t: 'text', s: tpl.slice(i, open) });
    let close = -1;
    let quote = '';
    for (let j = open + 1; j < tpl.length; j++) {
      const c = tpl[j]!;
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = '';
      } else if (c === '"') quote = c;
      else if (c === '}') {
        close = j;
        break;
      }
    }
    if (close < 0) fail(tpl, 'unclosed action');
    const action = tpl.slice(open + 1, close).trim();
    i = close + 1;
    const cur = stack[stack.length - 1]!;
    if (action.startsWith('"')) cur.push({ t: 'text', s: unquote(action) });
    else if (action === 'end') {
      // client-go reports a stray {end} when executing, not when parsing.
      if (stack.length === 1) cur.push({ t: 'stray-end' });
      else stack.pop();
    } else if (action.startsWith('range ')) {
      const node: Node = { t: 'range', path: parsePath(action.slice(6).trim(), tpl), body: [] };
      cur.push(node);
      stack.push(node.body);
    } else if (action === '') continue;
    else cur.push({ t: 'expr', path: parsePath(action, tpl) });
  }
  return root;
}

type Kind = 'int' | 'float' | 'string' | 'bool' | 'other';

function kindOf(v: unknown, typed: boolean): Kind {
  if (typeof v === 'number') return typed || !Number.isInteger(v) ? 'float' : 'int';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return 'other';
}

/** Go's type name of a decoded JSON value, for `string is not array or slice`. */
function typeName(v: unknown, typed: boolean): string {
  if (typeof v === 'number') return typed || !Number.isInteger(v) ? 'float64' : 'int64';
  if (typeof v === 'string' || typeof v === 'boolean') return typeof v;
  return Array.isArray(v) ? '[]interface {}' : 'map[string]interface {}';
}

/** client-go compares with text/template's eq/lt: an int literal never equals a float64. */
function compare(a: unknown, op: string, b: unknown, typed: boolean, bKind: Kind): boolean {
  const ka = kindOf(a, typed);
  if (ka === 'other' || bKind === 'other') throw new CliError('invalid type for comparison');
  if (ka !== bKind) throw new CliError('incompatible types for comparison');
  if ((op !== '==' && op !== '!=') && ka === 'bool') throw new CliError('invalid type for comparison');
  const x = a as number;
  const y = b as number;
  switch (op) {
    case '==': return x === y;
    case '!=': return x !== y;
    case '<': return x < y;
    case '>': return x > y;
    case '<=': return x <= y;
    default: return x >= y;
  }
}

/** client-go's slicing, which also serves single indices: its bounds errors included. */
function sliceOf(v: unknown[], start: number | undefined, end: number | undefined, step: number | undefined, derived: boolean): unknown[] {
  const len = v.length;
  let s = start ?? 0;
  if (s < 0) s += len;
  let e = end ?? len;
  if (e < 0 || (e === 0 && derived)) e += len;
  if (e === s) return [];
  if (s >= len || s < 0) throw new CliError(`array index out of bounds: index ${s}, length ${len}`);
  if (e > len || e < 0) throw new CliError(`array index out of bounds: index ${e - 1}, length ${len}`);
  if (s > e) throw new CliError(`starting index ${s} is greater than ending index ${e}`);
  if (step !== undefined && step <= 0) throw new CliError('step must be > 0');
  const out: unknown[] = [];
  for (let i = s; i < e; i += step ?? 1) out.push(v[i]);
  return out;
}

/** Evaluates a path against one value, returning every match. */
export function evalPath(path: Segment[], root: unknown, opts: EvalOptions | boolean = {}): unknown[] {
  const o: EvalOptions = typeof opts === 'boolean' ? { strict: opts } : opts;
  let cur: unknown[] = [root];
  for (const seg of path) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (v === null || v === undefined) continue;
      if (seg.t === 'field') {
        if (typeof v === 'object' && !Array.isArray(v) && seg.name in (v as object)) next.push((v as Record<string, unknown>)[seg.name]);
      } else if (seg.t === 'all') {
        if (Array.isArray(v)) next.push(...v);
        else if (typeof v === 'object') next.push(...Object.keys(v as object).sort().map((k) => (v as Record<string, unknown>)[k]));
      } else if (seg.t === 'index' || seg.t === 'slice') {
        if (!Array.isArray(v)) {
          if (o.report) throw new CliError(`${typeName(v, !!o.typed)} is not array or slice`);
          continue;
        }
        if (seg.t === 'index') next.push(...sliceOf(v, seg.i, seg.i + 1, undefined, true));
        else next.push(...sliceOf(v, seg.start, seg.end, seg.step, false));
      } else if (seg.t === 'recursive') {
        collect(v, seg.name, next);
      } else if (Array.isArray(v)) {
        for (const item of v) if (filterMatches(seg, item, o)) next.push(item);
      }
    }
    if (o.strict && next.length === 0 && (seg.t === 'field' || seg.t === 'recursive')) throw new CliError(`${seg.name} is not found`);
    cur = next;
  }
  return cur;
}

function filterMatches(seg: Extract<Segment, { t: 'filter' }>, item: unknown, o: EvalOptions): boolean {
  const inner = { typed: o.typed, report: o.report };
  const left = evalPath(seg.left, item, inner);
  if (!seg.op) return left.length > 0;
  if (left.length === 0) return false;
  if (Array.isArray(seg.right)) {
    const r = evalPath(seg.right, item, inner)[0];
    return compare(left[0], seg.op, r, !!o.typed, kindOf(r, !!o.typed));
  }
  if (typeof seg.right === 'string') return compare(left[0], seg.op, seg.right, !!o.typed, 'string');
  return compare(left[0], seg.op, seg.right!.n, !!o.typed, seg.right!.int ? 'int' : 'float');
}

function collect(v: unknown, name: string, out: unknown[]): void {
  if (v === null || typeof v !== 'object') return;
  if (!Array.isArray(v) && name in (v as object)) out.push((v as Record<string, unknown>)[name]);
  for (const child of Array.isArray(v) ? v : Object.values(v as object)) collect(child, name, out);
}

/** How one result prints: strings raw, maps and lists as compact JSON. */
export function textOf(v: unknown): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'object') return toCompactJson(v);
  return String(v);
}

function render(nodes: Node[], data: unknown, o: EvalOptions): string {
  let out = '';
  for (const n of nodes) {
    if (n.t === 'text') out += n.s;
    else if (n.t === 'stray-end') throw new CliError('not in range, nothing to end');
    else if (n.t === 'expr') out += evalPath(n.path, data, o).map(textOf).join(' ');
    else for (const item of evalPath(n.path, data, o)) out += render(n.body, item, o);
  }
  return out;
}

/**
 * Runs a template against data (an object, or a List for several objects). `typed` is for
 * objects kubectl built itself (create/run/apply output), which reach the engine through
 * encoding/json with float64 numbers; objects from the server keep int64.
 */
export function executeJsonPath(tpl: string, data: unknown, allowMissing = true, typed = false): string {
  const nodes = parseTemplate(tpl);
  try {
    return render(nodes, data, { strict: !allowMissing, typed, report: true });
  } catch (e) {
    if (e instanceof CliError) {
      throw new CliError(
        `error executing jsonpath ${JSON.stringify(tpl)}: Error executing template: ${e.message}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t${tpl}\n\tobject given to jsonpath engine was:\n\t\t${goSyntax(data)}\n\n`,
      );
    }
    throw e;
  }
}
