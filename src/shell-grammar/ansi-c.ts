/** `$'...'` strings and `echo -e`: backslash escapes as bash reads them. */

/** Backslash escapes as `echo -e` and `$'...'` understand them. */
export function unescapeAnsiC(s: string): string {
  const map: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    a: '\x07',
    b: '\b',
    e: '\x1b',
    E: '\x1b',
    f: '\f',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
    '0': '\0',
  };
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (all, esc: string) => {
    if (esc[0] === 'x') return String.fromCharCode(parseInt(esc.slice(1), 16));
    if (/^[0-7]+$/.test(esc) && esc !== '0') return String.fromCharCode(parseInt(esc, 8));
    return map[esc] ?? all;
  });
}
