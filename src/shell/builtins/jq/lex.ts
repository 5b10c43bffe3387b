/** The tokens of a jq program; a string's interpolations are tokenised recursively. */

/** A program that does not compile, with jq's message (the caller adds `jq: error: ` and the count). */
export class JqCompileError extends Error {}

export type Tok = { k: 'num' | 'str' | 'ident' | 'field' | 'var' | 'format' | 'op' | 'kw' | 'eof'; v: string; parts?: (string | Tok[])[] };

const KEYWORDS = new Set([
  'def',
  'if',
  'then',
  'elif',
  'else',
  'end',
  'as',
  'reduce',
  'foreach',
  'try',
  'catch',
  'label',
  'import',
  'include',
  'and',
  'or',
  '__loc__',
]);
const OPS = [
  '?//',
  '|=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '//=',
  '==',
  '!=',
  '<=',
  '>=',
  '//',
  '..',
  '.',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '|',
  ',',
  ':',
  ';',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
  '$',
];

export function syntax(what: string, src: string): JqCompileError {
  return new JqCompileError(`syntax error, unexpected ${what} (Unix shell quoting issues?) at <top-level>, line 1:\n${src}`);
}

/** Splits jq source into tokens; a string's interpolations are tokenised recursively. */
export function lex(src: string, from = 0, stopAtParen = false): { toks: Tok[]; end: number } {
  const toks: Tok[] = [];
  let i = from;
  let depth = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (stopAtParen) {
      if (c === '(') depth++;
      if (c === ')' && depth-- === 0) return { toks, end: i + 1 };
    }
    if (c === '"') {
      const parts: (string | Tok[])[] = [];
      let cur = '';
      i++;
      for (;;) {
        if (i >= src.length) throw syntax('end of file', src);
        const ch = src[i++]!;
        if (ch === '"') break;
        if (ch !== '\\') {
          cur += ch;
          continue;
        }
        const e = src[i++];
        if (e === '(') {
          parts.push(cur);
          cur = '';
          const inner = lex(src, i, true);
          parts.push(inner.toks.concat([{ k: 'eof', v: '' }]));
          i = inner.end;
        } else if (e === 'u') {
          cur += String.fromCharCode(parseInt(src.slice(i, i + 4), 16));
          i += 4;
        } else {
          const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
          if (e === undefined || !(e in map))
            throw new JqCompileError(`invalid escape at line 1, column ${i} (while parsing '"\\${e ?? ''}"') at <top-level>, line 1:\n${src}`);
          cur += map[e];
        }
      }
      parts.push(cur);
      toks.push({ k: 'str', v: '', parts });
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = /^(\d+\.?\d*([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?)/.exec(src.slice(i))) && !(c === '.' && !/\d/.test(src[i + 1] ?? ''))) {
      toks.push({ k: 'num', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (c === '.' && /[A-Za-z_]/.test(src[i + 1] ?? '')) {
      m = /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(src.slice(i))!;
      toks.push({ k: 'field', v: m[1]! });
      i += m[0].length;
      continue;
    }
    if (c === '$' && /[A-Za-z_]/.test(src[i + 1] ?? '')) {
      m = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(src.slice(i))!;
      toks.push({ k: 'var', v: m[1]! });
      i += m[0].length;
      continue;
    }
    if (c === '@' && (m = /^@([A-Za-z0-9_]+)/.exec(src.slice(i)))) {
      toks.push({ k: 'format', v: m[1]! });
      i += m[0].length;
      continue;
    }
    if ((m = /^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*/.exec(src.slice(i)))) {
      toks.push({ k: KEYWORDS.has(m[0]) ? 'kw' : 'ident', v: m[0] });
      i += m[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw syntax('INVALID_CHARACTER', src);
    toks.push({ k: 'op', v: op });
    i += op.length;
  }
  if (stopAtParen) throw syntax('end of file', src);
  return { toks, end: i };
}
