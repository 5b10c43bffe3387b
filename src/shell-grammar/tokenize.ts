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
import { BASH, type Dialect } from './dialect.ts';

export type Token = { type: 'word'; word: Word } | { type: 'op'; op: string } | { type: 'redir'; op: string; fd: number | undefined; doc?: HereDoc };

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
const OPS = ['&&', '||', ';;&', ';;', ';&', '|', ';', '&', '(', ')'];
/** The start of a word that assigns an array when `(` follows (`a=`, `a+=`). */
const ARRAY_ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*\+?=$/;
/** Reserved words after which a command begins. */
const COMMAND_START_WORDS = new Set(['do', 'then', 'else', 'elif', 'if', 'while', 'until', '{', '!', 'for', 'time']);
const REDIRS = ['&>>', '&>', '<<<', '<<-', '<<', '<&', '<>', '<', '>>', '>&', '>|', '>'];
/** Redirections sh does not have: `cmd &>f` there is `cmd &` then `>f`. */
const BASH_ONLY_REDIRS = new Set(['&>>', '&>', '<<<']);

class Incomplete {
  readonly missing: string;
  readonly doc: HereDoc | undefined;
  constructor(missing: string, doc?: HereDoc) {
    this.missing = missing;
    this.doc = doc;
  }
}

/**
 * Tokenizes `src`; with `final`, end of input is end of script (no more lines will come).
 * `dialect` (default bash) says which of bash's extensions are words of their own.
 */
export function tokenize(src: string, final = false, dialect: Dialect = BASH): TokenizeResult {
  const t = new Tokenizer(src, final, dialect);
  try {
    t.run();
  } catch (e) {
    if (!(e instanceof Incomplete)) throw e;
    return incompleteResult(e, final, dialect);
  }
  return { ok: true, tokens: t.tokens, warnings: t.warnings };
}

function incompleteResult(e: Incomplete, final: boolean, dialect: Dialect): TokenizeResult {
  if (!final) {
    if (e.doc) return { ok: false, incomplete: true, heredoc: { delimiter: e.doc.delimiter, stripTabs: e.doc.stripTabs } };
    return e.missing === "'" || e.missing === '"' ? { ok: false, incomplete: true, openQuote: e.missing } : { ok: false, incomplete: true };
  }
  const m = dialect.messages;
  if (e.missing === '\\') return { ok: false, incomplete: false, message: m.prefix + m.unexpectedEndOfFile() };
  return { ok: false, incomplete: false, message: m.prefix + m.unterminated(e.missing === "$'" ? "'" : e.missing) };
}

/** The text a here-document's delimiter word stands for. */
function delimiterText(word: Word): string {
  return word
    .map((p) => (p.kind === 'lit' ? p.text : p.kind === 'var' ? '$' + p.name : p.kind === 'arith' ? '$((' + p.source + '))' : '$(' + p.source + ')'))
    .join('');
}

/** The tokenizer's state while it walks the input (one instance per call). */
class Tokenizer {
  readonly tokens: Token[] = [];
  readonly warnings: string[] = [];
  private readonly pending: HereDoc[] = [];
  private readonly startLine = new Map<HereDoc, number>();
  private pos = 0;
  private line = 1;
  private readonly src: string;
  private readonly final: boolean;
  private readonly dialect: Dialect;
  private readonly redirs: string[];

  constructor(src: string, final: boolean, dialect: Dialect) {
    this.src = src;
    this.final = final;
    this.dialect = dialect;
    this.redirs = dialect.bashRedirects ? REDIRS : REDIRS.filter((r) => !BASH_ONLY_REDIRS.has(r));
  }

  run(): void {
    const src = this.src;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && src[this.pos + 1] === '\n') {
        this.pos += 2;
        this.line++;
      } else if (c === '\n') {
        this.pos++;
        this.line++;
        this.tokens.push({ type: 'op', op: '\n' });
        this.readHereDocs();
      } else if (c === '#') {
        while (this.pos < src.length && src[this.pos] !== '\n') this.pos++;
      } else if (this.atProcessSubstitution()) this.pushWord();
      else if (c === '(' && src[this.pos + 1] === '(' && this.dialect.arithCommand && this.atCommandStart()) this.pushArithCommand();
      else if (!this.redirection()) {
        const op = OPS.find((o) => src.startsWith(o, this.pos));
        if (op) {
          this.pos += op.length;
          this.tokens.push({ type: 'op', op });
        } else this.pushWord();
      }
    }
    if (this.pending.length) this.readHereDocs();
  }

  /** `<(` or `>(` at `pos`, in a dialect that has process substitution. */
  private atProcessSubstitution(): boolean {
    const c = this.src[this.pos];
    return this.dialect.processSubstitution && (c === '<' || c === '>') && this.src[this.pos + 1] === '(';
  }

  /** True where a command may begin (`((` there is an arithmetic command, not two subshells). */
  private atCommandStart(): boolean {
    const prev = this.tokens[this.tokens.length - 1];
    if (!prev) return true;
    if (prev.type === 'op') return prev.op !== ')';
    if (prev.type !== 'word' || prev.word.length !== 1) return false;
    const p = prev.word[0]!;
    return p.kind === 'lit' && !p.quoted && COMMAND_START_WORDS.has(p.text);
  }

  /** `(( expr ))` as a command (or the head of `for (( ; ; ))`): a word of one arithmetic part marked `arithCommand`. */
  private pushArithCommand(): void {
    const start = this.pos;
    const end = this.matchArith(this.pos + 2);
    const word: Word = [{ kind: 'arith', source: this.src.slice(this.pos + 2, end), quoted: false }];
    this.line += countNewlines(this.src.slice(this.pos, end));
    this.pos = end + 2;
    Object.defineProperty(word, 'raw', { value: this.src.slice(start, this.pos), enumerable: false });
    Object.defineProperty(word, 'arithCommand', { value: true, enumerable: false });
    this.tokens.push({ type: 'word', word });
  }

  private pushWord(): void {
    const start = this.pos;
    const word = this.readWord();
    Object.defineProperty(word, 'raw', { value: this.src.slice(start, this.pos), enumerable: false });
    this.tokens.push({ type: 'word', word });
  }

  /** A redirection operator at `pos` (with its fd and, for `<<`, its here-document): true if one was read. */
  private redirection(): boolean {
    const src = this.src;
    const fdMatch = /^(\d+)(?=[<>])/.exec(src.slice(this.pos, this.pos + 12));
    const fd = fdMatch ? Number(fdMatch[1]) : undefined;
    const at = fdMatch ? this.pos + fdMatch[1]!.length : this.pos;
    const redir = this.redirs.find((r) => src.startsWith(r, at));
    if (!redir || (fd !== undefined && redir.startsWith('&'))) return false;
    this.pos = at + redir.length;
    if (redir !== '<<' && redir !== '<<-') {
      this.tokens.push({ type: 'redir', op: redir, fd });
      return true;
    }
    while (src[this.pos] === ' ' || src[this.pos] === '\t') this.pos++;
    if (this.pos >= src.length || META.has(src[this.pos]!)) {
      this.tokens.push({ type: 'redir', op: redir, fd });
      return true;
    }
    const word = this.readWord();
    const doc: HereDoc = { delimiter: delimiterText(word), expand: word.every((p) => !p.quoted), stripTabs: redir === '<<-', body: '' };
    this.pending.push(doc);
    this.startLine.set(doc, this.line);
    this.tokens.push({ type: 'redir', op: redir, fd, doc });
    return true;
  }

  private readHereDocs(): void {
    const src = this.src;
    for (const doc of this.pending.splice(0)) {
      const start = this.startLine.get(doc) ?? this.line;
      const body: string[] = [];
      for (;;) {
        if (this.pos >= src.length) {
          if (!this.final) throw new Incomplete('heredoc', doc);
          this.warnings.push(`${this.dialect.messages.prefix}warning: here-document at line ${start} delimited by end-of-file (wanted \`${doc.delimiter}')`);
          break;
        }
        const nl = src.indexOf('\n', this.pos);
        let text = nl < 0 ? src.slice(this.pos) : src.slice(this.pos, nl);
        this.pos = nl < 0 ? src.length : nl + 1;
        this.line++;
        if (doc.stripTabs) text = text.replace(/^\t+/, '');
        if (text === doc.delimiter) break;
        body.push(text);
      }
      doc.body = body.length ? body.join('\n') + '\n' : '';
    }
  }

  /** Reads one word at `pos` (which is not a metacharacter, or starts `<(`) into parts. */
  private readWord(): Word {
    const src = this.src;
    const parts: WordPart[] = [];
    let lit = '';
    const flush = (): void => {
      if (lit) parts.push({ kind: 'lit', text: lit, quoted: false });
      lit = '';
    };
    if (this.atProcessSubstitution()) {
      const end = this.matchParen(this.pos + 2);
      parts.push({ kind: 'procsub', source: src.slice(this.pos + 2, end), quoted: false });
      this.line += countNewlines(src.slice(this.pos, end));
      this.pos = end + 1;
    }
    const arrays = this.dialect.arrays;
    while (this.pos < src.length && (!META.has(src[this.pos]!) || (arrays && src[this.pos] === '(' && parts.length === 0 && ARRAY_ASSIGN.test(lit)))) {
      const c = src[this.pos]!;
      if (c === '\\') {
        const part = this.readEscape();
        if (part) {
          flush();
          parts.push(part);
        }
      } else if (c === "'") {
        const end = src.indexOf("'", this.pos + 1);
        if (end < 0) throw new Incomplete("'");
        flush();
        const text = src.slice(this.pos + 1, end);
        this.line += countNewlines(text);
        parts.push({ kind: 'lit', text, quoted: true });
        this.pos = end + 1;
      } else if (c === '"') {
        flush();
        this.readDoubleQuoted(parts);
        if (parts.length === 0 || parts[parts.length - 1]!.quoted === false) parts.push({ kind: 'lit', text: '', quoted: true });
      } else if (c === '$' || c === '`') {
        const part = this.readDollar(false);
        if (part) {
          flush();
          parts.push(part);
        } else {
          lit += '$';
          this.pos++;
        }
      } else if (arrays && c === '(' && parts.length === 0 && ARRAY_ASSIGN.test(lit)) {
        // `NAME=(a b)`, `NAME+=(c)`: the items are words of their own.
        const end = this.matchParen(this.pos + 1);
        const inner = tokenize(src.slice(this.pos + 1, end), true, this.dialect);
        if (!inner.ok) throw new Incomplete(')');
        this.line += countNewlines(src.slice(this.pos, end));
        this.pos = end + 1;
        flush();
        const items = inner.tokens.flatMap((t) => (t.type === 'word' ? [t.word] : []));
        Object.defineProperty(parts, 'array', { value: items, enumerable: false });
        return parts;
      } else {
        lit += c;
        this.pos++;
      }
    }
    flush();
    return parts;
  }

  /** A backslash outside quotes: the next character, quoted (a line continuation gives nothing). */
  private readEscape(): WordPart | undefined {
    const src = this.src;
    if (this.pos + 1 >= src.length) {
      if (!this.final) throw new Incomplete('\\');
      this.pos++;
      return undefined;
    }
    if (src[this.pos + 1] === '\n') {
      this.pos += 2;
      this.line++;
      return undefined;
    }
    this.pos += 2;
    return { kind: 'lit', text: src[this.pos - 1]!, quoted: true };
  }

  private readDoubleQuoted(parts: WordPart[]): void {
    const src = this.src;
    this.pos++; // opening quote
    let text = '';
    const flush = (): void => {
      if (text) parts.push({ kind: 'lit', text, quoted: true });
      text = '';
    };
    for (;;) {
      if (this.pos >= src.length) throw new Incomplete('"');
      const c = src[this.pos]!;
      if (c === '"') {
        this.pos++;
        break;
      }
      if (c === '\\' && this.pos + 1 < src.length && '$`"\\\n'.includes(src[this.pos + 1]!)) {
        if (src[this.pos + 1] !== '\n') text += src[this.pos + 1];
        else this.line++;
        this.pos += 2;
      } else if (c === '$' || c === '`') {
        const part = this.readDollar(true);
        if (part) {
          flush();
          parts.push(part);
        } else {
          text += '$';
          this.pos++;
        }
      } else {
        if (c === '\n') this.line++;
        text += c;
        this.pos++;
      }
    }
    flush();
  }

  /** Reads `$NAME`, `${NAME}`, `${NAME:-x}`, `$?`, `$(...)`, `$((...))` or a backquoted command; undefined for a lone `$`. */
  private readDollar(quoted: boolean): WordPart | undefined {
    const src = this.src;
    if (src[this.pos] === '`') return this.readBackquoted(quoted);
    const next = src[this.pos + 1];
    if (next === '(' && src[this.pos + 2] === '(') return this.readArith(quoted);
    if (next === '(') {
      const end = this.matchParen(this.pos + 2);
      const source = src.slice(this.pos + 2, end);
      this.line += countNewlines(source);
      this.pos = end + 1;
      return { kind: 'sub', source, quoted };
    }
    if (next === '{') return this.readBracedVar(quoted);
    if (next === "'" && !quoted && this.dialect.ansiCQuotes) {
      let end = this.pos + 2;
      while (end < src.length && src[end] !== "'") end += src[end] === '\\' ? 2 : 1;
      if (end >= src.length) throw new Incomplete("$'");
      const text = unescapeAnsiC(src.slice(this.pos + 2, end));
      this.pos = end + 1;
      return { kind: 'lit', text, quoted: true };
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*!])/.exec(src.slice(this.pos + 1, this.pos + 200));
    if (!m) return undefined;
    this.pos += 1 + m[0].length;
    return { kind: 'var', name: m[0], quoted };
  }

  private readBackquoted(quoted: boolean): WordPart {
    const src = this.src;
    let end = this.pos + 1;
    while (end < src.length && src[end] !== '`') end += src[end] === '\\' ? 2 : 1;
    if (end >= src.length) throw new Incomplete('`');
    const source = src.slice(this.pos + 1, end).replace(/\\([`\\$])/g, '$1');
    this.pos = end + 1;
    return { kind: 'sub', source, quoted };
  }

  private readArith(quoted: boolean): WordPart {
    const end = this.matchArith(this.pos + 3);
    const source = this.src.slice(this.pos + 3, end);
    this.pos = end + 2;
    return { kind: 'arith', source, quoted };
  }

  /** Index of the `))` closing an arithmetic expression whose body starts at `from`. */
  private matchArith(from: number): number {
    const src = this.src;
    let end = -1;
    for (let j = from, depth = 0; j < src.length; j++) {
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
    return end;
  }

  /** `${NAME}`, `${NAME:-word}`, `${ARRAY[i]}`...; anything else is a bad substitution when it runs. */
  private readBracedVar(quoted: boolean): WordPart {
    const end = this.matchBrace(this.pos + 2, quoted);
    const inner = this.src.slice(this.pos + 2, end);
    this.pos = end + 1;
    return bracedParameter(inner, quoted) ?? { kind: 'var', name: '\u0000bad:' + inner, quoted };
  }

  /**
   * Index of the `}` closing a `${` whose body starts at `from`, past nested `${...}`, `$(...)`
   * and quoted text (`${words[$((${#words[@]}-1))]}`); inside double quotes `'` is plain text.
   */
  private matchBrace(from: number, quoted: boolean): number {
    const src = this.src;
    let depth = 1;
    for (let i = from; i < src.length; i++) {
      const c = src[i]!;
      if (c === '\\') i++;
      else if (c === "'" && !quoted) {
        const end = src.indexOf("'", i + 1);
        if (end < 0) break;
        i = end;
      } else if (c === '"') {
        for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
      } else if (c === '$' && src[i + 1] === '(') i = this.matchParen(i + 2);
      else if (c === '$' && src[i + 1] === '{') {
        depth++;
        i++;
      } else if (c === '}' && --depth === 0) return i;
    }
    throw new Incomplete('}');
  }

  /** Index of the `)` closing a `$(` whose body starts at `from`, skipping quoted text. */
  private matchParen(from: number): number {
    const src = this.src;
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

/** A parameter's name: a variable, a positional parameter, or a special one. */
const PARAM = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#@*!-])/;

/**
 * The inside of `${...}`: `NAME`, `NAME[SUB]`, `#NAME[SUB]` (length), `!NAME[@]` (keys), each
 * optionally followed by `:-word`, `-word`, `:OFFSET[:LENGTH]` or `@OP`; undefined otherwise.
 */
export function bracedParameter(inner: string, quoted: boolean): WordPart | undefined {
  if (/^([0-9]+|[?$#@*!-])$/.test(inner)) return { kind: 'var', name: inner, quoted };
  const prefix = inner[0] === '#' || inner[0] === '!' ? inner[0] : '';
  const ref = subscripted(inner.slice(prefix.length));
  if (!ref) return undefined;
  const { name, index, rest } = ref;
  const part: Extract<WordPart, { kind: 'var' }> = { kind: 'var', name, quoted };
  if (index !== undefined) part.index = index;
  if (prefix === '#') return rest === '' ? { ...part, length: true } : undefined;
  if (prefix === '!') return rest === '' && (index === '@' || index === '*') && /^[A-Za-z_]/.test(name) ? { ...part, keys: true } : undefined;
  if (rest === '') return part;
  if (rest.startsWith(':-')) return { ...part, fallback: rest.slice(2) };
  if (rest.startsWith('-')) return { ...part, fallback: rest.slice(1), unsetOnly: true };
  if (/^@[QEPAaUuLK]$/.test(rest)) return { ...part, transform: rest.slice(1) };
  if (rest.startsWith(':') && !/^:[-=?+]/.test(rest)) {
    const colon = rest.indexOf(':', 1);
    const offset = colon < 0 ? rest.slice(1) : rest.slice(1, colon);
    return { ...part, slice: colon < 0 ? { offset } : { offset, length: rest.slice(colon + 1) } };
  }
  return undefined;
}

/** `NAME[SUB]REST` or `NAME REST` (a subscript only after a variable name); undefined if no name starts `text`. */
function subscripted(text: string): { name: string; index?: string; rest: string } | undefined {
  const m = PARAM.exec(text);
  if (!m) return undefined;
  const name = m[0];
  const after = text.slice(name.length);
  if (after[0] !== '[' || !/^[A-Za-z_]/.test(name)) return { name, rest: after };
  const close = closingBracket(after, 0);
  if (close < 0) return undefined;
  return { name, index: after.slice(1, close), rest: after.slice(close + 1) };
}

/** Index of the `]` closing the `[` at `open` in `text`, past nested brackets; -1 if none. */
export function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

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
