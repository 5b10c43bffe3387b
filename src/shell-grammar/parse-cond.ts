/**
 * The expression of a `[[ ... ]]` conditional command, read from the tokens the tokenizer made
 * of it: `&&`, `||`, `(`, `)` and `!` combine tests; `<` and `>` (redirection tokens elsewhere)
 * compare strings; newlines inside are ignored, as bash does.
 */
import type { CondExpr, Word } from './ast.ts';
import type { Token } from './tokenize.ts';

const BINARY = new Set(['==', '=', '!=', '=~', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef']);
const UNARY = /^-[abcdefghknoprstuvwxzGLNOS]$/;

/** Text of an unquoted one-part literal word, or undefined. */
function plain(tok: Token | undefined): string | undefined {
  if (tok?.type !== 'word' || tok.word.length !== 1) return undefined;
  const p = tok.word[0]!;
  return p.kind === 'lit' && !p.quoted ? p.text : undefined;
}

function tokenText(tok: Token): string {
  if (tok.type === 'word') return tok.word.raw ?? plain(tok) ?? '';
  return tok.op;
}

/**
 * Parses the expression starting at `tokens[from]` up to its `]]`. Returns it, its text (for
 * printing the command back) and the index after `]]`. Throws `parseConditional.END` when the
 * tokens end first, or a bash message (a string) for a malformed expression.
 */
export function parseConditional(tokens: Token[], from: number): { expr: CondExpr; text: string; next: number } {
  let i = from;
  const skip = (): void => {
    while (tokens[i]?.type === 'op' && (tokens[i] as { op: string }).op === '\n') i++;
  };
  const peek = (): Token | undefined => {
    skip();
    if (i >= tokens.length) throw parseConditional.END;
    return tokens[i];
  };
  const isOp = (tok: Token | undefined, op: string): boolean => tok?.type === 'op' && tok.op === op;
  const unexpected = (tok: Token | undefined): never => {
    throw tok && plain(tok) !== ']]'
      ? `bash: syntax error in conditional expression: unexpected token \`${tokenText(tok)}'`
      : 'bash: syntax error in conditional expression';
  };
  const word = (): Word => {
    const tok = peek();
    if (tok?.type !== 'word' || plain(tok) === ']]') return unexpected(tok);
    i++;
    return tok.word;
  };
  const or = (): CondExpr => {
    let left = and();
    while (isOp(peek(), '||')) {
      i++;
      left = { op: '||', left, right: and() };
    }
    return left;
  };
  const and = (): CondExpr => {
    let left = not();
    while (isOp(peek(), '&&')) {
      i++;
      left = { op: '&&', left, right: not() };
    }
    return left;
  };
  const not = (): CondExpr => {
    if (plain(peek()) === '!') {
      i++;
      return { op: '!', expr: not() };
    }
    return primary();
  };
  const primary = (): CondExpr => {
    const tok = peek();
    if (isOp(tok, '(')) {
      i++;
      const e = or();
      if (!isOp(peek(), ')')) throw `bash: unexpected token \`${tokenText(tokens[i]!)}', expected \`)'`;
      i++;
      return e;
    }
    const first = plain(tok);
    if (first !== undefined && UNARY.test(first)) {
      const after = tokens[i + 1];
      if (plain(after) === ']]') throw "bash: unexpected argument `]]' to conditional unary operator";
      // `-n` followed by `]]` or an operator is the plain string `-n`.
      if (after?.type === 'word' && plain(after) !== ']]' && !BINARY.has(plain(tokens[i + 2]) ?? '')) {
        i++;
        return { op: 'unary', test: first, word: word() };
      }
    }
    const left = word();
    const opTok = peek();
    const opText = opTok?.type === 'redir' && (opTok.op === '<' || opTok.op === '>') && opTok.fd === undefined ? opTok.op : plain(opTok);
    if (opText !== undefined && (BINARY.has(opText) || opText === '<' || opText === '>')) {
      i++;
      return { op: 'binary', test: opText, left, right: word() };
    }
    if (opTok?.type === 'word' && plain(opTok) !== ']]') throw 'bash: conditional binary operator expected';
    return { op: 'unary', test: '-n', word: left };
  };
  const start = i;
  if (plain(peek()) === ']]') unexpected(tokens[i]);
  const expr = or();
  if (plain(peek()) !== ']]') unexpected(tokens[i]);
  const text = tokens
    .slice(start, i)
    .filter((t) => !isOp(t, '\n'))
    .map(tokenText)
    .join(' ');
  return { expr, text, next: i + 1 };
}

/** Thrown when the input ends inside `[[ ... ]]` (more lines are needed). */
parseConditional.END = Symbol('end of conditional');
