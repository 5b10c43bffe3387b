/**
 * Wildcard matching for file-name globs (`*`, `?`, `[...]`) in time linear in the pattern times the
 * name, never exponential: a regular expression built from `a*a*a*a*b` backtracks through
 * every way of splitting a long name, while the pattern's literal pieces between stars can
 * simply be found left to right, each at its first possible place.
 */

/** A bracket expression (`[abc]`, `[a-z]`, `[!x]`, `[[:digit:]]`): one character it accepts. */
interface CharClass {
  test(c: string): boolean;
}

/** One piece of a glob: a literal character, `?` (any one character) or a bracket expression. */
type Piece = string | null | CharClass;

const CLASSES: Record<string, RegExp> = {
  alnum: /[A-Za-z0-9]/, alpha: /[A-Za-z]/, blank: /[ \t]/, cntrl: /[\x00-\x1f\x7f]/, digit: /[0-9]/, graph: /[!-~]/,
  lower: /[a-z]/, print: /[ -~]/, punct: /[!-\/:-@[-`{-~]/, space: /\s/, upper: /[A-Z]/, xdigit: /[0-9A-Fa-f]/,
};

/**
 * The bracket expression starting at `pattern[start]` (a `[`) and the index after its `]`;
 * undefined when it has no closing `]` (the `[` is then a plain character, as in bash).
 */
function bracketAt(pattern: string, start: number): { piece: CharClass; next: number } | undefined {
  let i = start + 1;
  const negate = pattern[i] === '!' || pattern[i] === '^';
  if (negate) i++;
  const tests: ((c: string) => boolean)[] = [];
  let first = true;
  for (; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === ']' && !first) {
      return { piece: { test: (x) => tests.some((t) => t(x)) !== negate }, next: i + 1 };
    }
    first = false;
    const cls = c === '[' && pattern[i + 1] === ':' ? /^\[:([a-z]+):\]/.exec(pattern.slice(i)) : null;
    if (cls && CLASSES[cls[1]!]) {
      const re = CLASSES[cls[1]!]!;
      tests.push((x) => re.test(x));
      i += cls[0].length - 1;
    } else if (pattern[i + 1] === '-' && pattern[i + 2] !== undefined && pattern[i + 2] !== ']') {
      const lo = c;
      const hi = pattern[i + 2]!;
      tests.push((x) => x >= lo && x <= hi);
      i += 2;
    } else tests.push((x) => x === c);
  }
  return undefined;
}

/** A glob compiled to its star-separated segments. */
export interface Glob {
  /** The segments between stars; `null` in a segment stands for `?`. */
  segments: Piece[][];
  /** Whether the pattern had at least one star (else it must match the whole name exactly). */
  starred: boolean;
  /** An extended pattern (`shopt -s extglob`: `@(a|b)`, `!(x)`...), matched by `ext` instead. */
  ext?: ExtNode[];
}

/**
 * A piece of an extended pattern: one character (literal, `?` as null, or a bracket
 * expression), `*`, or a group `?(..)` `*(..)` `+(..)` `@(..)` `!(..)` of alternatives.
 */
type ExtNode = { kind: 'one'; piece: Piece } | { kind: 'star' } | { kind: 'group'; op: string; alts: ExtNode[][] };

/**
 * Parses `pattern[from..]` up to a `|` or `)` at this depth (`top`: to the end); undefined
 * when a group does not close (the caller then reads its `(` as plain text).
 */
function parseExt(pattern: string, from: number, isWild: (i: number) => boolean, top: boolean): { alts: ExtNode[][]; next: number } | undefined {
  const alts: ExtNode[][] = [[]];
  for (let i = from; i < pattern.length; i++) {
    const c = pattern[i]!;
    const cur = alts[alts.length - 1]!;
    if (!top && isWild(i) && c === ')') return { alts, next: i + 1 };
    if (!top && isWild(i) && c === '|') {
      alts.push([]);
      continue;
    }
    if ('?*+@!'.includes(c) && pattern[i + 1] === '(' && isWild(i) && isWild(i + 1)) {
      const g = parseExt(pattern, i + 2, isWild, false);
      if (g) {
        cur.push({ kind: 'group', op: c, alts: g.alts });
        i = g.next - 1;
        continue;
      }
    }
    if (c === '*' && isWild(i)) cur.push({ kind: 'star' });
    else if (c === '?' && isWild(i)) cur.push({ kind: 'one', piece: null });
    else if (c === '[' && isWild(i)) {
      const b = bracketAt(pattern, i);
      if (b) {
        cur.push({ kind: 'one', piece: b.piece });
        i = b.next - 1;
      } else cur.push({ kind: 'one', piece: c });
    } else cur.push({ kind: 'one', piece: c });
  }
  return top ? { alts, next: pattern.length } : undefined;
}

/**
 * The positions where `seq` can end when it starts at `pos` of `name`: a set per start, so
 * the work stays polynomial (each node and start is worked out once, in `memo`).
 */
function seqEnds(seq: ExtNode[], pos: number, name: string, memo: Map<ExtNode[], Map<number, Set<number>>>): Set<number> {
  let byPos = memo.get(seq);
  if (!byPos) memo.set(seq, (byPos = new Map()));
  const known = byPos.get(pos);
  if (known) return known;
  let cur = new Set([pos]);
  for (const node of seq) {
    const next = new Set<number>();
    for (const p of cur) for (const q of nodeEnds(node, p, name, memo)) next.add(q);
    cur = next;
    if (!cur.size) break;
  }
  byPos.set(pos, cur);
  return cur;
}

function altEnds(alts: ExtNode[][], pos: number, name: string, memo: Map<ExtNode[], Map<number, Set<number>>>): Set<number> {
  const out = new Set<number>();
  for (const a of alts) for (const q of seqEnds(a, pos, name, memo)) out.add(q);
  return out;
}

function nodeEnds(node: ExtNode, pos: number, name: string, memo: Map<ExtNode[], Map<number, Set<number>>>): Iterable<number> {
  if (node.kind === 'one') {
    if (pos >= name.length) return [];
    const p = node.piece;
    const ok = p === null || (typeof p === 'string' ? p === name[pos] : p.test(name[pos]!));
    return ok ? [pos + 1] : [];
  }
  if (node.kind === 'star') {
    const out: number[] = [];
    for (let q = pos; q <= name.length; q++) out.push(q);
    return out;
  }
  const once = altEnds(node.alts, pos, name, memo);
  if (node.op === '@') return once;
  if (node.op === '?') return new Set([pos, ...once]);
  if (node.op === '!') {
    const out: number[] = [];
    for (let q = pos; q <= name.length; q++) if (!once.has(q)) out.push(q);
    return out;
  }
  // `*(..)` and `+(..)`: one or more turns (each moving on), and for `*` none at all.
  const seen = new Set<number>(node.op === '*' ? [pos] : []);
  const todo = [...once].filter((q) => q > pos);
  for (const q of once) seen.add(q);
  while (todo.length) {
    const p = todo.pop()!;
    for (const q of altEnds(node.alts, p, name, memo)) {
      if (!seen.has(q)) {
        seen.add(q);
        todo.push(q);
      }
    }
  }
  return seen;
}

/**
 * Compiles a glob. `isWild(i)` says whether the character at index `i` of `pattern` is an
 * active wildcard (the shell leaves quoted `*` and `?` literal); by default every `*` and `?` is.
 */
export function compileGlob(pattern: string, isWild: (i: number) => boolean = () => true, extglob = false): Glob {
  if (extglob && /[?*+@!]\(/.test(pattern)) {
    const parsed = parseExt(pattern, 0, isWild, true)!;
    if (parsed.alts[0]!.some((n) => n.kind === 'group')) return { segments: [[]], starred: false, ext: parsed.alts[0]! };
  }
  const segments: Piece[][] = [[]];
  let starred = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && isWild(i)) {
      starred = true;
      if (segments[segments.length - 1]!.length) segments.push([]);
      else if (segments.length > 1) continue;
      else segments.push([]);
    } else if (c === '[' && isWild(i)) {
      const b = bracketAt(pattern, i);
      if (b) {
        segments[segments.length - 1]!.push(b.piece);
        i = b.next - 1;
      } else segments[segments.length - 1]!.push(c);
    } else segments[segments.length - 1]!.push(c === '?' && isWild(i) ? null : c);
  }
  return { segments, starred };
}

function matchesAt(name: string, at: number, seg: Piece[]): boolean {
  if (at + seg.length > name.length) return false;
  for (let k = 0; k < seg.length; k++) {
    const p = seg[k] as Piece;
    if (p === null) continue;
    if (typeof p === 'string' ? p !== name[at + k] : !p.test(name[at + k]!)) return false;
  }
  return true;
}

/** Whether `name` matches the compiled glob as a whole. */
export function globMatches(g: Glob, name: string): boolean {
  if (g.ext) return seqEnds(g.ext, 0, name, new Map()).has(name.length);
  const segs = g.segments;
  if (!g.starred) return segs[0]!.length === name.length && matchesAt(name, 0, segs[0]!);
  const first = segs[0]!;
  const last = segs[segs.length - 1]!;
  if (!matchesAt(name, 0, first)) return false;
  const lastAt = name.length - last.length;
  if (lastAt < first.length || !matchesAt(name, lastAt, last)) return false;
  // The middle segments, each at its leftmost place after the previous one: if any placement
  // works, the leftmost one does, since stars absorb whatever lies between.
  let pos = first.length;
  for (let s = 1; s < segs.length - 1; s++) {
    const seg = segs[s]!;
    let found = -1;
    for (let at = pos; at + seg.length <= lastAt; at++) {
      if (matchesAt(name, at, seg)) {
        found = at;
        break;
      }
    }
    if (found < 0) return false;
    pos = found + seg.length;
  }
  return true;
}

/** Whether `name` matches the glob `pattern` (every `*` and `?` active). */
export function globMatch(pattern: string, name: string): boolean {
  return globMatches(compileGlob(pattern), name);
}
