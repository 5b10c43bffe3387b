/**
 * kubectl's JSONPath templates (client-go util/jsonpath): literal text, `{.a.b}`, `['key']`,
 * `[n]`, `[-1]`, `[a:b]`, `[*]`, `..name`, filters `[?(@.x=="y")]`, `{range ...}...{end}`
 * and quoted literals such as `{"\n"}`. Several results of one action are joined by spaces;
 * maps and lists print as compact JSON. Missing keys print nothing
 * (`--allow-missing-template-keys=true`).
 */
import { CliError } from '../cli/errors.ts';
import { toCompactJson } from './json.ts';

type Segment =
  | { t: 'field'; name: string }
  | { t: 'all' }
  | { t: 'index'; i: number }
  | { t: 'slice'; start?: number; end?: number }
  | { t: 'recursive'; name: string }
  | { t: 'filter'; left: Segment[]; op?: string; right?: Segment[] | string | number };

type Node = { t: 'text'; s: string } | { t: 'expr'; path: Segment[] } | { t: 'range'; path: Segment[]; body: Node[] };

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
    if (c === '.' && src[i + 1] === '.') {
      const m = /^[\w-]+/.exec(src.slice(i + 2));
      if (!m) fail(tpl, 'invalid recursive descent');
      segs.push({ t: 'recursive', name: m[0] });
      i += 2 + m[0].length;
    } else if (c === '.') {
      // A backslash escapes the next character of a field name (`.data.\.dockerconfigjson`).
      const m = /^(?:[\w-]|\\.)*|^\*/.exec(src.slice(i + 1))!;
      if (src[i + 1] === '*') {
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
      else if (/^-?\d+$/.test(inner)) segs.push({ t: 'index', i: parseInt(inner, 10) });
      else if (/^-?\d*:-?\d*(:\d*)?$/.test(inner)) {
        const [a, b] = inner.split(':');
        segs.push({ t: 'slice', start: a ? parseInt(a, 10) : undefined, end: b ? parseInt(b, 10) : undefined });
      } else if (/^'.*'$|^".*"$/.test(inner)) segs.push({ t: 'field', name: unquote(inner) });
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
  return fail(tpl, 'unterminated array');
}

function parseFilter(expr: string, tpl: string): Segment {
  const m = /^(@[^=!<>]*?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(expr);
  if (!m) return { t: 'filter', left: parsePath(expr, tpl) };
  const rhs = m[3]!.trim();
  let right: Segment[] | string | number;
  if (/^['"]/.test(rhs)) right = unquote(rhs);
  else if (/^-?\d+(\.\d+)?$/.test(rhs)) right = parseFloat(rhs);
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
      if (stack.length === 1) fail(tpl, 'not in range, nothing to end');
      stack.pop();
    } else if (action.startsWith('range ')) {
      const node: Node = { t: 'range', path: parsePath(action.slice(6).trim(), tpl), body: [] };
      cur.push(node);
      stack.push(node.body);
    } else if (action === '') continue;
    else cur.push({ t: 'expr', path: parsePath(action, tpl) });
  }
  return root;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  switch (op) {
    case '==': return a === b || (typeof a === 'number' && String(a) === String(b));
    case '!=': return !(a === b || (typeof a === 'number' && String(a) === String(b)));
    case '<': return (a as number) < (b as number);
    case '>': return (a as number) > (b as number);
    case '<=': return (a as number) <= (b as number);
    default: return (a as number) >= (b as number);
  }
}

/** Evaluates a path against one value, returning every match. */
export function evalPath(path: Segment[], root: unknown, strict = false): unknown[] {
  let cur: unknown[] = [root];
  for (const seg of path) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (v === null || v === undefined) continue;
      if (seg.t === 'field') {
        if (typeof v === 'object' && !Array.isArray(v) && seg.name in (v as object)) next.push((v as Record<string, unknown>)[seg.name]);
        else if (strict) throw new CliError(`${seg.name} is not found`);
      } else if (seg.t === 'all') {
        if (Array.isArray(v)) next.push(...v);
        else if (typeof v === 'object') next.push(...Object.keys(v as object).sort().map((k) => (v as Record<string, unknown>)[k]));
      } else if (seg.t === 'index') {
        if (Array.isArray(v)) {
          const idx = seg.i < 0 ? v.length + seg.i : seg.i;
          if (idx < 0 || idx >= v.length) throw new CliError(`array index out of bounds: index ${seg.i}, length ${v.length}`);
          next.push(v[idx]);
        }
      } else if (seg.t === 'slice') {
        if (Array.isArray(v)) next.push(...v.slice(seg.start ?? 0, seg.end ?? v.length));
      } else if (seg.t === 'recursive') {
        collect(v, seg.name, next);
      } else if (Array.isArray(v)) {
        for (const item of v) if (filterMatches(seg, item)) next.push(item);
      }
    }
    cur = next;
  }
  return cur;
}

function filterMatches(seg: Extract<Segment, { t: 'filter' }>, item: unknown): boolean {
  const left = evalPath(seg.left, item);
  if (!seg.op) return left.length > 0;
  if (left.length === 0) return false;
  const right = Array.isArray(seg.right) ? evalPath(seg.right, item)[0] : seg.right;
  return compare(left[0], seg.op, right);
}

function collect(v: unknown, name: string, out: unknown[]): void {
  if (v === null || typeof v !== 'object') return;
  if (!Array.isArray(v) && name in (v as object)) out.push((v as Record<string, unknown>)[name]);
  for (const child of Array.isArray(v) ? v : Object.values(v as object)) collect(child, name, out);
}

/** How one result prints: strings raw, maps and lists as compact JSON. */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return toCompactJson(v);
  return String(v);
}

function render(nodes: Node[], data: unknown, strict: boolean): string {
  let out = '';
  for (const n of nodes) {
    if (n.t === 'text') out += n.s;
    else if (n.t === 'expr') out += evalPath(n.path, data, strict).map(textOf).join(' ');
    else for (const item of evalPath(n.path, data, strict)) out += render(n.body, item, strict);
  }
  return out;
}

/** Go's `%#v` of unstructured data (`map[string]interface {}{"a":"b"}`), as kubectl shows it in errors. */
function goSyntax(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSyntax).join(', ')}}`;
  const o = v as Record<string, unknown>;
  return `map[string]interface {}{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${goSyntax(o[k])}`).join(', ')}}`;
}

/** Runs a template against data (an object, or a List for several objects). */
export function executeJsonPath(tpl: string, data: unknown, allowMissing = true): string {
  const nodes = parseTemplate(tpl);
  try {
    return render(nodes, data, !allowMissing);
  } catch (e) {
    if (e instanceof CliError) {
      throw new CliError(
        `error executing jsonpath ${JSON.stringify(tpl)}: Error executing template: ${e.message}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t${tpl}\n\tobject given to jsonpath engine was:\n\t\t${goSyntax(data)}\n\n`,
      );
    }
    throw e;
  }
}
