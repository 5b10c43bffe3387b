/**
 * Builds the command structure (ast.ts) from tokens: `;` and newlines separate chains, `&&` and
 * `||` chain pipelines, `|` joins commands, redirections attach to the command they appear in.
 */
import type { AndOr, Command, Compound, Pipeline, Redirect, Script, SimpleCommand, Word } from './ast.ts';
import { tokenize, type Token } from './tokenize.ts';

export type ParseResult =
  | { ok: true; script: Script; warnings: string[] }
  /** More lines are needed (open quote, heredoc body, trailing `|` / `&&` / `\`). */
  | { ok: false; incomplete: true; heredoc?: { delimiter: string; stripTabs: boolean }; openQuote?: "'" | '"' }
  | { ok: false; incomplete: false; message: string };

const ASSIGN = /^([A-Za-z_][A-Za-z0-9_]*)=/;
const UNSUPPORTED_WORDS = new Set(['case', 'esac', 'function', 'select', 'coproc', '[[', '((']);
/** Words that close a compound command; at the start of a command outside one they are errors. */
const CLOSERS = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', '}']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * How deep compound commands (`{ }`, loops, `if`) may nest. bash has no fixed limit; this
 * terminal's parser and executor recurse once per level, so a deeper script is refused in
 * bash's words for exceeded nesting instead of overflowing the browser's stack.
 */
export const MAX_NESTING = 200;

/**
 * Parses shell input. With `final` (a script's end of input) an open quote or a dangling
 * operator is a syntax error instead of a request for more lines.
 */
export function parse(src: string, final = false): ParseResult {
  const t = tokenize(src, final);
  if (!t.ok) return t;
  const tokens = t.tokens;
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const isOp = (tok: Token | undefined, ...ops: string[]): boolean => tok?.type === 'op' && ops.includes(tok.op);

  class SyntaxError {
    readonly message: string;
    constructor(message: string) {
      this.message = message;
    }
  }
  class NeedMore {}
  const unexpected = (tok: Token | undefined): never => {
    if (!tok) {
      if (!final) throw new NeedMore();
      throw new SyntaxError('bash: syntax error: unexpected end of file');
    }
    const text = tok.type === 'op' ? (tok.op === '\n' ? 'newline' : tok.op) : tok.type === 'redir' ? tok.op : (plainWord(tok) ?? 'word');
    throw new SyntaxError(`bash: syntax error near unexpected token \`${text}'`);
  };
  const skipNewlines = (): void => {
    while (isOp(peek(), '\n')) i++;
  };
  /** The text of an unquoted single-literal word token (how reserved words are recognised). */
  function plainWord(tok: Token | undefined): string | undefined {
    if (tok?.type !== 'word' || tok.word.length !== 1) return undefined;
    const p = tok.word[0]!;
    return p.kind === 'lit' && !p.quoted ? p.text : undefined;
  }
  const expectWord = (word: string): void => {
    if (plainWord(peek()) !== word) unexpected(peek());
    i++;
  };

  /** Commands up to (not including) one of the reserved `terminators` at a command start. */
  const list = (terminators: string[]): Script => {
    const script: Script = [];
    for (;;) {
      skipNewlines();
      const tok = peek();
      if (!tok) return unexpected(undefined);
      const w = plainWord(tok);
      if (w !== undefined && terminators.includes(w)) {
        if (!script.length) unexpected(tok);
        return script;
      }
      script.push(andOr());
      const next = peek();
      if (!next) return unexpected(undefined);
      if (isOp(next, '&')) throw new SyntaxError('bash: background jobs (&) are not supported in this terminal');
      if (!isOp(next, '\n', ';')) unexpected(next);
      i++;
    }
  };

  const trailingRedirects = (): Redirect[] => {
    const out: Redirect[] = [];
    for (let tok = peek(); tok?.type === 'redir'; tok = peek()) {
      i++;
      out.push(redirect(tok));
    }
    return out;
  };

  let depth = 0;
  const compound = (w: string): Compound => {
    if (++depth > MAX_NESTING) throw new SyntaxError(`bash: maximum nesting level exceeded (${MAX_NESTING})`);
    try {
      return compoundBody(w);
    } finally {
      depth--;
    }
  };

  const compoundBody = (w: string): Compound => {
    i++;
    if (w === 'for') {
      const nameTok = peek();
      const name = plainWord(nameTok);
      if (!nameTok) return unexpected(undefined);
      if (name === undefined || !NAME.test(name)) throw new SyntaxError(`bash: \`${name ?? 'word'}': not a valid identifier`);
      i++;
      const words: Word[] = [];
      skipNewlines();
      if (plainWord(peek()) === 'in') {
        i++;
        for (let tok = peek(); tok?.type === 'word'; tok = peek()) {
          words.push(tok.word);
          i++;
        }
      }
      if (isOp(peek(), ';', '\n')) i++;
      skipNewlines();
      if (!peek()) return unexpected(undefined);
      expectWord('do');
      const body = list(['done']);
      expectWord('done');
      return { kind: 'for', name, words, body, redirects: trailingRedirects() };
    }
    if (w === 'while' || w === 'until') {
      const cond = list(['do']);
      expectWord('do');
      const body = list(['done']);
      expectWord('done');
      return { kind: 'while', until: w === 'until', cond, body, redirects: trailingRedirects() };
    }
    if (w === 'if') {
      const branches: { cond: Script; body: Script }[] = [];
      let otherwise: Script | undefined;
      for (;;) {
        const cond = list(['then']);
        expectWord('then');
        branches.push({ cond, body: list(['elif', 'else', 'fi']) });
        const next = plainWord(peek());
        i++;
        if (next === 'elif') continue;
        if (next === 'else') {
          otherwise = list(['fi']);
          expectWord('fi');
        }
        break;
      }
      return { kind: 'if', branches, otherwise, redirects: trailingRedirects() };
    }
    const body = list(['}']);
    expectWord('}');
    return { kind: 'group', body, redirects: trailingRedirects() };
  };

  const command = (): Command => {
    const w = plainWord(peek());
    if (w === 'for' || w === 'while' || w === 'until' || w === 'if' || w === '{') return compound(w);
    if (w !== undefined && CLOSERS.has(w)) unexpected(peek());
    const cmd: SimpleCommand = { assigns: [], words: [], redirects: [] };
    for (;;) {
      const tok = peek();
      if (!tok || tok.type === 'op') break;
      i++;
      if (tok.type === 'redir') {
        cmd.redirects.push(redirect(tok));
        continue;
      }
      const first = tok.word[0];
      const m = cmd.words.length === 0 && first?.kind === 'lit' && !first.quoted ? ASSIGN.exec(first.text) : null;
      if (m) {
        const rest: Word = [{ kind: 'lit', text: first!.kind === 'lit' ? first!.text.slice(m[0].length) : '', quoted: false }, ...tok.word.slice(1)];
        cmd.assigns.push({ name: m[1]!, value: rest });
        continue;
      }
      if (cmd.words.length === 0 && tok.word.length === 1 && first?.kind === 'lit' && !first.quoted && UNSUPPORTED_WORDS.has(first.text)) {
        throw new SyntaxError(`bash: ${first.text}: not supported in this terminal (for, while, until, if and { } are)`);
      }
      cmd.words.push(tok.word);
    }
    if (!cmd.words.length && !cmd.assigns.length && !cmd.redirects.length) unexpected(peek());
    return cmd;
  };

  const redirect = (tok: Extract<Token, { type: 'redir' }>): Redirect => {
    if (tok.doc) return { kind: 'heredoc', fd: tok.fd ?? 0, doc: tok.doc };
    const target = peek();
    if (target?.type !== 'word') {
      if (!target) throw new SyntaxError("bash: syntax error near unexpected token `newline'");
      return unexpected(target);
    }
    i++;
    const word = target.word;
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
        throw new SyntaxError(`bash: ${plain ?? 'word'}: ambiguous redirect`);
      default:
        return unexpected(tok);
    }
  };

  const pipeline = (): Pipeline => {
    let negate = false;
    const tok = peek();
    if (tok?.type === 'word' && tok.word.length === 1 && tok.word[0]!.kind === 'lit' && !tok.word[0]!.quoted && tok.word[0]!.text === '!') {
      negate = true;
      i++;
    }
    const commands = [command()];
    while (isOp(peek(), '|')) {
      i++;
      skipNewlines();
      commands.push(command());
    }
    return { negate, commands };
  };

  const andOr = (): AndOr => {
    const chain: AndOr = { first: pipeline(), rest: [] };
    for (;;) {
      const tok = peek();
      if (!isOp(tok, '&&', '||')) break;
      i++;
      skipNewlines();
      chain.rest.push({ op: (tok as { op: '&&' | '||' }).op, pipeline: pipeline() });
    }
    return chain;
  };

  try {
    const script: Script = [];
    for (;;) {
      while (isOp(peek(), '\n', ';')) {
        if (isOp(peek(), ';') && script.length === 0) unexpected(peek());
        i++;
      }
      if (i >= tokens.length) break;
      const tok = peek();
      if (isOp(tok, '&')) throw new SyntaxError('bash: background jobs (&) are not supported in this terminal');
      if (tok?.type === 'op' && !isOp(tok, '\n', ';')) unexpected(tok);
      script.push(andOr());
      const next = peek();
      if (next === undefined) break;
      if (isOp(next, '&')) throw new SyntaxError('bash: background jobs (&) are not supported in this terminal');
      if (!isOp(next, '\n', ';')) unexpected(next);
    }
    return { ok: true, script, warnings: t.warnings };
  } catch (e) {
    if (e instanceof NeedMore) return { ok: false, incomplete: true };
    if (e instanceof SyntaxError) return { ok: false, incomplete: false, message: e.message };
    throw e;
  }
}
