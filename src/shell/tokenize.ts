/**
 * Splits shell input into words, operators and redirections the way sh does: single and double
 * quotes, backslash escapes, `$VAR`/`${VAR}`/`$(...)`, `#` comments, and here-documents whose
 * bodies follow on the next lines.
 *
 * Input may be incomplete (an open quote, a heredoc without its end line, a trailing `\`):
 * interactively the shell then reads another line with the `> ` prompt; in a script (`final`)
 * an open quote is an error and an unfinished heredoc ends at end of input with a warning.
 */
import type { HereDoc, Word, WordPart } from './ast.ts';

export type Token =
  | { type: 'word'; word: Word }
  | { type: 'op'; op: string }
  | { type: 'redir'; op: string; fd: number | undefined; doc?: HereDoc };

export type TokenizeResult =
  | { ok: true; tokens: Token[]; warnings: string[] }
  /** `heredoc`: the end line that would finish the first unfinished here-document. */
  /**
   * More lines are needed. `openQuote`: the input ends inside a plain `'...'` or `"..."`
   * string (the innermost open construct), so a next line without that quote character (and,
   * for `"`, without `\`, `$` or a backquote) leaves it open: no need to tokenize again.
   */
  | { ok: false; incomplete: true; heredoc?: { delimiter: string; stripTabs: boolean }; openQuote?: "'" | '"' }
  | { ok: false; incomplete: false; message: string };

const META = new Set([' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')']);
const OPS = ['&&', '||', ';;', '|', ';', '&', '(', ')'];
const REDIRS = ['&>>', '&>', '<<<', '<<-', '<<', '<&', '<>', '<', '>>', '>&', '>|', '>'];

class Incomplete {
  readonly missing: string;
  readonly doc: HereDoc | undefined;
  constructor(missing: string, doc?: HereDoc) {
    this.missing = missing;
    this.doc = doc;
  }
}

/** Tokenizes `src`; with `final`, end of input is end of script (no more lines will come). */
export function tokenize(src: string, final = false): TokenizeResult {
  const tokens: Token[] = [];
  const warnings: string[] = [];
  const pending: HereDoc[] = [];
  const startLine = new Map<HereDoc, number>();
  let pos = 0;
  let line = 1;

  const readHereDocs = (): void => {
    for (const doc of pending.splice(0)) {
      const start = startLine.get(doc) ?? line;
      const body: string[] = [];
      for (;;) {
        if (pos >= src.length) {
          if (!final) throw new Incomplete('heredoc', doc);
          warnings.push(`bash: warning: here-document at line ${start} delimited by end-of-file (wanted \`${doc.delimiter}')`);
          break;
        }
        const nl = src.indexOf('\n', pos);
        let text = nl < 0 ? src.slice(pos) : src.slice(pos, nl);
        pos = nl < 0 ? src.length : nl + 1;
        line++;
        if (doc.stripTabs) text = text.replace(/^\t+/, '');
        if (text === doc.delimiter) break;
        body.push(text);
      }
      doc.body = body.length ? body.join('\n') + '\n' : '';
    }
  };

  try {
    while (pos < src.length) {
      const c = src[pos]!;
      if (c === ' ' || c === '\t') {
        pos++;
        continue;
      }
      if (c === '\\' && src[pos + 1] === '\n') {
        pos += 2;
        line++;
        continue;
      }
      if (c === '\n') {
        pos++;
        line++;
        tokens.push({ type: 'op', op: '\n' });
        readHereDocs();
        continue;
      }
      if (c === '#') {
        while (pos < src.length && src[pos] !== '\n') pos++;
        continue;
      }
      const fdMatch = /^(\d+)(?=[<>])/.exec(src.slice(pos, pos + 12));
      const fd = fdMatch ? Number(fdMatch[1]) : undefined;
      const at = fdMatch ? pos + fdMatch[1]!.length : pos;
      const redir = REDIRS.find((r) => src.startsWith(r, at));
      if (redir && !(fd !== undefined && redir.startsWith('&'))) {
        pos = at + redir.length;
        if (redir === '<<' || redir === '<<-') {
          while (src[pos] === ' ' || src[pos] === '\t') pos++;
          if (pos >= src.length || META.has(src[pos]!)) {
            tokens.push({ type: 'redir', op: redir, fd });
            continue;
          }
          const word = readWord();
          const doc: HereDoc = {
            delimiter: word.map((p) => (p.kind === 'lit' ? p.text : p.kind === 'var' ? '$' + p.name : p.kind === 'arith' ? '$((' + p.source + '))' : '$(' + p.source + ')')).join(''),
            expand: word.every((p) => !p.quoted),
            stripTabs: redir === '<<-',
            body: '',
          };
          pending.push(doc);
          startLine.set(doc, line);
          tokens.push({ type: 'redir', op: redir, fd, doc });
        } else {
          tokens.push({ type: 'redir', op: redir, fd });
        }
        continue;
      }
      const op = OPS.find((o) => src.startsWith(o, pos));
      if (op) {
        pos += op.length;
        tokens.push({ type: 'op', op });
        continue;
      }
      tokens.push({ type: 'word', word: readWord() });
    }
    if (pending.length) readHereDocs();
  } catch (e) {
    if (!(e instanceof Incomplete)) throw e;
    if (!final) {
      if (e.doc) return { ok: false, incomplete: true, heredoc: { delimiter: e.doc.delimiter, stripTabs: e.doc.stripTabs } };
      return e.missing === "'" || e.missing === '"' ? { ok: false, incomplete: true, openQuote: e.missing } : { ok: false, incomplete: true };
    }
    if (e.missing === '\\') return { ok: false, incomplete: false, message: 'bash: syntax error: unexpected end of file' };
    return { ok: false, incomplete: false, message: `bash: unexpected EOF while looking for matching \`${e.missing === "$'" ? "'" : e.missing}'` };
  }
  return { ok: true, tokens, warnings };

  /** Reads one word at `pos` (which is not a metacharacter) into parts. */
  function readWord(): Word {
    const parts: WordPart[] = [];
    let lit = '';
    const flush = (): void => {
      if (lit) parts.push({ kind: 'lit', text: lit, quoted: false });
      lit = '';
    };
    while (pos < src.length && !META.has(src[pos]!)) {
      const c = src[pos]!;
      if (c === '\\') {
        if (pos + 1 >= src.length) {
          if (!final) throw new Incomplete('\\');
          pos++;
          continue;
        }
        if (src[pos + 1] === '\n') {
          pos += 2;
          line++;
          continue;
        }
        flush();
        parts.push({ kind: 'lit', text: src[pos + 1]!, quoted: true });
        pos += 2;
      } else if (c === "'") {
        const end = src.indexOf("'", pos + 1);
        if (end < 0) throw new Incomplete("'");
        flush();
        const text = src.slice(pos + 1, end);
        line += countNewlines(text);
        parts.push({ kind: 'lit', text, quoted: true });
        pos = end + 1;
      } else if (c === '"') {
        flush();
        readDoubleQuoted(parts);
        if (parts.length === 0 || parts[parts.length - 1]!.quoted === false) parts.push({ kind: 'lit', text: '', quoted: true });
      } else if (c === '$' || c === '`') {
        const part = readDollar(false);
        if (part) {
          flush();
          parts.push(part);
        } else {
          lit += '$';
          pos++;
        }
      } else {
        lit += c;
        pos++;
      }
    }
    flush();
    return parts;
  }

  function readDoubleQuoted(parts: WordPart[]): void {
    pos++; // opening quote
    let text = '';
    const flush = (): void => {
      if (text) parts.push({ kind: 'lit', text, quoted: true });
      text = '';
    };
    for (;;) {
      if (pos >= src.length) throw new Incomplete('"');
      const c = src[pos]!;
      if (c === '"') {
        pos++;
        break;
      }
      if (c === '\\' && pos + 1 < src.length && '$`"\\\n'.includes(src[pos + 1]!)) {
        if (src[pos + 1] !== '\n') text += src[pos + 1];
        else line++;
        pos += 2;
      } else if (c === '$' || c === '`') {
        const part = readDollar(true);
        if (part) {
          flush();
          parts.push(part);
        } else {
          text += '$';
          pos++;
        }
      } else {
        if (c === '\n') line++;
        text += c;
        pos++;
      }
    }
    flush();
  }

  /** Reads `$NAME`, `${NAME}`, `${NAME:-x}`, `$?`, `$(...)` or a backquoted command; undefined for a lone `$`. */
  function readDollar(quoted: boolean): WordPart | undefined {
    if (src[pos] === '`') {
      let end = pos + 1;
      while (end < src.length && src[end] !== '`') end += src[end] === '\\' ? 2 : 1;
      if (end >= src.length) throw new Incomplete('`');
      const source = src.slice(pos + 1, end).replace(/\\([`\\$])/g, '$1');
      pos = end + 1;
      return { kind: 'sub', source, quoted };
    }
    const next = src[pos + 1];
    if (next === '(' && src[pos + 2] === '(') {
      let end = -1;
      for (let j = pos + 3, depth = 0; j < src.length; j++) {
        if (src[j] === '(') depth++;
        else if (src[j] === ')') {
          if (depth === 0 && src[j + 1] === ')') {
            end = j;
            break;
          }
          depth--;
        }
      }
      if (end < 0) throw new Incomplete('))');
      const source = src.slice(pos + 3, end);
      pos = end + 2;
      return { kind: 'arith', source, quoted };
    }
    if (next === '(') {
      const end = matchParen(pos + 2);
      const source = src.slice(pos + 2, end);
      line += countNewlines(source);
      pos = end + 1;
      return { kind: 'sub', source, quoted };
    }
    if (next === '{') {
      const end = src.indexOf('}', pos + 2);
      if (end < 0) throw new Incomplete('}');
      const inner = src.slice(pos + 2, end);
      const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*])(?::-(.*))?$/s.exec(inner);
      pos = end + 1;
      if (!m) return { kind: 'var', name: '\u0000bad:' + inner, quoted };
      return m[2] !== undefined ? { kind: 'var', name: m[1]!, quoted, fallback: m[2] } : { kind: 'var', name: m[1]!, quoted };
    }
    if (next === "'" && !quoted) {
      let end = pos + 2;
      while (end < src.length && src[end] !== "'") end += src[end] === '\\' ? 2 : 1;
      if (end >= src.length) throw new Incomplete("$'");
      const text = unescapeAnsiC(src.slice(pos + 2, end));
      pos = end + 1;
      return { kind: 'lit', text, quoted: true };
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*])/.exec(src.slice(pos + 1, pos + 200));
    if (!m) return undefined;
    pos += 1 + m[0].length;
    return { kind: 'var', name: m[0], quoted };
  }

  /** Index of the `)` closing a `$(` whose body starts at `from`, skipping quoted text. */
  function matchParen(from: number): number {
    let depth = 1;
    for (let i = from; i < src.length; i++) {
      const c = src[i]!;
      if (c === '\\') i++;
      else if (c === "'") {
        const end = src.indexOf("'", i + 1);
        if (end < 0) break;
        i = end;
      } else if (c === '"') {
        for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i;
    }
    throw new Incomplete(')');
  }
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Backslash escapes as `echo -e` and `$'...'` understand them. */
export function unescapeAnsiC(s: string): string {
  const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (all, esc: string) => {
    if (esc[0] === 'x') return String.fromCharCode(parseInt(esc.slice(1), 16));
    if (/^[0-7]+$/.test(esc) && esc !== '0') return String.fromCharCode(parseInt(esc, 8));
    return map[esc] ?? all;
  });
}
