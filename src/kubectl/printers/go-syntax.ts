/** Go's `%#v` formatting of decoded JSON, which kubectl prints when a JSONPath template fails. */

/** Go's `%#v` of unstructured data (`map[string]interface {}{"a":"b"}`), as kubectl shows it in errors. */
export function goSyntax(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSyntax).join(', ')}}`;
  const o = v as Record<string, unknown>;
  return `map[string]interface {}{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${goSyntax(o[k])}`)
    .join(', ')}}`;
}
