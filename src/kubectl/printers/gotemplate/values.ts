/**
 * Go values as kubectl's go-template printer sees them: the object decoded as unstructured
 * data (maps, `[]interface {}`, strings, int64, float64, bool, nil). `undefined` is Go's
 * invalid value (a missing key: `<no value>`), `null` a nil interface. Literal numbers of the
 * template are `int`/`float64` (`GoLit`), which only matters for error texts.
 */

/** A number written in the template itself. */
export class GoLit {
  readonly value: number;
  readonly kind: 'int' | 'uint8' | 'float64';
  constructor(value: number, kind: 'int' | 'uint8' | 'float64') {
    this.value = value;
    this.kind = kind;
  }
}

/** An error raised by a function; the executor adds the position and `error calling f:`. */
export class ExecError extends Error {}

/** A wrong number of arguments, which Go reports without `error calling f:`. */
export class ArityError extends ExecError {}

/** Unwraps literals to plain JS values. */
export function plain(v: unknown): unknown {
  return v instanceof GoLit ? v.value : v;
}

/** The Go type name of a value, as fmt's `%!d(string=x)` shows it. */
export function goType(v: unknown): string {
  if (v instanceof GoLit) return v.kind;
  if (v === null || v === undefined) return 'interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/** Whether a value is an integer (data int64 or literal int). */
export function isInt(v: unknown): boolean {
  return v instanceof GoLit ? v.kind !== 'float64' : typeof v === 'number' && Number.isInteger(v);
}

/** Go's float formatting for %v: shortest representation, exponent from 1e21. */
function goFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  const s = String(n);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** A value as `fmt.Sprint` (`%v`) prints it: `map[a:b]`, `[x y]`, `<nil>`. */
export function goPrint(v: unknown): string {
  if (v instanceof GoLit) return v.kind === 'float64' ? goFloat(v.value) : String(v.value);
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloat(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(goPrint).join(' ')}]`;
  const o = v as Record<string, unknown>;
  return `map[${Object.keys(o)
    .sort()
    .map((k) => `${k}:${goPrint(o[k])}`)
    .join(' ')}]`;
}

/** text/template's truth: false, 0, "", nil, empty map or list are false. */
export function isTrue(v: unknown): boolean {
  const p = plain(v);
  if (p === null || p === undefined) return false;
  if (typeof p === 'boolean') return p;
  if (typeof p === 'number') return p !== 0;
  if (typeof p === 'string') return p.length > 0;
  if (Array.isArray(p)) return p.length > 0;
  return Object.keys(p as object).length > 0;
}

/** A string's UTF-8 bytes (Go strings are bytes). */
export function utf8Bytes(s: string): number[] {
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

/** Decodes UTF-8 bytes (invalid sequences become U+FFFD). */
export function utf8Decode(bytes: number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
    if (n === 0 || i + n > bytes.length) {
      out += '\uFFFD';
      i++;
      continue;
    }
    let c = n === 1 ? b : b & (0xff >> (n + 1));
    for (let k = 1; k < n; k++) c = (c << 6) | (bytes[i + k]! & 63);
    out += String.fromCodePoint(c);
    i += n;
  }
  return out;
}

/** The length of a string in bytes (Go's len of a string). */
export function byteLength(s: string): number {
  return utf8Bytes(s).length;
}
