/**
 * `-o json` as kubectl prints it: Go's json.MarshalIndent with 4 spaces over the object
 * decoded as unstructured data, so keys are sorted and `<`, `>`, `&` are escaped.
 */

function escapeString(s: string): string {
  return JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function encode(v: unknown, indent: string, step: string, sort = true): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return escapeString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const inner = indent + step;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (!step) return '[' + v.map((x) => encode(x, '', '', sort)).join(',') + ']';
    return '[\n' + v.map((x) => inner + encode(x, inner, step, sort)).join(',\n') + '\n' + indent + ']';
  }
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined);
  if (sort) keys.sort();
  if (keys.length === 0) return '{}';
  if (!step) return '{' + keys.map((k) => escapeString(k) + ':' + encode(obj[k], '', '', sort)).join(',') + '}';
  return '{\n' + keys.map((k) => inner + escapeString(k) + ': ' + encode(obj[k], inner, step, sort)).join(',\n') + '\n' + indent + '}';
}

/** Pretty JSON, 4-space indent, sorted keys, trailing newline. */
export function toJson(v: unknown): string {
  return encode(v, '', '    ') + '\n';
}

/** Pretty JSON like `toJson`, keeping the keys in `v`'s own order (a typed Go struct's, as `config view -o json` prints). */
export function toStructJson(v: unknown): string {
  return encode(v, '', '    ', false) + '\n';
}

/** Compact JSON as Go's json.Marshal writes it (jsonpath prints maps and lists this way). */
export function toCompactJson(v: unknown): string {
  return encode(v, '', '');
}
