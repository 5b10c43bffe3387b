/**
 * Where the constructs that nest end: the `))` of an arithmetic expression, the `}` of a
 * `${`, the `)` of a `$(`, skipping quoted text; Incomplete when the input ends first.
 */
import type { HereDoc } from './ast.ts';

/** End of input inside a construct: `missing` is what would close it (a heredoc's `doc`). */
export class Incomplete {
  readonly missing: string;
  readonly doc: HereDoc | undefined;
  constructor(missing: string, doc?: HereDoc) {
    this.missing = missing;
    this.doc = doc;
  }
}

/** Index of the `))` closing an arithmetic expression whose body starts at `from`. */
export function matchArith(src: string, from: number): number {
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

/**
 * Index of the `}` closing a `${` whose body starts at `from`, past nested `${...}`, `$(...)`
 * and quoted text (`${words[$((${#words[@]}-1))]}`); inside double quotes `'` is plain text.
 */
export function matchBrace(src: string, from: number, quoted: boolean): number {
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
    } else if (c === '$' && src[i + 1] === '(') i = matchParen(src, i + 2);
    else if (c === '$' && src[i + 1] === '{') {
      depth++;
      i++;
    } else if (c === '}' && --depth === 0) return i;
  }
  throw new Incomplete('}');
}

/** Index of the `)` closing a `$(` whose body starts at `from`, skipping quoted text. */
export function matchParen(src: string, from: number): number {
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

/** How many newlines `s` holds (the tokenizer counts lines for here-document warnings). */
export function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
