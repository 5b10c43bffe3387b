/**
 * Lexer for Go's text/template: text between actions, and inside `{{ }}` fields, variables,
 * identifiers, strings (interpreted and raw), numbers, parentheses, `|`, `:=`, `=`, `,`.
 * Applies the `{{- ` / ` -}}` whitespace trimming to the neighbouring text.
 */

/** A token; `pos` is its byte offset in the template. */
export interface Token {
  t:
    | 'text'
    | 'open'
    | 'close'
    | 'comment'
    | 'space'
    | 'field'
    | 'var'
    | 'dot'
    | 'ident'
    | 'string'
    | 'number'
    | 'lparen'
    | 'rparen'
    | 'pipe'
    | 'comma'
    | 'declare'
    | 'assign'
    | 'eof';
  v: string;
  pos: number;
  value?: string;
}

/** A lexing error, with Go's message and the 1-based line. */
export class TemplateLexError extends Error {
  readonly line: number;
  constructor(line: number, msg: string) {
    super(msg);
    this.line = line;
  }
}

const SPACE = /[ \t\r\n]/;

function unescapeGo(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{3}|.)/g, (_, e: string) => {
    switch (e[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'a':
        return '\x07';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case 'x':
      case 'u':
        return String.fromCodePoint(parseInt(e.slice(1), 16));
      default:
        return /^[0-7]{3}$/.test(e) ? String.fromCharCode(parseInt(e, 8)) : e;
    }
  });
}

/** Splits a template into tokens. */
export function lex(src: string): Token[] {
  const toks: Token[] = [];
  const line = (pos: number) => src.slice(0, pos).split('\n').length;
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    let text = src.slice(i, open < 0 ? src.length : open);
    const trimLeft = open >= 0 && src.startsWith('{{- ', open) ? true : open >= 0 && /^\{\{-[\t\r\n ]/.test(src.slice(open, open + 4));
    if (trimNext) text = text.replace(/^[ \t\r\n]+/, '');
    if (trimLeft) text = text.replace(/[ \t\r\n]+$/, '');
    trimNext = false;
    if (text) toks.push({ t: 'text', v: text, pos: i });
    if (open < 0) break;
    let j = open + (trimLeft ? 3 : 2);
    // A comment is the whole action: {{/* ... */}}.
    if (src.startsWith('/*', j)) {
      const end = src.indexOf('*/', j);
      if (end < 0) throw new TemplateLexError(line(open), 'unclosed comment');
      let k = end + 2;
      if (/^[ \t\r\n]-\}\}/.test(src.slice(k, k + 4))) {
        trimNext = true;
        k += 4;
      } else if (src.startsWith('}}', k)) k += 2;
      else throw new TemplateLexError(line(open), 'comment ends before closing delimiter');
      toks.push({ t: 'comment', v: '', pos: open });
      i = k;
      continue;
    }
    toks.push({ t: 'open', v: '{{', pos: open });
    let depth = 0;
    for (;;) {
      if (j >= src.length) throw new TemplateLexError(line(src.length), 'unclosed action');
      const c = src[j]!;
      if (/^[ \t\r\n]-\}\}/.test(src.slice(j, j + 4))) {
        toks.push({ t: 'close', v: '}}', pos: j + 1 });
        trimNext = true;
        j += 4;
        break;
      }
      if (src.startsWith('}}', j)) {
        toks.push({ t: 'close', v: '}}', pos: j });
        j += 2;
        break;
      }
      if (SPACE.test(c)) {
        const m = /^[ \t\r\n]+/.exec(src.slice(j))!;
        toks.push({ t: 'space', v: m[0], pos: j });
        j += m[0].length;
      } else if (c === '.' && /[A-Za-z_]/.test(src[j + 1] ?? '')) {
        const m = /^\.[A-Za-z_0-9]+/.exec(src.slice(j))!;
        toks.push({ t: 'field', v: m[0], pos: j });
        j += m[0].length;
      } else if (c === '.' && !/\d/.test(src[j + 1] ?? '')) {
        toks.push({ t: 'dot', v: '.', pos: j });
        j++;
      } else if (c === '$') {
        const m = /^\$[A-Za-z_0-9]*/.exec(src.slice(j))!;
        toks.push({ t: 'var', v: m[0], pos: j });
        j += m[0].length;
      } else if (c === '"') {
        const m = /^"(?:[^"\\\n]|\\.)*"/.exec(src.slice(j));
        if (!m) throw new TemplateLexError(line(j), 'unterminated quoted string');
        toks.push({ t: 'string', v: m[0], pos: j, value: unescapeGo(m[0].slice(1, -1)) });
        j += m[0].length;
      } else if (c === '`') {
        const end = src.indexOf('`', j + 1);
        if (end < 0) throw new TemplateLexError(line(j), 'unterminated raw quoted string');
        toks.push({ t: 'string', v: src.slice(j, end + 1), pos: j, value: src.slice(j + 1, end) });
        j = end + 1;
      } else if (/[-+\d.]/.test(c)) {
        const m = /^[-+]?(?:0x[\da-fA-F]+|\d*\.?\d+(?:[eE][-+]?\d+)?|\d+\.)/.exec(src.slice(j));
        if (!m) throw new TemplateLexError(line(j), `bad number syntax: "${c}"`);
        toks.push({ t: 'number', v: m[0], pos: j });
        j += m[0].length;
      } else if (/[A-Za-z_]/.test(c)) {
        const m = /^[A-Za-z_0-9]+/.exec(src.slice(j))!;
        toks.push({ t: 'ident', v: m[0], pos: j });
        j += m[0].length;
      } else if (c === '(') {
        depth++;
        toks.push({ t: 'lparen', v: '(', pos: j++ });
      } else if (c === ')') {
        if (--depth < 0) throw new TemplateLexError(line(j), `unexpected right paren`);
        toks.push({ t: 'rparen', v: ')', pos: j++ });
      } else if (c === '|') toks.push({ t: 'pipe', v: '|', pos: j++ });
      else if (c === ',') toks.push({ t: 'comma', v: ',', pos: j++ });
      else if (src.startsWith(':=', j)) {
        toks.push({ t: 'declare', v: ':=', pos: j });
        j += 2;
      } else if (c === '=') toks.push({ t: 'assign', v: '=', pos: j++ });
      else throw new TemplateLexError(line(j), `unrecognized character in action: U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`);
    }
    i = j;
  }
  toks.push({ t: 'eof', v: '', pos: src.length });
  return toks;
}
