/**
 * A regular-expression compiler for the terminal's `grep`: it turns the pattern (in the
 * JavaScript-like syntax grep.ts produces from BRE, ERE or fixed strings) into a program for
 * the linear-time matcher in match.ts. Supported: literals and escapes, `.`, bracket
 * expressions with ranges and negation, `^ $`, `\b \B \< \>`, `\d \w \s` and their negations,
 * groups (numbered for `\1` in sed's replacement), alternation, `* + ?` and intervals
 * `{n} {n,} {n,m}`, back-references `\1`..`\9`. A program with a back-reference cannot run on
 * the linear-time matcher (match.ts); backtrack.ts runs it in slices a caller can stop.
 */

/** One instruction of a compiled program. */
export type Inst =
  | { op: 'char'; test: (c: string) => boolean }
  | { op: 'split'; x: number; y: number }
  | { op: 'jmp'; to: number }
  | { op: 'assert'; kind: 'bol' | 'eol' | 'word' | 'notWord' | 'wordStart' | 'wordEnd' | 'noWordBefore' | 'noWordAfter' }
  /** Records the position in capture slot `slot` (group n starts at slot 2n, ends at 2n+1). */
  | { op: 'save'; slot: number }
  /** Matches again what group `n` matched (`fold`: ignoring case). */
  | { op: 'backref'; n: number; fold: boolean }
  | { op: 'match' };

/** A compiled pattern: its program and how many groups it captures (group 0 is the whole match). */
export interface Program {
  prog: Inst[];
  groups: number;
  backrefs: boolean;
  /** Names of named groups (`(?<name>...)`), by group number. */
  names: (string | undefined)[];
}

/** A pattern that does not compile; the message is GNU's reason (`Unmatched ( or \\(`), without the tool's name. */
export class RegexSyntaxError extends Error {}

/** Programs larger than this are refused, as GNU refuses intervals past its limits. */
const MAX_PROGRAM = 200_000;
const MAX_DEPTH = 500;

type Node =
  | { t: 'char'; test: (c: string) => boolean }
  | { t: 'assert'; kind: Extract<Inst, { op: 'assert' }>['kind'] }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'group'; n: number; node: Node }
  | { t: 'backref'; n: number };

const isWordChar = (c: string): boolean => /[A-Za-z0-9_]/.test(c);
const isSpace = (c: string): boolean => /\s/.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/** Whether `source` uses a back-reference (`\1` to `\9`) outside a bracket expression. */
export function hasBackReference(source: string): boolean {
  let inBracket = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      if (!inBracket && /[1-9]/.test(source[i + 1] ?? '')) return true;
      i++;
    } else if (c === '[') inBracket = true;
    else if (c === ']') inBracket = false;
  }
  return false;
}

/**
 * Compiles `source`; `ignoreCase` folds letters, `word` keeps only matches with no word
 * character right before or after them (grep -w). Throws RegexSyntaxError.
 */
export function compileRegex(source: string, ignoreCase: boolean, word = false): Inst[] {
  return compileProgram(source, ignoreCase, word).prog;
}

/** Compiles `source` into a program with its capture groups (see compileRegex). */
export function compileProgram(source: string, ignoreCase: boolean, word = false): Program {
  let i = 0;
  let depth = 0;
  let groups = 0;
  let backrefs = false;
  const names: (string | undefined)[] = [];
  const fold = (test: (c: string) => boolean): ((c: string) => boolean) =>
    ignoreCase ? (c) => test(c) || test(c.toLowerCase()) || test(c.toUpperCase()) : test;
  const literal = (ch: string): Node => ({ t: 'char', test: fold((c) => c === ch) });

  function alternation(): Node {
    if (++depth > MAX_DEPTH) throw new RegexSyntaxError('Regular expression too big');
    const items = [sequence()];
    while (source[i] === '|') {
      i++;
      items.push(sequence());
    }
    depth--;
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  function sequence(): Node {
    const items: Node[] = [];
    while (i < source.length && source[i] !== '|' && !(source[i] === ')' && depth > 1)) {
      let atom = primary();
      for (;;) {
        const q = quantifier();
        if (!q) break;
        atom = { t: 'rep', node: atom, min: q.min, max: q.max };
      }
      items.push(atom);
    }
    return { t: 'cat', items };
  }

  function quantifier(): { min: number; max: number } | undefined {
    const c = source[i];
    let q: { min: number; max: number } | undefined;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    else if (c === '{') {
      const m = /^\{(\d*)(,?)(\d*)\}/.exec(source.slice(i));
      if (!m || (m[1] === '' && m[3] === '' )) return undefined;
      const min = m[1] === '' ? 0 : Number(m[1]);
      const max = m[2] ? (m[3] === '' ? Infinity : Number(m[3])) : min;
      if (max < min) throw new RegexSyntaxError('Invalid content of \\{\\}');
      if (min > 32767 || (max !== Infinity && max > 32767)) throw new RegexSyntaxError('Regular expression too big');
      i += m[0].length - 1;
      q = { min, max };
    }
    if (!q) return undefined;
    i++;
    if (source[i] === '?') i++; // a lazy marker changes nothing for grep's leftmost-longest match
    return q;
  }

  function primary(): Node {
    const c = source[i++]!;
    if (c === '.') return { t: 'char', test: (x) => x !== '\n' };
    if (c === '^') return { t: 'assert', kind: 'bol' };
    if (c === '$') return { t: 'assert', kind: 'eol' };
    if (c === '(') {
      let n = 0;
      const named = /^\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(source.slice(i, i + 64));
      if (source.startsWith('?:', i)) i += 2;
      else if (named) {
        i += named[0].length;
        n = ++groups;
        names[n] = named[1];
      } else if (source.startsWith('?<!', i) || source.startsWith('?!', i) || source.startsWith('?=', i) || source.startsWith('?<=', i)) throw new RegexSyntaxError('Invalid regular expression');
      else n = ++groups;
      const inner = alternation();
      if (source[i] !== ')') throw new RegexSyntaxError('Unmatched ( or \\(');
      i++;
      return n ? { t: 'group', n, node: inner } : inner;
    }
    if (c === '[') return bracket();
    if (c === '\\') {
      if (i >= source.length) throw new RegexSyntaxError('Trailing backslash');
      const e = source[i++]!;
      if (e >= '1' && e <= '9') {
        const n = Number(e);
        if (n > groups) throw new RegexSyntaxError('Invalid back reference');
        backrefs = true;
        return { t: 'backref', n };
      }
      switch (e) {
        case 'd': return { t: 'char', test: isDigit };
        case 'D': return { t: 'char', test: (x) => !isDigit(x) };
        case 'w': return { t: 'char', test: isWordChar };
        case 'W': return { t: 'char', test: (x) => !isWordChar(x) };
        case 's': return { t: 'char', test: isSpace };
        case 'S': return { t: 'char', test: (x) => !isSpace(x) };
        case 'b': return { t: 'assert', kind: 'word' };
        case 'B': return { t: 'assert', kind: 'notWord' };
        case '<': return { t: 'assert', kind: 'wordStart' };
        case '>': return { t: 'assert', kind: 'wordEnd' };
        case 't': return literal('\t');
        case 'n': return literal('\n');
        default: return literal(e);
      }
    }
    return literal(c);
  }

  function bracket(): Node {
    const ranges: [string, string][] = [];
    const classes: ((c: string) => boolean)[] = [];
    let negate = false;
    if (source[i] === '^') {
      negate = true;
      i++;
    }
    let first = true;
    for (;;) {
      if (i >= source.length) throw new RegexSyntaxError('Unmatched [, [^, [:, [., or [=');
      let c = source[i++]!;
      if (c === ']' && !first) break;
      first = false;
      if (c === '\\' && i < source.length) {
        const e = source[i++]!;
        if (e === 'd') { classes.push(isDigit); continue; }
        if (e === 'w') { classes.push(isWordChar); continue; }
        if (e === 's') { classes.push(isSpace); continue; }
        c = e === 't' ? '\t' : e === 'n' ? '\n' : e === 'f' ? '\f' : e === 'v' ? '\v' : e === 'r' ? '\r' : e;
      }
      if (source[i] === '-' && source[i + 1] !== undefined && source[i + 1] !== ']') {
        i++;
        let hi = source[i++]!;
        if (hi === '\\' && i < source.length) hi = source[i++]!;
        if (hi < c) throw new RegexSyntaxError('Invalid range end');
        ranges.push([c, hi]);
      } else ranges.push([c, c]);
    }
    const inSet = (x: string): boolean => ranges.some(([lo, hi]) => x >= lo && x <= hi) || classes.some((f) => f(x));
    const test = fold(inSet);
    return { t: 'char', test: negate ? (x) => x !== '\n' && !test(x) : test };
  }

  const tree = alternation();
  if (i < source.length) {
    // A `)` without its `(`: GNU grep -E takes it literally; so does this compiler.
    return compileProgram(source.slice(0, i) + '\\' + source.slice(i), ignoreCase, word);
  }
  const prog: Inst[] = [];
  emit(word ? { t: 'cat', items: [{ t: 'assert', kind: 'noWordBefore' }, tree, { t: 'assert', kind: 'noWordAfter' }] } : tree, prog, ignoreCase);
  prog.push({ op: 'match' });
  return { prog, groups, backrefs, names };
}

/** Appends the instructions of `n` to `prog` (Thompson's construction). */
function emit(n: Node, prog: Inst[], fold: boolean): void {
  if (prog.length > MAX_PROGRAM) throw new RegexSyntaxError('Regular expression too big');
  switch (n.t) {
    case 'char':
      prog.push({ op: 'char', test: n.test });
      return;
    case 'assert':
      prog.push({ op: 'assert', kind: n.kind });
      return;
    case 'group':
      prog.push({ op: 'save', slot: 2 * n.n });
      emit(n.node, prog, fold);
      prog.push({ op: 'save', slot: 2 * n.n + 1 });
      return;
    case 'backref':
      prog.push({ op: 'backref', n: n.n, fold });
      return;
    case 'cat':
      for (const x of n.items) emit(x, prog, fold);
      return;
    case 'alt': {
      const jumps: { op: 'jmp'; to: number }[] = [];
      for (let k = 0; k < n.items.length; k++) {
        if (k < n.items.length - 1) {
          const split = { op: 'split' as const, x: prog.length + 1, y: 0 };
          prog.push(split);
          emit(n.items[k]!, prog, fold);
          const j = { op: 'jmp' as const, to: 0 };
          prog.push(j);
          jumps.push(j);
          split.y = prog.length;
        } else emit(n.items[k]!, prog, fold);
      }
      for (const j of jumps) j.to = prog.length;
      return;
    }
    case 'rep': {
      for (let k = 0; k < n.min; k++) emit(n.node, prog, fold);
      if (n.max === Infinity) {
        const split = { op: 'split' as const, x: prog.length + 1, y: 0 };
        const at = prog.length;
        prog.push(split);
        emit(n.node, prog, fold);
        prog.push({ op: 'jmp', to: at });
        split.y = prog.length;
        return;
      }
      const splits: { op: 'split'; x: number; y: number }[] = [];
      for (let k = n.min; k < n.max; k++) {
        const split = { op: 'split' as const, x: prog.length + 1, y: 0 };
        prog.push(split);
        splits.push(split);
        emit(n.node, prog, fold);
      }
      for (const s of splits) s.y = prog.length;
      return;
    }
  }
}
