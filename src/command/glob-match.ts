/**
 * Wildcard matching for file-name globs (`*`, `?`) in time linear in the pattern times the
 * name, never exponential: a regular expression built from `a*a*a*a*b` backtracks through
 * every way of splitting a long name, while the pattern's literal pieces between stars can
 * simply be found left to right, each at its first possible place.
 */

/** One piece of a glob: a literal character or `?` (any one character). */
type Piece = string | null;

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
    } else segments[segments.length - 1]!.push(c === '?' && isWild(i) ? null : c);
  }
  return { segments, starred };
}

function matchesAt(name: string, at: number, seg: Piece[]): boolean {
  if (at + seg.length > name.length) return false;
  for (let k = 0; k < seg.length; k++) {
    const p = seg[k];
    if (p !== null && p !== name[at + k]) return false;
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
