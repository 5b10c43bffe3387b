/**
 * JSON as jq reads and writes it: a parser that keeps object keys in their order (a JavaScript
 * object would move integer-like keys first) and reports jq's parse errors, and the printer of
 * jq's output (2-space indent, `-c`, `--tab`, `--indent n`, `-S`, `-a`; no colour: the
 * terminal's output is not a colour terminal jq would detect).
 */

export type JqVal = null | boolean | number | string | JqVal[] | Map<string, JqVal>;

/** A parse error of the input, in jq's words (`Invalid numeric literal at line 1, column 4`). */
export class JsonParseError extends Error {}

/** Parses every JSON value in `text` (jq reads a stream of them); each with the offset where it ends. */
export function parseStream(text: string): { v: JqVal; end: number }[] {
  const out: { v: JqVal; end: number }[] = [];
  let i = 0;
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const where = (): string => {
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    const col = i - (before.lastIndexOf('\n') + 1);
    return `at line ${line}, column ${col}`;
  };
  const fail = (msg: string): never => {
    throw new JsonParseError(i >= text.length ? `Unfinished JSON term at EOF ${where()}` : `${msg} ${where()}`);
  };
  const value = (depth: number): JqVal => {
    if (depth > 10000) fail('Exceeds depth limit for parsing');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const m = new Map<string, JqVal>();
      ws();
      if (text[i] === '}') {
        i++;
        return m;
      }
      for (;;) {
        ws();
        if (text[i] === '}' && m.size) {
          i++;
          fail('Expected another key-value pair');
        }
        if (text[i] !== '"') fail('Object keys must be strings');
        const k = str();
        ws();
        if (text[i] !== ':') {
          // jq notices when the next token ends, one character past it.
          while (i < text.length && !/[\s,:\]}{[]/.test(text[i]!)) i++;
          i++;
          fail('Expected separator between values');
        }
        i++;
        m.set(k, value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return m;
        }
        return fail('Expected separator between values');
      }
    }
    if (c === '[') {
      i++;
      const a: JqVal[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return a;
      }
      for (;;) {
        a.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return a;
        }
        return fail('Expected separator between values');
      }
    }
    if (c === '"') return str();
    const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?|true|false|null|nan)/.exec(text.slice(i, i + 400));
    if (!m || /[A-Za-z0-9_.]/.test(text[i + m[0].length] ?? '')) {
      // jq reads the whole word before it complains, and reports where that word ends.
      const letter = /[A-Za-z]/.test(text[i] ?? '');
      while (i < text.length && !/[\s,\]}:[{"]/.test(text[i]!)) i++;
      if (i >= text.length) return fail('Unfinished JSON term');
      i++;
      throw new JsonParseError(`${letter ? 'Invalid literal' : 'Invalid numeric literal'} ${where()}`);
    }
    i += m[0].length;
    if (m[0] === 'true') return true;
    if (m[0] === 'false') return false;
    if (m[0] === 'null') return null;
    if (m[0] === 'nan') return NaN;
    return Number(m[0]);
  };
  const str = (): string => {
    i++;
    let s = '';
    for (;;) {
      if (i >= text.length) fail('Unfinished string');
      const c = text[i++]!;
      if (c === '"') return s;
      if (c === '\\') {
        const e = text[i++];
        const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
        if (e === 'u') {
          s += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
          i += 4;
        } else if (e !== undefined && e in map) s += map[e];
        else fail('Invalid escape');
      } else s += c;
    }
  };
  for (;;) {
    ws();
    if (i >= text.length) return out;
    const v = value(0);
    out.push({ v, end: i });
  }
}

/** A number as jq 1.7 prints it: integers whole, others in 17 significant digits at most, C's `%g` exponent form. */
export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'null';
  if (!Number.isFinite(n)) return n > 0 ? '1.7976931348623157e+308' : '-1.7976931348623157e+308';
  if (Object.is(n, -0)) return '-0';
  const [mant, expPart] = n.toExponential().split('e') as [string, string];
  const exp = Number(expPart);
  if (exp < -5 || exp >= 17) {
    const e = Math.abs(exp);
    return `${mant}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' + e : e}`;
  }
  return String(n).includes('e') ? n.toFixed(Math.max(0, -exp + mant.replace(/^-?\d\.?/, '').length)) : String(n);
}

/** A string in JSON, escaped as jq escapes it (`-a`: every non-ASCII character as \uXXXX). */
export function quote(s: string, ascii = false): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (c < 0x20 || c === 0x7f) out += '\\u' + c.toString(16).padStart(4, '0');
    else if (ascii && c > 0x7e) {
      for (let k = 0; k < ch.length; k++) out += '\\u' + ch.charCodeAt(k).toString(16).padStart(4, '0');
    } else out += ch;
  }
  return out + '"';
}

export interface PrintOptions {
  indent: string;
  sortKeys: boolean;
  ascii: boolean;
}

/** `v` as jq prints it; `indent` '' prints compactly (-c). */
export function stringify(v: JqVal, o: PrintOptions, level = 0): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'string') return quote(v, o.ascii);
  const pad = o.indent ? '\n' + o.indent.repeat(level + 1) : '';
  const end = o.indent ? '\n' + o.indent.repeat(level) : '';
  const sep = o.indent ? ': ' : ':';
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    return '[' + v.map((x) => pad + stringify(x, o, level + 1)).join(',') + end + ']';
  }
  if (!v.size) return '{}';
  const keys = o.sortKeys ? [...v.keys()].sort() : [...v.keys()];
  return '{' + keys.map((k) => pad + quote(k, o.ascii) + sep + stringify(v.get(k)!, o, level + 1)).join(',') + end + '}';
}

/** Compact JSON text of `v` (tojson, error messages). */
export function toJson(v: JqVal): string {
  return stringify(v, { indent: '', sortKeys: false, ascii: false });
}

/** Converts a plain JavaScript value (from JSON.parse) into jq's value. */
export function fromPlain(v: unknown): JqVal {
  if (v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  if (v instanceof Map) return v as Map<string, JqVal>;
  const m = new Map<string, JqVal>();
  for (const [k, x] of Object.entries(v as object)) m.set(k, fromPlain(x));
  return m;
}
