/**
 * The matcher for compiled programs (compile.ts): a Pike VM that runs every alternative at
 * once, one step per character, so its time is linear in the text times the pattern whatever
 * the pattern (`(a+)+$` on forty a's included). It finds POSIX's leftmost-longest match, the
 * one grep prints with `-o`.
 */
import type { Inst } from './compile.ts';

/** A match: the text from `start` to `end` (exclusive). */
export interface Span {
  start: number;
  end: number;
}

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

/** A compiled pattern, ready to search lines. */
export class Matcher {
  private readonly prog: Inst[];
  /** Per instruction: the step in which it was last added, to add each once per step. */
  private readonly mark: Int32Array;
  private step = 0;

  constructor(prog: Inst[]) {
    this.prog = prog;
    this.mark = new Int32Array(prog.length).fill(-1);
  }

  /** Whether `s` contains a match. */
  test(s: string): boolean {
    return this.search(s, 0, true) !== undefined;
  }

  /** The leftmost-longest match starting at or after `from`, if any. */
  exec(s: string, from = 0): Span | undefined {
    return this.search(s, from, false);
  }

  private search(s: string, from: number, any: boolean): Span | undefined {
    let clist: number[] = [];
    let cstart: number[] = [];
    let best: Span | undefined;
    for (let pos = from; pos <= s.length; pos++) {
      this.step++;
      let nlist: number[] = [];
      let nstart: number[] = [];
      // Threads carried over started earlier than a new one, so they keep their priority.
      const list: number[] = [];
      const start: number[] = [];
      for (let k = 0; k < clist.length; k++) this.add(list, start, clist[k]!, cstart[k]!, s, pos);
      if (!best) this.add(list, start, 0, pos, s, pos);
      for (let k = 0; k < list.length; k++) {
        const inst = this.prog[list[k]!]!;
        const st = start[k]!;
        if (best && st > best.start) continue;
        if (inst.op === 'match') {
          if (!best || st < best.start || (st === best.start && pos > best.end)) best = { start: st, end: pos };
          if (any) return best;
          continue;
        }
        if (inst.op === 'char' && pos < s.length && inst.test(s[pos]!)) {
          nlist.push(list[k]! + 1);
          nstart.push(st);
        }
      }
      if (best) {
        const keep = nstart.map((st) => st <= best!.start);
        nlist = nlist.filter((_, k) => keep[k]);
        nstart = nstart.filter((_, k) => keep[k]);
        if (!nlist.length) return best;
      }
      clist = nlist;
      cstart = nstart;
      if (!clist.length && best) return best;
    }
    return best;
  }

  /**
   * The leftmost-longest match at or after `from` with its groups: slots 2n and 2n+1 hold where
   * group n starts and ends (-1 when it took no part); slots 0 and 1 are the whole match.
   * Among equally long matches the groups are those of the first alternative, as in POSIX
   * engines for the patterns tutorials use.
   */
  groups(s: string, from: number, nslots: number): number[] | undefined {
    type Thread = { pc: number; caps: number[] };
    let clist: Thread[] = [];
    let best: number[] | undefined;
    for (let pos = from; pos <= s.length; pos++) {
      this.step++;
      const list: Thread[] = [];
      for (const t of clist) this.addCaps(list, t.pc, t.caps, s, pos);
      if (!best) {
        const caps = new Array<number>(nslots).fill(-1);
        caps[0] = pos;
        this.addCaps(list, 0, caps, s, pos);
      }
      const next: Thread[] = [];
      for (const t of list) {
        if (best && t.caps[0]! > best[0]!) continue;
        const inst = this.prog[t.pc]!;
        if (inst.op === 'match') {
          if (!best || t.caps[0]! < best[0]! || (t.caps[0] === best[0] && pos > best[1]!)) {
            best = t.caps.slice();
            best[1] = pos;
          }
          continue;
        }
        if (inst.op === 'char' && pos < s.length && inst.test(s[pos]!)) next.push({ pc: t.pc + 1, caps: t.caps });
      }
      clist = best ? next.filter((t) => t.caps[0]! <= best![0]!) : next;
      if (!clist.length && best) return best;
    }
    return best;
  }

  private addCaps(list: { pc: number; caps: number[] }[], pc: number, caps: number[], s: string, pos: number): void {
    const stack: { pc: number; caps: number[] }[] = [{ pc, caps }];
    while (stack.length) {
      const t = stack.pop()!;
      const p = t.pc;
      if (this.mark[p] === this.step) continue;
      this.mark[p] = this.step;
      const inst = this.prog[p]!;
      if (inst.op === 'jmp') stack.push({ pc: inst.to, caps: t.caps });
      else if (inst.op === 'save') {
        const c = t.caps.slice();
        if (inst.slot < c.length) c[inst.slot] = pos;
        stack.push({ pc: p + 1, caps: c });
      } else if (inst.op === 'split') stack.push({ pc: inst.y, caps: t.caps }, { pc: inst.x, caps: t.caps });
      else if (inst.op === 'assert') {
        if (holds(inst.kind, s, pos)) stack.push({ pc: p + 1, caps: t.caps });
      } else list.push(t);
    }
  }

  /** Adds the thread at `pc` and everything reachable from it without reading a character. */
  private add(list: number[], start: number[], pc: number, st: number, s: string, pos: number): void {
    const stack: number[] = [pc];
    while (stack.length) {
      const p = stack.pop()!;
      if (this.mark[p] === this.step) continue;
      this.mark[p] = this.step;
      const inst = this.prog[p]!;
      if (inst.op === 'jmp') stack.push(inst.to);
      else if (inst.op === 'save') stack.push(p + 1);
      else if (inst.op === 'split') stack.push(inst.y, inst.x);
      else if (inst.op === 'assert') {
        if (holds(inst.kind, s, pos)) stack.push(p + 1);
      } else {
        list.push(p);
        start.push(st);
      }
    }
  }
}
