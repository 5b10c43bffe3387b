/**
 * The parser's cursor over one input's tokens, shared by the parts of the grammar: looking
 * at tokens, lists of commands up to a reserved word, redirections, and syntax errors in the
 * dialect's words.
 */
import type { AndOr, Redirect, Script, Word } from './ast.ts';
import type { Dialect } from './dialect.ts';
import type { Token } from './tokenize.ts';

/** A syntax error, in the dialect's words. */
export class SyntaxError {
  readonly message: string;
  /** The line of the token at fault, when known. */
  line: number | undefined;
  constructor(message: string, line?: number) {
    this.message = message;
    this.line = line;
  }
}
/** More lines are needed: the input stops inside a command. */
export class NeedMore {}

/** The text of an unquoted single-literal word token (how reserved words are recognised). */
export function plainWord(tok: Token | undefined): string | undefined {
  if (tok?.type !== 'word' || tok.word.length !== 1) return undefined;
  const p = tok.word[0]!;
  return p.kind === 'lit' && !p.quoted ? p.text : undefined;
}

/** The token cursor and what every part of the parser needs. */
export abstract class ParserBase {
  protected i = 0;
  protected depth = 0;
  protected readonly tokens: Token[];
  protected readonly final: boolean;
  protected readonly dialect: Dialect;
  /** Put before each message: `bash: `, or nothing for sh (which adds its own name). */
  protected readonly prefix: string;

  constructor(tokens: Token[], final: boolean, dialect: Dialect) {
    this.tokens = tokens;
    this.final = final;
    this.dialect = dialect;
    this.prefix = dialect.messages.prefix;
  }

  /** A syntax error in this dialect's words. */
  protected error(message: string): SyntaxError {
    return new SyntaxError(this.prefix + message);
  }

  protected peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  protected isOp(tok: Token | undefined, ...ops: string[]): boolean {
    return tok?.type === 'op' && ops.includes(tok.op);
  }

  protected unexpected(tok: Token | undefined): never {
    if (!tok) {
      if (!this.final) throw new NeedMore();
      throw this.error(this.dialect.messages.unexpectedEndOfFile());
    }
    const text = tok.type === 'op' ? (tok.op === '\n' ? 'newline' : tok.op) : tok.type === 'redir' ? tok.op : (plainWord(tok) ?? tok.word.raw ?? 'word');
    const error = this.unexpectedText(text);
    error.line = tok.line;
    throw error;
  }

  protected unexpectedText(text: string): SyntaxError {
    return this.error(this.dialect.messages.unexpectedToken(text));
  }

  protected skipNewlines(): void {
    while (this.isOp(this.peek(), '\n')) this.i++;
  }

  protected expectWord(word: string): void {
    if (plainWord(this.peek()) !== word) this.unexpected(this.peek());
    this.i++;
  }

  /** After a chain: consumes `;`, newline or `&` (marking the chain background); false if none. */
  protected separator(script: Script): boolean {
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
  protected list(terminators: string[], inCase = false): Script {
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

  protected trailingRedirects(): Redirect[] {
    const out: Redirect[] = [];
    for (let tok = this.peek(); tok?.type === 'redir'; tok = this.peek()) {
      this.i++;
      out.push(this.redirect(tok));
    }
    return out;
  }

  protected redirect(tok: Extract<Token, { type: 'redir' }>): Redirect {
    if (tok.doc) return { kind: 'heredoc', fd: tok.fd ?? 0, doc: tok.doc };
    const target = this.peek();
    if (target?.type !== 'word') {
      if (!target) throw this.unexpectedText('newline');
      return this.unexpected(target);
    }
    this.i++;
    return redirectTo(tok, target.word, this.prefix);
  }

  /** A chain of pipelines joined by `&&` and `||` (the grammar above this base). */
  protected abstract andOr(): AndOr;
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
