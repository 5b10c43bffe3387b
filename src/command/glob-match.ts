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
}

/**
 * Compiles a glob. `isWild(i)` says whether the character at index `i` of `pattern` is an
 * active wildcard (the shell leaves quoted `*` and `?` literal); by default every `*` and `?` is.
 */
export function compileGlob(pattern: string, isWild: (i: number) => boolean = () => true): Glob {
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
