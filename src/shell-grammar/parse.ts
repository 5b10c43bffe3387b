/**
 * Builds the command structure (ast.ts) from tokens: `;`, `&` and newlines separate chains
 * (`&` runs its chain in the background), `&&` and `||` chain pipelines, `|` joins commands,
 * redirections attach to the command they appear in; compound commands (`for`, `while`,
 * `until`, `if`, `case`, `{ }`, `( )`) and function definitions nest.
 */
import type { AndOr, Assignment, Command, FunctionDef, Pipeline, Script, SimpleCommand, Word } from './ast.ts';
import { parseConditional } from './parse-cond.ts';
import { tokenize } from './tokenize.ts';
import { closingBracket } from './parameter.ts';
import { BASH, type Dialect } from './dialect.ts';
import { CompoundParser } from './parse-compound.ts';
import { NeedMore, SyntaxError, plainWord } from './parser-base.ts';

export { MAX_NESTING } from './parse-compound.ts';

export type ParseResult =
  | { ok: true; script: Script; warnings: string[] }
  /** More lines are needed (open quote, heredoc body, trailing `|` / `&&` / `\`). */
  | { ok: false; incomplete: true; heredoc?: { delimiter: string; stripTabs: boolean }; openQuote?: "'" | '"' }
  /** `line`: where the error is (not enumerable), for a script's `NAME: line N: ` messages. */
  | { ok: false; incomplete: false; message: string; line?: number };

const ASSIGN = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/;
const UNSUPPORTED_WORDS = new Set(['coproc']);
/** Words that close a compound command; at the start of a command outside one they are errors. */
const CLOSERS = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', '}', 'esac']);
/** Words that open a compound command. */
const OPENERS = new Set(['for', 'while', 'until', 'if', 'case', '{']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** What bash accepts as a function name outside POSIX mode (`kube-ctx() { ...; }`). */
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

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
    if (e instanceof SyntaxError) {
      const result = { ok: false as const, incomplete: false as const, message: e.message };
      if (e.line !== undefined) Object.defineProperty(result, 'line', { value: e.line, enumerable: false });
      return result;
    }
    throw e;
  }
}

/** A recursive-descent parser over one input's tokens: lists, pipelines, simple commands, functions. */
class Parser extends CompoundParser {
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

  protected command(): Command {
    const tok = this.peek();
    const w = plainWord(tok);
    if (this.isOp(tok, '(')) return this.compound('(');
    if (w !== undefined && (OPENERS.has(w) || (w === 'select' && this.dialect.name === 'bash'))) return this.compound(w);
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
  protected conditional(): ReturnType<typeof parseConditional> {
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
  protected functionDef(keyword: boolean): FunctionDef {
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
    const opener = this.isOp(bodyTok, '(') ? '(' : w !== undefined && (OPENERS.has(w) || (w === 'select' && this.dialect.name === 'bash')) ? w : undefined;
    if (!opener) this.unexpected(bodyTok);
    return { kind: 'function', name: name!, body: this.compound(opener!), redirects: [] };
  }

  protected simpleCommand(): SimpleCommand {
    const cmd: SimpleCommand = { assigns: [], words: [], redirects: [] };
    const line = this.peek()?.line;
    if (line !== undefined) Object.defineProperty(cmd, 'line', { value: line, enumerable: false });
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
      if (
        cmd.words.length === 0 &&
        tok.word.length === 1 &&
        first?.kind === 'lit' &&
        !first.quoted &&
        this.dialect.name === 'bash' &&
        UNSUPPORTED_WORDS.has(first.text)
      ) {
        throw this.error(`${first.text}: not supported in this terminal (for, select, while, until, if, case, [[ ]], (( )), functions and { } are)`);
      }
      cmd.words.push(tok.word);
    }
    if (!cmd.words.length && !cmd.assigns.length && !cmd.redirects.length) this.unexpected(this.peek());
    return cmd;
  }
  protected pipeline(): Pipeline {
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

  protected andOr(): AndOr {
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
