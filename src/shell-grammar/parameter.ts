/**
 * The inside of `${...}`: which parameter it names (a variable, an array element, a
 * positional or special parameter) and which operator it applies.
 */
import type { WordPart } from './ast.ts';

/** A parameter's name: a variable, a positional parameter, or a special one. */
const PARAM = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#@*!-])/;

/**
 * The inside of `${...}`: `NAME`, `NAME[SUB]`, `#NAME[SUB]` (length), `!NAME[@]` (keys),
 * `!PREFIX*` / `!PREFIX@` (variable names), `!NAME` (indirect), each
 * optionally followed by `:-word`, `-word`, `:+word`, `:=word`, `:?word` (each also without
 * the colon), `#pat`, `%pat`, `/pat/rep`, `^[pat]`, `,[pat]`, `~[pat]`, `:OFFSET[:LENGTH]` or `@OP`; undefined otherwise.
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
  if (prefix === '!') {
    const variable = /^[A-Za-z_]/.test(name);
    if (rest === '' && (index === '@' || index === '*') && variable) return { ...part, keys: true };
    if ((rest === '*' || rest === '@') && index === undefined && variable) return { ...part, prefixNames: rest };
    const op = withOperator(part, rest);
    return op && { ...op, indirect: true };
  }
  return withOperator(part, rest);
}

/** `part` with the operator `rest` spells (`:-word`, `#pat`, `^^`...); undefined when `rest` is none. */
function withOperator(part: Extract<WordPart, { kind: 'var' }>, rest: string): Extract<WordPart, { kind: 'var' }> | undefined {
  if (rest === '') return part;
  if (rest.startsWith(':-')) return { ...part, fallback: rest.slice(2) };
  if (rest.startsWith('-')) return { ...part, fallback: rest.slice(1), unsetOnly: true };
  const word = /^(:?)([=?+])/.exec(rest);
  if (word) {
    const text = rest.slice(word[0].length);
    const unset = word[1] === '' ? { unsetOnly: true } : {};
    if (word[2] === '+') return { ...part, ...unset, alternate: text };
    if (word[2] === '=') return { ...part, ...unset, assign: text };
    return { ...part, ...unset, error: text };
  }
  const trim = /^(##?|%%?)/.exec(rest);
  if (trim) return { ...part, trim: { pattern: rest.slice(trim[0].length), suffix: trim[0][0] === '%', longest: trim[0].length === 2 } };
  if (rest.startsWith('/')) {
    const mode = rest[1] === '/' || rest[1] === '#' || rest[1] === '%' ? rest[1] : '';
    const body = rest.slice(1 + mode.length);
    const slash = body.indexOf('/');
    const pattern = slash < 0 ? body : body.slice(0, slash);
    const replacement = slash < 0 ? '' : body.slice(slash + 1);
    const anchor = mode === '#' || mode === '%' ? { anchor: mode as '#' | '%' } : {};
    return { ...part, replace: { pattern, replacement, all: mode === '/', ...anchor } };
  }
  const cased = /^(\^\^?|,,?|~~?)/.exec(rest);
  if (cased) {
    const op = cased[0];
    const caseOp: NonNullable<typeof part.caseOp> = { upper: op[0] === '^', all: op.length === 2 };
    if (op[0] === '~') caseOp.toggle = true;
    if (rest.length > op.length) caseOp.pattern = rest.slice(op.length);
    return { ...part, caseOp };
  }
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
