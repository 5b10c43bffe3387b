/**
 * The tokens of an awk program. A `/` starts a regular expression where an operand may begin
 * and divides elsewhere, as in every awk; newlines are tokens, since they end statements.
 */

export type TokKind = 'num' | 'str' | 're' | 'name' | 'func' | 'builtin' | 'kw' | 'op' | 'nl' | 'eof';

export interface Token {
  kind: TokKind;
  text: string;
  /** The number of a `num`, the value of a `str` or `re`. */
  value?: number | string;
  line: number;
}

/** A program that does not parse, in mawk's words (`line 1: syntax error at or near }`). */
export class AwkSyntaxError extends Error {}

const KEYWORDS = new Set([
  'BEGIN',
  'END',
  'function',
  'func',
  'if',
  'else',
  'while',
  'for',
  'do',
  'break',
  'continue',
  'next',
  'nextfile',
  'exit',
  'return',
  'delete',
  'in',
  'getline',
  'print',
  'printf',
]);
export const BUILTINS = new Set([
  'length',
  'substr',
  'index',
  'split',
  'sub',
  'gsub',
  'match',
  'sprintf',
  'sin',
  'cos',
  'atan2',
  'exp',
  'log',
  'sqrt',
  'int',
  'rand',
  'srand',
  'tolower',
  'toupper',
  'system',
  'close',
  'fflush',
]);
const OPS = [
  '**=',
  '^=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '==',
  '<=',
  '>=',
  '!=',
  '++',
  '--',
  '&&',
  '||',
  '>>',
  '!~',
  '**',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '!',
  '>',
  '<',
  '|',
  '?',
  ':',
  '~',
  '$',
  '=',
];

/** Splits `src` into tokens; throws AwkSyntaxError. */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  const push = (kind: TokKind, text: string, value?: number | string): void => {
    out.push({ kind, text, value, line });
  };
  /** Whether the previous token ends an operand, so that `/` divides. */
  const afterOperand = (): boolean => {
    const t = out[out.length - 1];
    if (!t) return false;
    if (t.kind === 'num' || t.kind === 'str' || t.kind === 'name' || t.kind === 're') return true;
    if (t.kind === 'builtin') return true;
    if (t.kind === 'op') return t.text === ')' || t.text === ']' || t.text === '$' || t.text === '++' || t.text === '--';
    return false;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n') {
      push('nl', '\n');
      i++;
      line++;
      continue;
    }
    if (/[0-9.]/.test(c) && /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.test(src.slice(i))) {
      const m = /^(0[xX][0-9a-fA-F]+|(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)/.exec(src.slice(i))!;
      push('num', m[0], Number(m[0]));
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))!;
      const w = m[0];
      i += w.length;
      if (KEYWORDS.has(w)) push('kw', w === 'func' ? 'function' : w);
      else if (BUILTINS.has(w)) push('builtin', w);
      else push(src[i] === '(' ? 'func' : 'name', w);
      continue;
    }
    if (c === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= src.length || src[i] === '\n') throw new AwkSyntaxError(`line ${line}: runaway string constant "${s.slice(0, 10)} ...`);
        const ch = src[i++]!;
        if (ch === '"') break;
        if (ch === '\\') s += escape();
        else s += ch;
      }
      push('str', JSON.stringify(s), s);
      continue;
    }
    if (c === '/' && !afterOperand()) {
      let s = '';
      i++;
      for (;;) {
        if (i >= src.length || src[i] === '\n') throw new AwkSyntaxError(`line ${line}: runaway regular expression /${s.slice(0, 10)} ...`);
        const ch = src[i++]!;
        if (ch === '/') break;
        if (ch === '\\' && src[i] === '/') {
          s += '/';
          i++;
        } else if (ch === '\\') {
          s += '\\' + (src[i++] ?? '');
        } else s += ch;
      }
      push('re', `/${s}/`, s);
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new AwkSyntaxError(`line ${line}: syntax error at or near ${c}`);
    push('op', op === '**' ? '^' : op === '**=' ? '^=' : op);
    i += op.length;
  }
  push('eof', 'end of file');
  return out;

  function escape(): string {
    const e = src[i++] ?? '';
    switch (e) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case '\\':
        return '\\';
      case '"':
        return '"';
      case '/':
        return '/';
      case 'a':
        return '\x07';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      default:
        if (/[0-7]/.test(e)) {
          let oct = e;
          while (oct.length < 3 && /[0-7]/.test(src[i] ?? '')) oct += src[i++];
          return String.fromCharCode(parseInt(oct, 8));
        }
        return '\\' + e;
    }
  }
}
