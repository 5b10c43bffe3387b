/**
 * POSIX regular-expression syntaxes turned into the JavaScript-like syntax compile.ts reads:
 * basic (BRE: grep, sed), extended (ERE: grep -E, sed -E, awk) and the bracket classes
 * `[:alpha:]` and friends.
 */

/**
 * Turns a POSIX basic regular expression into the engine's syntax: in BRE, `+ ? | ( ) { }` are
 * literal and their backslashed forms are the operators (GNU extension), the reverse of ERE.
 */
export function breToJs(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const n = pattern[++i]!;
      out += '+?|(){}'.includes(n) ? n : '\\' + n;
    } else if ('+?|(){}'.includes(c)) out += '\\' + c;
    // `^` anchors only at the start (of the pattern, a group or an alternative) and `$` only at
    // the end; elsewhere they are ordinary characters, as in `s/$ITEM/apple/`.
    else if (c === '^') out += i === 0 || /\\[(|]$/.test(pattern.slice(0, i)) ? c : '\\^';
    else if (c === '$') out += i === pattern.length - 1 || /^\\[)|]/.test(pattern.slice(i + 1)) ? c : '\\$';
    else if (c === '[') {
      const end = bracketEnd(pattern, i);
      out += pattern.slice(i, end + 1);
      i = end;
    } else out += c;
  }
  return out;
}

/** Index of the `]` closing the bracket expression starting at `start` (`[]a]`, `[^]a]` allowed). */
function bracketEnd(p: string, start: number): number {
  let i = start + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++;
  for (; i < p.length; i++) {
    if (p[i] === '[' && p[i + 1] === ':') {
      const close = p.indexOf(':]', i + 2);
      if (close > 0) i = close + 1;
    } else if (p[i] === ']') return i;
  }
  return p.length - 1;
}

const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
  cntrl: '\x00-\x1f',
  print: ' -~',
  graph: '!-~',
};

/** Replaces `[:name:]` inside bracket expressions by the ranges it stands for. */
export function expandClasses(source: string): string {
  return source.replace(/\[:([a-z]+):\]/g, (all, name: string) => CLASSES[name] ?? all);
}

/** The engine's syntax for `pattern` as a fixed string. */
export function escapeFixed(pattern: string): string {
  return pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
