/**
 * The matcher for programs with back-references (`\(a*\)\1`), which no linear-time engine can
 * match: a backtracking search over the same program, written as a generator that yields every
 * SLICE steps. Its caller decides what happens between slices (let the event loop turn, see
 * Ctrl-C, stop after a budget), so a pattern that backtracks exponentially never freezes the
 * terminal: it runs until the learner stops it, as GNU grep would, but stoppably.
 */
import type { Inst } from './compile.ts';

/** Steps between two yields. */
export const SLICE = 20_000;

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);

function holds(kind: Extract<Inst, { op: 'assert' }>['kind'], s: string, pos: number): boolean {
  const before = isWordChar(s[pos - 1]);
  const after = isWordChar(s[pos]);
  switch (kind) {
    case 'bol':
      return pos === 0;
    case 'eol':
      return pos === s.length;
    case 'word':
      return before !== after;
    case 'notWord':
      return before === after;
    case 'wordStart':
      return !before && after;
    case 'wordEnd':
      return before && !after;
    case 'noWordBefore':
      return !before;
    case 'noWordAfter':
      return !after;
  }
}

/**
 * Searches `s` from `from` for the first match (leftmost start, then the first alternative in
 * priority order); yields between slices, returns the capture slots (see Matcher.groups) or
 * undefined.
 */
export function* backtrack(prog: Inst[], s: string, from: number, nslots: number): Generator<void, number[] | undefined> {
  let steps = 0;
  for (let start = from; start <= s.length; start++) {
    const caps = new Array<number>(nslots).fill(-1);
    caps[0] = start;
    // Each entry: a program counter, a position and the captures to restore when it is resumed.
    const stack: { pc: number; pos: number; caps: number[] }[] = [{ pc: 0, pos: start, caps }];
    // A split's second branch, or an empty loop iteration, is tried once per (pc, pos, caps):
    // not needed for correctness, but it keeps `(a*)*` from looping forever.
    while (stack.length) {
      let { pc, pos, caps: cur } = stack.pop()!;
      let emptyGuard = 0;
      for (;;) {
        if (++steps >= SLICE) {
          steps = 0;
          yield;
        }
        const inst = prog[pc]!;
        if (inst.op === 'match') {
          const out = cur.slice();
          out[1] = pos;
          return out;
        }
        if (inst.op === 'char') {
          if (pos < s.length && inst.test(s[pos]!)) {
            pos++;
            pc++;
            emptyGuard = 0;
            continue;
          }
          break;
        }
        if (inst.op === 'jmp') {
          // A jump back without having read anything since the last one loops on the empty string.
          if (inst.to < pc && ++emptyGuard > prog.length) break;
          pc = inst.to;
          continue;
        }
        if (inst.op === 'split') {
          stack.push({ pc: inst.y, pos, caps: cur });
          pc = inst.x;
          continue;
        }
        if (inst.op === 'save') {
          cur = cur.slice();
          if (inst.slot < cur.length) cur[inst.slot] = pos;
          pc++;
          continue;
        }
        if (inst.op === 'assert') {
          if (!holds(inst.kind, s, pos)) break;
          pc++;
          continue;
        }
        // A back-reference: the text group n matched, again, here.
        const a = cur[2 * inst.n]!;
        const b = cur[2 * inst.n + 1]!;
        if (a < 0 || b < 0) break;
        const want = s.slice(a, b);
        const got = s.slice(pos, pos + want.length);
        if (inst.fold ? want.toLowerCase() !== got.toLowerCase() : want !== got) break;
        pos += want.length;
        pc++;
      }
    }
  }
  return undefined;
}
