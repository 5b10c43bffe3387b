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
import { Incomplete, countNewlines, matchArith, matchParen } from './matching.ts';
import { ExpansionReader } from './word-reader.ts';

export type Token = ({ type: 'word'; word: Word } | { type: 'op'; op: string } | { type: 'redir'; op: string; fd: number | undefined; doc?: HereDoc }) & {
  /** The line the token starts on, counting from 1 (not enumerable, so trees compare without it). */
  readonly line?: number;
};

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
class Tokenizer extends ExpansionReader {
  readonly tokens: Token[] = [];
  readonly warnings: string[] = [];
  private readonly pending: HereDoc[] = [];
  private readonly startLine = new Map<HereDoc, number>();
  private readonly redirs: string[];
  /** Between `[[` and `]]`. */
  private inCond = false;

  constructor(src: string, final: boolean, dialect: Dialect) {
    super(src, final, dialect);
    this.redirs = dialect.bashRedirects ? REDIRS : REDIRS.filter((r) => !BASH_ONLY_REDIRS.has(r));
  }

  run(): void {
    const src = this.src;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      const line = this.line;
      const count = this.tokens.length;
      this.step(c);
      // Each token knows the line it starts on (1 for the first), for `$LINENO` and `line N:` messages.
      for (let k = count; k < this.tokens.length; k++) Object.defineProperty(this.tokens[k]!, 'line', { value: line, enumerable: false });
    }
    if (this.pending.length) this.readHereDocs();
  }

  private step(c: string): void {
    const src = this.src;
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
    const end = matchArith(this.src, this.pos + 2);
    const word: Word = [{ kind: 'arith', source: this.src.slice(this.pos + 2, end), quoted: false }];
    this.line += countNewlines(this.src.slice(this.pos, end));
    this.pos = end + 2;
    Object.defineProperty(word, 'raw', { value: this.src.slice(start, this.pos), enumerable: false });
    Object.defineProperty(word, 'arithCommand', { value: true, enumerable: false });
    this.tokens.push({ type: 'word', word });
  }

  private pushWord(): void {
    const start = this.pos;
    const commandStart = this.atCommandStart();
    const word = this.readWord();
    const raw = this.src.slice(start, this.pos);
    Object.defineProperty(word, 'raw', { value: raw, enumerable: false });
    this.tokens.push({ type: 'word', word });
    // bash reads the patterns of `[[ ]]` as if extglob were on.
    if (raw === '[[' && commandStart && this.dialect.doubleBracket) this.inCond = true;
    else if (raw === ']]') this.inCond = false;
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
    const parts: WordPart[] = [];
    const lit = { text: '' };
    if (this.atProcessSubstitution()) parts.push(this.readProcessSubstitution());
    while (this.pos < this.src.length && (!META.has(this.src[this.pos]!) || this.atArrayItems(parts, lit.text) || this.atExtglob())) {
      if (this.atArrayItems(parts, lit.text)) return this.readArrayItems(parts, lit);
      const part = this.atExtglob() ? this.readExtglob(parts, lit) : this.readWordPart(lit);
      if (part) {
        flushLiteral(parts, lit);
        parts.push(...part);
      }
    }
    flushLiteral(parts, lit);
    return parts;
  }

  /**
   * One piece of a word at `pos`: quoted text or an expansion (returned, to follow the plain
   * text gathered so far), or a plain character (added to `lit`, nothing returned).
   */
  private readWordPart(lit: { text: string }): WordPart[] | undefined {
    const src = this.src;
    const c = src[this.pos]!;
    if (c === '\\') {
      const part = this.readEscape();
      return part ? [part] : undefined;
    }
    if (c === "'") {
      const end = src.indexOf("'", this.pos + 1);
      if (end < 0) throw new Incomplete("'");
      const text = src.slice(this.pos + 1, end);
      this.line += countNewlines(text);
      this.pos = end + 1;
      return [{ kind: 'lit', text, quoted: true }];
    }
    if (c === '"') {
      const inner: WordPart[] = [];
      this.readDoubleQuoted(inner);
      // `""` is an empty quoted word, not nothing.
      return inner.length ? inner : [{ kind: 'lit', text: '', quoted: true }];
    }
    if (c === '$' || c === '`') {
      const part = this.readDollar(false);
      if (part) return [part];
      lit.text += '$';
      this.pos++;
      return undefined;
    }
    lit.text += c;
    this.pos++;
    return undefined;
  }

  /**
   * `?(`, `*(`, `+(`, `@(` or `!(` at `pos` while extglob is on (bash reads the pattern
   * group as part of the word, `|` and blanks included), or inside `[[ ]]`, where bash
   * always does.
   */
  private atExtglob(): boolean {
    const c = this.src[this.pos]!;
    return (this.dialect.extglob === true || this.inCond) && '?*+@!'.includes(c) && this.src[this.pos + 1] === '(';
  }

  /** The group at `pos` up to its `)`, its quoted text and expansions as parts of the word. */
  private readExtglob(parts: WordPart[], lit: { text: string }): undefined {
    lit.text += this.src.slice(this.pos, this.pos + 2);
    this.pos += 2;
    let depth = 1;
    while (depth > 0) {
      if (this.pos >= this.src.length) throw new Incomplete(')');
      const c = this.src[this.pos]!;
      if (c === '(' || c === ')') {
        depth += c === '(' ? 1 : -1;
        lit.text += c;
        this.pos++;
        continue;
      }
      if (c === '\n') this.line++;
      const part = this.readWordPart(lit);
      if (part) {
        flushLiteral(parts, lit);
        parts.push(...part);
      }
    }
    return undefined;
  }

  /** `<(cmd)` or `>(cmd)` at `pos`. */
  private readProcessSubstitution(): WordPart {
    const end = matchParen(this.src, this.pos + 2);
    const part: WordPart = { kind: 'procsub', source: this.src.slice(this.pos + 2, end), quoted: false };
    this.line += countNewlines(this.src.slice(this.pos, end));
    this.pos = end + 1;
    return part;
  }

  /** The `(` of `NAME=(...)` or `NAME+=(...)`, in a dialect with arrays. */
  private atArrayItems(parts: WordPart[], lit: string): boolean {
    return this.dialect.arrays && this.src[this.pos] === '(' && parts.length === 0 && ARRAY_ASSIGN.test(lit);
  }

  /** `NAME=(a b)`, `NAME+=(c)`: the items are words of their own, kept on the word as `array`. */
  private readArrayItems(parts: WordPart[], lit: { text: string }): Word {
    const end = matchParen(this.src, this.pos + 1);
    const inner = tokenize(this.src.slice(this.pos + 1, end), true, this.dialect);
    if (!inner.ok) throw new Incomplete(')');
    this.line += countNewlines(this.src.slice(this.pos, end));
    this.pos = end + 1;
    flushLiteral(parts, lit);
    const items = inner.tokens.flatMap((t) => (t.type === 'word' ? [t.word] : []));
    Object.defineProperty(parts, 'array', { value: items, enumerable: false });
    return parts;
  }
}

/** Ends the plain text gathered in `lit` as a literal part. */
function flushLiteral(parts: WordPart[], lit: { text: string }): void {
  if (lit.text) parts.push({ kind: 'lit', text: lit.text, quoted: false });
  lit.text = '';
}
