/**
 * `-o yaml` exactly as kubectl prints it: the object goes through JSON and Go's yaml.v2
 * (sigs.k8s.io/yaml), so map keys are sorted, indentation is 2, sequences under a key are
 * not indented, strings are quoted only when yaml.v2 would read them back as something
 * else (numbers, booleans, null, timestamps) or when the emitter cannot write them plain
 * (then single quotes, or double quotes for control characters), multi-line strings use
 * literal blocks, and long scalars are folded at spaces past column 80.
 */

const BEST_WIDTH = 80;

/** Strings that are always plain unless they resolve to another type (no spaces or indicators). */
const SIMPLE = /^[A-Za-z0-9_/.][A-Za-z0-9_/.=+-]*$/;

const YAML11_BOOL_NULL = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE',
  'on', 'On', 'ON', 'off', 'Off', 'OFF', '~', 'null', 'Null', 'NULL', '',
]);

/** Whether yaml.v2's resolver reads `s` as something other than a string. */
function resolvesToNonString(s: string): boolean {
  if (YAML11_BOOL_NULL.has(s)) return true;
  if (/^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$/.test(s)) return true;
  if (/^[-+0-9.]/.test(s)) {
    const plain = s.replace(/_/g, '');
    if (/^[-+]?(0b[01]+|0o?[0-7]+|0x[0-9a-fA-F]+|[0-9]+)$/.test(plain)) return true;
    if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(plain)) return true;
    // base 60 floats (1:20) and timestamps (2006-1-2, 2006-1-2T15:4:5Z)
    if (/^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(s)) return true;
    if (/^\d{4}-\d{1,2}-\d{1,2}([Tt ]\d{1,2}:\d{1,2}:\d{1,2}(\.\d+)?(Z|[-+]\d{1,2}(:\d{2})?)?)?$/.test(s)) return true;
  }
  return false;
}

function isPrintable(c: string): boolean {
  const code = c.codePointAt(0)!;
  return code === 0x0a || (code >= 0x20 && code <= 0x7e) || code === 0x85 || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd && code !== 0xfeff) || code >= 0x10000;
}

type Style = 'plain' | 'single' | 'double' | 'literal';

/** libyaml's analyze_scalar + select_scalar_style, for block context. */
function styleFor(s: string, simpleKey: boolean): Style {
  if (s.includes('\n') && !simpleKey) {
    // literal unless a line ends in a space before a break or has special characters
    if (/ \n/.test(s) || [...s].some((c) => !isPrintable(c)) || s.endsWith(' ')) return 'double';
    return 'literal';
  }
  if (s.includes('\n')) return 'double';
  const chars = [...s];
  if (chars.some((c) => !isPrintable(c))) return 'double';
  if (resolvesToNonString(s)) return 'double';
  let plain = true;
  if (s.startsWith('---') || s.startsWith('...')) plain = false;
  if (s.startsWith(' ') || s.endsWith(' ')) plain = false;
  for (let i = 0; i < chars.length && plain; i++) {
    const c = chars[i]!;
    const next = chars[i + 1];
    const followedBySpace = next === undefined || next === ' ' || next === '\t';
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) plain = false;
      if ((c === '?' || c === ':' || c === '-') && followedBySpace) plain = false;
    } else {
      if (c === ':' && followedBySpace) plain = false;
      if (c === '#' && chars[i - 1] === ' ') plain = false;
    }
  }
  return plain ? 'plain' : 'single';
}

const ESCAPES: Record<string, string> = {
  '\0': '\\0', '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r',
  '\x1b': '\\e', '"': '\\"', '\\': '\\\\', '\x85': '\\N', '\xa0': '\\_', '\u2028': '\\L', '\u2029': '\\P',
};

/**
 * Writes a scalar starting at `column`, folding at single spaces once past column 80 (only
 * where `allowBreaks`), continuation lines indented by `indent`.
 */
function folded(body: string[], column: number, indent: number, allowBreaks: boolean, open: string, close: string, escapeSpace: boolean): string {
  let out = open;
  let col = column + open.length;
  let prevSpace = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === ' ' && allowBreaks && !prevSpace && col > BEST_WIDTH && i !== 0 && i !== body.length - 1 && body[i + 1] !== ' ') {
      out += '\n' + ' '.repeat(indent);
      col = indent;
      if (escapeSpace && body[i + 1] === ' ') out += '\\';
      prevSpace = true;
      continue;
    }
    out += c;
    col += c.length === 1 || c.length === 2 ? 1 : c.length;
    prevSpace = c === ' ';
  }
  return out + close;
}

/** A scalar (string, number, bool, null) as it appears after `key: ` or `- `. */
function scalar(v: unknown, column: number, indent: number, simpleKey = false): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return formatNumber(v);
  const s = String(v);
  // Fast path for the common case: a short identifier-like string that stays a string.
  if (SIMPLE.test(s) && column + s.length <= BEST_WIDTH && !resolvesToNonString(s)) return s;
  const style = styleFor(s, simpleKey);
  if (style === 'plain') return folded([...s], column, indent, !simpleKey, '', '', false);
  if (style === 'single') return folded([...s.replace(/'/g, "''")], column, indent, !simpleKey, "'", "'", false);
  if (style === 'double') {
    const body = [...s].map((c) => ESCAPES[c] ?? (isPrintable(c) ? c : '\\u' + c.codePointAt(0)!.toString(16).padStart(4, '0')));
    return folded(body, column, indent, !simpleKey, '"', '"', true);
  }
  const chomp = s.endsWith('\n\n') ? '+' : s.endsWith('\n') ? '' : '-';
  const head = '|' + (s.startsWith(' ') ? '2' : '') + chomp;
  const lines = (chomp === '' || chomp === '+' ? s.slice(0, -1) : s).split('\n');
  return head + lines.map((l) => '\n' + (l === '' ? '' : ' '.repeat(indent) + l)).join('');
}

/** Go's float formatting for JSON numbers that yaml.v2 re-emits. */
function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const s = String(n);
  return s.includes('e') ? s.replace(/e([+-])(\d)$/, 'e$10$2') : s;
}

function isEmptyCollection(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  return v !== null && typeof v === 'object' && Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).length === 0;
}

function isCollection(v: unknown): v is object {
  return v !== null && typeof v === 'object';
}

function mapLines(obj: Record<string, unknown>, indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  for (const key of Object.keys(obj).sort()) {
    const v = obj[key];
    if (v === undefined) continue;
    const k = scalar(key, indent, indent, true);
    valueAfter(v, indent, indent + k.length + 1, pad + k + ':', out);
  }
}

/** Writes `head` (`key:` / `- `) followed by a scalar, `{}`/`[]`, or a nested block. */
function valueAfter(v: unknown, indent: number, column: number, head: string, out: string[]): void {
  if (isCollection(v) && !isEmptyCollection(v)) {
    out.push(head + '\n');
    if (Array.isArray(v)) seqLines(v, indent, out);
    else mapLines(v as Record<string, unknown>, indent + 2, out);
    return;
  }
  if (isCollection(v)) out.push(head + (Array.isArray(v) ? ' []\n' : ' {}\n'));
  else out.push(head + ' ' + scalar(v, column + 1, indent + 2) + '\n');
}

function seqLines(arr: unknown[], indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  for (const item of arr) {
    if (isCollection(item) && !isEmptyCollection(item)) {
      // The item's first line shares the `- ` with the dash: write the block, then replace
      // the first line's indentation by the dash.
      const first = out.length;
      if (Array.isArray(item)) seqLines(item, indent + 2, out);
      else mapLines(item as Record<string, unknown>, indent + 2, out);
      out[first] = pad + '- ' + out[first]!.slice(indent + 2);
    } else if (isCollection(item)) {
      out.push(pad + '- ' + (Array.isArray(item) ? '[]' : '{}') + '\n');
    } else {
      out.push(pad + '- ' + scalar(item, indent + 2, indent + 2) + '\n');
    }
  }
}

/** Serializes JSON-shaped data as kubectl's `-o yaml` does (ends with a newline). */
export function toYaml(v: unknown): string {
  if (isCollection(v) && !isEmptyCollection(v)) {
    const out: string[] = [];
    if (Array.isArray(v)) seqLines(v, 0, out);
    else mapLines(v as Record<string, unknown>, 0, out);
    return out.join('');
  }
  if (isCollection(v)) return Array.isArray(v) ? '[]\n' : '{}\n';
  return scalar(v, 0, 0) + '\n';
}
