/**
 * Builds the command structure (ast.ts) from tokens: `;`, `&` and newlines separate chains
 * (`&` runs its chain in the background), `&&` and `||` chain pipelines, `|` joins commands,
 * redirections attach to the command they appear in; compound commands (`for`, `while`,
 * `until`, `if`, `case`, `{ }`, `( )`) and function definitions nest.
 */
import type { AndOr, Assignment, CaseItem, Command, Compound, FunctionDef, Pipeline, Redirect, Script, SimpleCommand, Word } from './ast.ts';
import { parseConditional } from './parse-cond.ts';
import { closingBracket, tokenize, type Token } from './tokenize.ts';
import { BASH, type Dialect } from './dialect.ts';

export type ParseResult =
  | { ok: true; script: Script; warnings: string[] }
  /** More lines are needed (open quote, heredoc body, trailing `|` / `&&` / `\`). */
  | { ok: false; incomplete: true; heredoc?: { delimiter: string; stripTabs: boolean }; openQuote?: "'" | '"' }
  | { ok: false; incomplete: false; message: string };

const ASSIGN = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/;
const UNSUPPORTED_WORDS = new Set(['select', 'coproc']);
/** Words that close a compound command; at the start of a command outside one they are errors. */
const CLOSERS = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', '}', 'esac']);
/** Words that open a compound command. */
const OPENERS = new Set(['for', 'while', 'until', 'if', 'case', '{']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** What bash accepts as a function name outside POSIX mode (`kube-ctx() { ...; }`). */
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
/**
 * How deep compound commands (`{ }`, loops, `if`) may nest. bash has no fixed limit; this
 * terminal's parser and executor recurse once per level, so a deeper script is refused in
 * bash's words for exceeded nesting instead of overflowing the browser's stack.
 */
export const MAX_NESTING = 200;

class SyntaxError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}
class NeedMore {}

/**
 * Parses shell input. With `final` (a script's end of input) an open quote or a dangling
 * operator is a syntax error instead of a request for more lines. `dialect` (default bash)
 * says which of bash's extensions exist and how syntax errors are worded.
 */
export function parse(src: string, final = false, dialect: Dialect = BASH): ParseResult {
  const t = tokenize(src, final, dialect);
  if (!t.ok) return t;
  try {
    return { ok: true, script: new Parser(t.tokens, final, dialect).script(), warnings: t.warnings };
  } catch (e) {
    if (e instanceof NeedMore) return { ok: false, incomplete: true };
    if (e instanceof SyntaxError) return { ok: false, incomplete: false, message: e.message };
    throw e;
  }
}

/** The text of an unquoted single-literal word token (how reserved words are recognised). */
function plainWord(tok: Token | undefined): string | undefined {
  if (tok?.type !== 'word' || tok.word.length !== 1) return undefined;
  const p = tok.word[0]!;
  return p.kind === 'lit' && !p.quoted ? p.text : undefined;
}

/** A recursive-descent parser over one input's tokens. */
class Parser {
  private i = 0;
  private depth = 0;
  private readonly tokens: Token[];
  private readonly final: boolean;
  private readonly dialect: Dialect;
  /** Put before each message: `bash: `, or nothing for sh (which adds its own name). */
  private readonly prefix: string;

  constructor(tokens: Token[], final: boolean, dialect: Dialect) {
    this.tokens = tokens;
    this.final = final;
    this.dialect = dialect;
    this.prefix = dialect.messages.prefix;
  }

  /** A syntax error in this dialect's words. */
  private error(message: string): SyntaxError {
    return new SyntaxError(this.prefix + message);
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  private isOp(tok: Token | undefined, ...ops: string[]): boolean {
    return tok?.type === 'op' && ops.includes(tok.op);
  }

  private unexpected(tok: Token | undefined): never {
    if (!tok) {
      if (!this.final) throw new NeedMore();
      throw this.error(this.dialect.messages.unexpectedEndOfFile());
    }
    const text = tok.type === 'op' ? (tok.op === '\n' ? 'newline' : tok.op) : tok.type === 'redir' ? tok.op : (plainWord(tok) ?? tok.word.raw ?? 'word');
    throw this.unexpectedText(text);
  }

  private unexpectedText(text: string): SyntaxError {
    return this.error(this.dialect.messages.unexpectedToken(text));
  }

  private skipNewlines(): void {
    while (this.isOp(this.peek(), '\n')) this.i++;
  }

  private expectWord(word: string): void {
    if (plainWord(this.peek()) !== word) this.unexpected(this.peek());
    this.i++;
  }

  /** The whole input. */
  script(): Script {
    const script: Script = [];
    for (;;) {
      while (this.isOp(this.peek(), '\n', ';')) {
        if (this.isOp(this.peek(), ';') && script.length === 0) this.unexpected(this.peek());
        this.i++;
      }
      if (this.i >= this.tokens.length) break;
      const tok = this.peek();
      if (tok?.type === 'op' && !this.isOp(tok, '(')) this.unexpected(tok);
      script.push(this.andOr());
      const next = this.peek();
      if (next === undefined) break;
      if (this.separator(script)) continue;
      this.unexpected(next);
    }
    return script;
  }

  /** After a chain: consumes `;`, newline or `&` (marking the chain background); false if none. */
  private separator(script: Script): boolean {
    const next = this.peek();
    if (this.isOp(next, '&')) {
      script[script.length - 1]!.background = true;
      this.i++;
      if (this.isOp(this.peek(), ';', ';;', ';&', ';;&', '&')) this.unexpected(this.peek());
      return true;
    }
    if (!this.isOp(next, '\n', ';')) return false;
    this.i++;
    return true;
  }

  /** Commands up to (not including) one of the reserved `terminators` at a command start (or a case item's `;;`). */
  private list(terminators: string[], inCase = false): Script {
    const script: Script = [];
    for (;;) {
      this.skipNewlines();
      const tok = this.peek();
      if (!tok) return this.unexpected(undefined);
      const w = plainWord(tok);
      if ((w !== undefined && terminators.includes(w)) || (inCase && this.isOp(tok, ';;', ';&', ';;&'))) {
        if (!script.length && !inCase) this.unexpected(tok);
        return script;
      }
      script.push(this.andOr());
      const next = this.peek();
      if (!next) return this.unexpected(undefined);
      if (inCase && this.isOp(next, ';;', ';&', ';;&')) return script;
      if (!this.separator(script)) this.unexpected(next);
    }
  }

  private trailingRedirects(): Redirect[] {
    const out: Redirect[] = [];
    for (let tok = this.peek(); tok?.type === 'redir'; tok = this.peek()) {
      this.i++;
      out.push(this.redirect(tok));
    }
    return out;
  }

  private compound(w: string): Compound {
    if (++this.depth > MAX_NESTING) throw this.error(`maximum nesting level exceeded (${MAX_NESTING})`);
    try {
      this.i++;
      if (w === 'for') return this.forLoop();
      if (w === 'while' || w === 'until') {
        const cond = this.list(['do']);
        this.expectWord('do');
        const body = this.list(['done']);
        this.expectWord('done');
        return { kind: 'while', until: w === 'until', cond, body, redirects: this.trailingRedirects() };
      }
      if (w === 'if') return this.ifClause();
      if (w === 'case') return this.caseClause();
      if (w === '(') {
        const body = this.subshellBody();
        return { kind: 'subshell', body, redirects: this.trailingRedirects() };
      }
      const body = this.list(['}']);
      this.expectWord('}');
      return { kind: 'group', body, redirects: this.trailingRedirects() };
    } finally {
      this.depth--;
    }
  }

  private forLoop(): Compound {
    const nameTok = this.peek();
    if (nameTok?.type === 'word' && nameTok.word.arithCommand) return this.arithFor(nameTok.word);
    const name = plainWord(nameTok);
    if (!nameTok) return this.unexpected(undefined);
    if (name === undefined || !NAME.test(name)) throw this.error(`\`${name ?? 'word'}': not a valid identifier`);
    this.i++;
    const words: Word[] = [];
    this.skipNewlines();
    const hasIn = plainWord(this.peek()) === 'in';
    if (hasIn) {
      this.i++;
      for (let tok = this.peek(); tok?.type === 'word'; tok = this.peek()) {
        words.push(tok.word);
        this.i++;
      }
    }
    if (this.isOp(this.peek(), ';', '\n')) this.i++;
    this.skipNewlines();
    if (!this.peek()) return this.unexpected(undefined);
    this.expectWord('do');
    const body = this.list(['done']);
    this.expectWord('done');
    const loop: Compound = { kind: 'for', name, words, body, redirects: this.trailingRedirects() };
    if (!hasIn) loop.positional = true;
    return loop;
  }

  /** After `for`: `(( INIT; COND; STEP )) [;] do BODY done`. */
  private arithFor(head: Word): Compound {
    this.i++;
    const source = head[0]!.kind === 'arith' ? head[0]!.source : '';
    const parts = source.split(';');
    if (parts.length !== 3) throw this.error(`syntax error: arithmetic expression required`);
    if (this.isOp(this.peek(), ';', '\n')) this.i++;
    this.skipNewlines();
    if (!this.peek()) return this.unexpected(undefined);
    const group = plainWord(this.peek()) === '{';
    if (group) this.i++;
    else this.expectWord('do');
    const body = this.list([group ? '}' : 'done']);
    this.expectWord(group ? '}' : 'done');
    return { kind: 'arith-for', init: parts[0]!, cond: parts[1]!, step: parts[2]!, body, redirects: this.trailingRedirects() };
  }

  private ifClause(): Compound {
    const branches: { cond: Script; body: Script }[] = [];
    let otherwise: Script | undefined;
    for (;;) {
      const cond = this.list(['then']);
      this.expectWord('then');
      branches.push({ cond, body: this.list(['elif', 'else', 'fi']) });
      const next = plainWord(this.peek());
      this.i++;
      if (next === 'elif') continue;
      if (next === 'else') {
        otherwise = this.list(['fi']);
        this.expectWord('fi');
      }
      break;
    }
    return { kind: 'if', branches, otherwise, redirects: this.trailingRedirects() };
  }

  /** After `case`: `WORD in [(]PATTERN[|PATTERN]...) LIST ;; ... esac`. */
  private caseClause(): Compound {
    const wordTok = this.peek();
    // bash refuses `case` without its word at once, even at the end of a line.
    if (!wordTok || this.isOp(wordTok, '\n')) throw this.unexpectedText('newline');
    if (wordTok.type !== 'word') this.unexpected(wordTok);
    this.i++;
    this.skipNewlines();
    this.expectWord('in');
    const items: CaseItem[] = [];
    for (;;) {
      this.skipNewlines();
      const tok = this.peek();
      if (!tok) return this.unexpected(undefined);
      if (plainWord(tok) === 'esac') break;
      items.push(this.caseItem());
      if (plainWord(this.peek()) === 'esac') break;
    }
    this.i++;
    return { kind: 'case', word: (wordTok as { word: Word }).word, items, redirects: this.trailingRedirects() };
  }

  private caseItem(): CaseItem {
    if (this.isOp(this.peek(), '(')) this.i++;
    const patterns: Word[] = [];
    for (;;) {
      const tok = this.peek();
      if (tok?.type !== 'word') return this.unexpected(tok);
      patterns.push(tok.word);
      this.i++;
      if (this.isOp(this.peek(), ')')) break;
      if (!this.isOp(this.peek(), '|')) this.unexpected(this.peek());
      this.i++;
    }
    this.i++;
    const body = this.list(['esac'], true);
    const end = this.peek();
    let terminator: CaseItem['end'] = ';;';
    if (this.isOp(end, ';;', ';&', ';;&')) {
      terminator = (end as { op: CaseItem['end'] }).op;
      this.i++;
    }
    return { patterns, body, end: terminator };
  }

  private subshellBody(): Script {
    const script: Script = [];
    for (;;) {
      this.skipNewlines();
      const tok = this.peek();
      if (!tok) return this.unexpected(undefined);
      if (this.isOp(tok, ')')) {
        if (!script.length) this.unexpected(tok);
        this.i++;
        return script;
      }
      script.push(this.andOr());
      if (this.isOp(this.peek(), ')')) continue;
      if (!this.peek()) return this.unexpected(undefined);
      if (!this.separator(script)) this.unexpected(this.peek());
    }
  }

  private command(): Command {
    const tok = this.peek();
    const w = plainWord(tok);
    if (this.isOp(tok, '(')) return this.compound('(');
    if (w !== undefined && OPENERS.has(w)) return this.compound(w);
    if (w !== undefined && CLOSERS.has(w)) this.unexpected(tok);
    if (w === 'function' && this.dialect.functionKeyword) return this.functionDef(true);
    if (tok?.type === 'word' && tok.word.arithCommand) {
      this.i++;
      const part = tok.word[0]!;
      return { kind: 'arith', source: part.kind === 'arith' ? part.source : '', redirects: this.trailingRedirects() };
    }
    if (w === '[[' && this.dialect.doubleBracket) {
      const { expr, text, next } = this.conditional();
      this.i = next;
      return { kind: 'cond', expr, text, redirects: this.trailingRedirects() };
    }
    if (w !== undefined && this.isOp(this.peek(1), '(')) {
      // sh reads `NAME(` as a function only for a valid name (`a=(x)` is a stray `(` there).
      if (this.dialect.name !== 'bash' && !NAME.test(w)) this.unexpected(this.peek(1));
      return this.functionDef(false);
    }
    return this.simpleCommand();
  }

  /** `[[ ... ]]` from the token at `i` (the `[[`). */
  private conditional(): ReturnType<typeof parseConditional> {
    try {
      return parseConditional(this.tokens, this.i + 1);
    } catch (e) {
      if (e === parseConditional.END && !this.final) throw new NeedMore();
      if (e === parseConditional.END) throw this.error(this.dialect.messages.unexpectedEndOfFile());
      if (typeof e === 'string') throw new SyntaxError(e);
      throw e;
    }
  }

  /** `NAME () COMPOUND` or `function NAME [()] COMPOUND`. */
  private functionDef(keyword: boolean): FunctionDef {
    if (keyword) this.i++;
    const nameTok = this.peek();
    const name = plainWord(nameTok);
    if (!nameTok || this.isOp(nameTok, '\n')) throw this.unexpectedText('newline');
    if (name === undefined) this.unexpected(nameTok);
    this.i++;
    if (this.isOp(this.peek(), '(')) {
      this.i++;
      const close = this.peek();
      if (!close || this.isOp(close, '\n')) throw this.unexpectedText('newline');
      if (!this.isOp(close, ')')) this.unexpected(close);
      this.i++;
    } else if (!keyword) this.unexpected(this.peek());
    if (!FUNCTION_NAME.test(name!)) throw this.error(`\`${name}': not a valid identifier`);
    this.skipNewlines();
    const bodyTok = this.peek();
    if (!bodyTok) return this.unexpected(undefined);
    const w = plainWord(bodyTok);
    const opener = this.isOp(bodyTok, '(') ? '(' : w !== undefined && OPENERS.has(w) ? w : undefined;
    if (!opener) this.unexpected(bodyTok);
    return { kind: 'function', name: name!, body: this.compound(opener!), redirects: [] };
  }

  private simpleCommand(): SimpleCommand {
    const cmd: SimpleCommand = { assigns: [], words: [], redirects: [] };
    for (;;) {
      const tok = this.peek();
      if (!tok || tok.type === 'op') break;
      this.i++;
      if (tok.type === 'redir') {
        cmd.redirects.push(this.redirect(tok));
        continue;
      }
      const first = tok.word[0];
      const element = cmd.words.length === 0 && this.dialect.arrays ? elementAssignment(tok.word, this.dialect) : undefined;
      if (element) {
        cmd.assigns.push(element);
        continue;
      }
      const m = cmd.words.length === 0 && first?.kind === 'lit' && !first.quoted ? ASSIGN.exec(first.text) : null;
      if (m) {
        const rest: Word = [{ kind: 'lit', text: first!.kind === 'lit' ? first!.text.slice(m[0].length) : '', quoted: false }, ...tok.word.slice(1)];
        if (tok.word.raw !== undefined) Object.defineProperty(rest, 'raw', { value: tok.word.raw.slice(m[0].length), enumerable: false });
        const assign: SimpleCommand['assigns'][number] = { name: m[1]!, value: rest };
        if (m[2]) assign.append = true;
        if (tok.word.array) assign.array = tok.word.array;
        cmd.assigns.push(assign);
        continue;
      }
      if (cmd.words.length === 0 && tok.word.length === 1 && first?.kind === 'lit' && !first.quoted && this.dialect.name === 'bash' && UNSUPPORTED_WORDS.has(first.text)) {
        throw this.error(`${first.text}: not supported in this terminal (for, while, until, if, case, [[ ]], (( )), functions and { } are)`);
      }
      cmd.words.push(tok.word);
    }
    if (!cmd.words.length && !cmd.assigns.length && !cmd.redirects.length) this.unexpected(this.peek());
    return cmd;
  }

  private redirect(tok: Extract<Token, { type: 'redir' }>): Redirect {
    if (tok.doc) return { kind: 'heredoc', fd: tok.fd ?? 0, doc: tok.doc };
    const target = this.peek();
    if (target?.type !== 'word') {
      if (!target) throw this.unexpectedText('newline');
      return this.unexpected(target);
    }
    this.i++;
    return redirectTo(tok, target.word, this.prefix);
  }

  private pipeline(): Pipeline {
    let negate = false;
    if (plainWord(this.peek()) === '!') {
      negate = true;
      this.i++;
    }
    const commands = [this.command()];
    while (this.isOp(this.peek(), '|')) {
      this.i++;
      this.skipNewlines();
      commands.push(this.command());
    }
    return { negate, commands };
  }

  private andOr(): AndOr {
    const chain: AndOr = { first: this.pipeline(), rest: [] };
    for (;;) {
      const tok = this.peek();
      if (!this.isOp(tok, '&&', '||')) break;
      this.i++;
      this.skipNewlines();
      chain.rest.push({ op: (tok as { op: '&&' | '||' }).op, pipeline: this.pipeline() });
    }
    return chain;
  }
}

/** `NAME[SUBSCRIPT]=VALUE` or `NAME[SUBSCRIPT]+=VALUE` (an unquoted name and `[` start the word); undefined otherwise. */
function elementAssignment(word: Word, dialect: Dialect): Assignment | undefined {
  const first = word[0];
  const raw = word.raw;
  if (first?.kind !== 'lit' || first.quoted || raw === undefined || !/^[A-Za-z_][A-Za-z0-9_]*\[/.test(first.text)) return undefined;
  const open = raw.indexOf('[');
  const close = closingBracket(raw, open);
  if (close < 0) return undefined;
  const append = raw.startsWith('+=', close + 1);
  if (!append && raw[close + 1] !== '=') return undefined;
  const valueText = raw.slice(close + (append ? 3 : 2));
  const t = valueText === '' ? undefined : tokenize(valueText, true, dialect);
  const value: Word = t?.ok && t.tokens[0]?.type === 'word' ? t.tokens[0].word : [{ kind: 'lit', text: '', quoted: false }];
  const assign: Assignment = { name: raw.slice(0, open), value, index: raw.slice(open + 1, close) };
  if (append) assign.append = true;
  return assign;
}

/** The redirection a `tok` operator makes with its target `word`. */
function redirectTo(tok: Extract<Token, { type: 'redir' }>, word: Word, prefix: string): Redirect {
  const plain = word.length === 1 && word[0]!.kind === 'lit' ? word[0]!.text : undefined;
  switch (tok.op) {
    case '>':
    case '>|':
      return { kind: 'file', fd: tok.fd ?? 1, mode: 'write', target: word };
    case '>>':
      return { kind: 'file', fd: tok.fd ?? 1, mode: 'append', target: word };
    case '<':
    case '<>':
      return { kind: 'file', fd: tok.fd ?? 0, mode: 'read', target: word };
    case '<<<':
      return { kind: 'herestring', fd: tok.fd ?? 0, word };
    case '&>':
      return { kind: 'both', mode: 'write', target: word };
    case '&>>':
      return { kind: 'both', mode: 'append', target: word };
    case '>&':
    case '<&':
      if (plain !== undefined && /^\d+$/.test(plain)) return { kind: 'dup', fd: tok.fd ?? (tok.op === '>&' ? 1 : 0), to: Number(plain) };
      if (plain === '-') return { kind: 'file', fd: tok.fd ?? 1, mode: 'write', target: [{ kind: 'lit', text: '/dev/null', quoted: true }] };
      if (tok.op === '>&' && tok.fd === undefined) return { kind: 'both', mode: 'write', target: word };
      throw new SyntaxError(`${prefix}${plain ?? 'word'}: ambiguous redirect`);
    default:
      throw new SyntaxError(`${prefix}syntax error near unexpected token \`${tok.op}'`);
  }
}
