/**
 * A small YAML writer for manifests (maps, lists, strings, numbers, booleans), in the style of
 * kustomize-built release files: keys sorted, list items at their key's indentation, strings
 * quoted only where YAML would read them as something else.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function scalar(v: unknown): string {
  if (typeof v !== 'string') return String(v);
  const plain =
    /^[A-Za-z0-9/._\-=:,[\]]+$/.test(v) &&
    !/^(true|false|yes|no|on|off|null|~|[-+]?\d[\d_.]*(e[-+]?\d+)?)$/i.test(v) &&
    !/^[-[\]:]\s|^[[\]]|:$/.test(v) &&
    !/: /.test(v);
  return plain ? v : JSON.stringify(v);
}

function lines(v: unknown, indent: string): string[] {
  if (Array.isArray(v)) {
    if (!v.length) return [`${indent}[]`];
    return v.flatMap((item) => {
      const inner = lines(item, `${indent}  `);
      const first = inner[0]!.slice(indent.length + 2);
      return [`${indent}- ${first}`, ...inner.slice(1)];
    });
  }
  if (v && typeof v === 'object') {
    const keys = Object.keys(v as Obj).sort();
    if (!keys.length) return [`${indent}{}`];
    return keys.flatMap((k) => {
      const child = (v as Obj)[k];
      if (child && typeof child === 'object' && (Array.isArray(child) ? child.length : Object.keys(child).length)) {
        return [`${indent}${k}:`, ...lines(child, Array.isArray(child) ? indent : `${indent}  `)];
      }
      const one = child && typeof child === 'object' ? (Array.isArray(child) ? '[]' : '{}') : scalar(child);
      return [`${indent}${k}: ${one}`];
    });
  }
  return [`${indent}${scalar(v)}`];
}

/** One document (no `---`), ending with a newline. */
export function toYaml(doc: unknown): string {
  return `${lines(doc, '').join('\n')}\n`;
}
