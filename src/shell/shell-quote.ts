/** Quoting a word so that bash would read it back as the same word, as bash prints values and traces. */

/**
 * A word as bash prints it in `set`'s listing and `set -x`'s trace: bare when plain, `'...'`
 * when it has shell characters, and in the listing (`ansiC`) `$'...'` for control characters.
 */
export function shellQuote(v: string, ansiC = true): string {
  if (v === '') return "''";
  if (ansiC && hasControl(v)) return ansiCQuote(v);
  if (!/[ \t\n'"\\|&;()<>!{}*[?\]^$`]/.test(v) && !/^[~#]|[=:]~/.test(v)) return v;
  return `'${v.replace(/'/g, "'\\''")}'`;
}

/** Whether `v` has a control character (bash then quotes it as `$'...'`). */
export function hasControl(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\x00-\x1f\x7f]/.test(v);
}

/** `$'...'`, with bash's escapes for control characters, `\\` and `'`. */
export function ansiCQuote(v: string): string {
  // eslint-disable-next-line no-control-regex
  const esc = v.replace(/[\\'\x00-\x1f\x7f]/g, (c) => CONTROL[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return `$'${esc}'`;
}

const CONTROL: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\t': '\\t', '\n': '\\n', '\r': '\\r', '\x1b': '\\E', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\v': '\\v' };
