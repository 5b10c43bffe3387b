/**
 * Runs a parsed sed script over lines, cycle by cycle as GNU sed does: read a line into the
 * pattern space, run the commands whose addresses select it, print the pattern space (unless
 * -n), then the text queued by `a` and `r`.
 */
import type { Pattern } from '../../regex/pattern.ts';
import type { Address, ReplPart, SedCommand } from './parse.ts';

/** What the script needs from its surroundings. */
export interface SedIO {
  /** -n */
  quiet: boolean;
  out(text: string): void;
  /** Contents of a file for `r` (undefined when missing: `r` then adds nothing). */
  readFile(name: string): string | undefined;
  /** Appends to a file for `w` and `s///w`. */
  writeFile(name: string, text: string): void;
  /** Lets the event loop turn during long scripts; false when interrupted. */
  pause(): Promise<boolean>;
}

/** The input as sed reads it: lines, and whether the last one ended in a newline. */
export interface SedInput {
  lines: string[];
  finalNewline: boolean;
}

/** How a run ended: its exit code, or that it was interrupted. */
export type SedResult = { code: number; quit?: boolean } | { interrupted: true };

/** Steps (commands run) between two pauses. */
const STEPS_PER_PAUSE = 50_000;

/** Runs `cmds` over `input`; `state` carries the last regex and hold space across files (-s, -i). */
export async function runScript(cmds: SedCommand[], input: SedInput, io: SedIO, state: { lastRe?: Pattern; hold: string; line: number }): Promise<SedResult> {
  let idx = 0;
  let steps = 0;
  const last = (): boolean => idx >= input.lines.length;
  const newline = (): string => (last() && !input.finalNewline ? '' : '\n');
  const regex = (re: Pattern | null): Pattern => {
    const r = re ?? state.lastRe;
    if (!r) throw new Error('no previous regular expression');
    state.lastRe = r;
    return r;
  };
  const matches = async (re: Pattern | null, s: string): Promise<boolean> => regex(re).test(s, io.pause);
  const matchAddr = async (a: Address, ps: string): Promise<boolean> => {
    switch (a.t) {
      case 'line':
        return state.line === a.n;
      case 'last':
        return last();
      case 'step':
        return a.step <= 0 ? state.line === a.first : state.line >= a.first && (state.line - a.first) % a.step === 0;
      case 're':
        return matches(a.re, ps);
    }
  };
  const selects = async (c: SedCommand, ps: string): Promise<boolean> => {
    if (!c.a1) return true;
    if (!c.a2) return (await matchAddr(c.a1, ps)) !== c.negate;
    if (c.active) {
      let ends: boolean;
      const a2 = c.a2;
      if (a2.t === 'line') ends = state.line >= a2.n;
      else if (a2.t === 'plus') ends = state.line >= c.end!;
      else if (a2.t === 'multiple') ends = a2.n <= 0 || state.line % a2.n === 0;
      else ends = await matchAddr(a2, ps);
      if (ends) c.active = false;
      if (a2.t === 'line' && state.line > a2.n) return c.negate; // the range already ended
      return !c.negate;
    }
    const startsHere = c.a1.t === 'line' && c.a1.n === 0 ? state.line === 1 || false : await matchAddr(c.a1, ps);
    if (!startsHere) return c.negate;
    const a2 = c.a2;
    if (c.a1.t === 'line' && c.a1.n === 0 && a2.t === 're') {
      // 0,/re/: the regex may end the range on the first line already.
      c.active = !(await matchAddr(a2, ps));
      return !c.negate;
    }
    if (a2.t === 'line') c.active = a2.n > state.line;
    else if (a2.t === 'plus') {
      c.end = state.line + a2.n;
      c.active = a2.n > 0;
    } else if (a2.t === 'multiple') c.active = a2.n > 0 && state.line % a2.n !== 0;
    else c.active = !last() || a2.t !== 'last';
    if (a2.t === 'last' && last()) c.active = false;
    return !c.negate;
  };

  let ps = '';
  let readNext = true;
  while (true) {
    if (readNext) {
      if (last()) return { code: 0 };
      ps = input.lines[idx++]!;
      state.line++;
    }
    readNext = true;
    let append = '';
    let tFlag = false;
    let autoprint = !io.quiet;
    let quit: number | undefined;
    let pc = 0;
    cycle: while (pc < cmds.length) {
      if (++steps >= STEPS_PER_PAUSE) {
        steps = 0;
        if (!(await io.pause())) return { interrupted: true };
      }
      const c = cmds[pc]!;
      if (c.name === '}' || c.name === ':') {
        pc++;
        continue;
      }
      if (!(await selects(c, ps))) {
        pc = c.name === '{' ? c.jump! + 1 : pc + 1;
        continue;
      }
      pc++;
      switch (c.name) {
        case '{':
          break;
        case '=':
          io.out(`${state.line}\n`);
          break;
        case 'p':
          io.out(ps + '\n');
          break;
        case 'P':
          io.out(ps.split('\n')[0] + '\n');
          break;
        case 'd':
          autoprint = false;
          break cycle;
        case 'D': {
          const nl = ps.indexOf('\n');
          if (nl < 0) {
            autoprint = false;
            break cycle;
          }
          ps = ps.slice(nl + 1);
          flush(append);
          append = '';
          readNext = false;
          autoprint = !io.quiet;
          pc = 0;
          continue cycle;
        }
        case 'n':
          if (last()) {
            quit = 0;
            break cycle;
          }
          if (!io.quiet) io.out(ps + '\n');
          flush(append);
          append = '';
          ps = input.lines[idx++]!;
          state.line++;
          break;
        case 'N':
          if (last()) {
            quit = 0;
            break cycle;
          }
          flush(append);
          append = '';
          ps += '\n' + input.lines[idx++]!;
          state.line++;
          break;
        case 'g':
          ps = state.hold;
          break;
        case 'G':
          ps += '\n' + state.hold;
          break;
        case 'h':
          state.hold = ps;
          break;
        case 'H':
          state.hold += '\n' + ps;
          break;
        case 'x':
          [ps, state.hold] = [state.hold, ps];
          break;
        case 'z':
          ps = '';
          break;
        case 'a':
          if (c.arg) append += c.arg + '\n';
          break;
        case 'i':
          if (c.arg) io.out(c.arg + '\n');
          break;
        case 'c':
          // In a range, the text replaces the whole range: printed once, at its end.
          if (!c.a2 || !c.active || c.negate) io.out(c.arg + '\n');
          autoprint = false;
          break cycle;
        case 'r': {
          const t = io.readFile(c.arg!);
          if (t !== undefined) append += t.endsWith('\n') || t === '' ? t : t + '\n';
          break;
        }
        case 'w':
          io.writeFile(c.arg!, ps + '\n');
          break;
        case 'l':
          io.out(visible(ps));
          break;
        case 'F':
          io.out('-\n');
          break;
        case 'q':
          quit = c.code;
          break cycle;
        case 'Q':
          return { code: c.code ?? 0, quit: true };
        case 'b':
          if (c.jump! < 0) break cycle;
          pc = c.jump!;
          break;
        case 't':
        case 'T':
          if (tFlag === (c.name === 't')) {
            tFlag = false;
            if (c.jump! < 0) break cycle;
            pc = c.jump!;
          }
          break;
        case 'y':
          ps = [...ps].map((ch) => c.y!.get(ch) ?? ch).join('');
          break;
        case 's': {
          const r = await substitute(regex(c.s!.re), c.s!, ps, io.pause);
          if (r !== undefined) {
            ps = r;
            tFlag = true;
            if (c.s!.print) io.out(ps + '\n');
            if (c.s!.write) io.writeFile(c.s!.write, ps + '\n');
          }
          break;
        }
      }
    }
    if (autoprint) io.out(ps + newline());
    flush(append);
    if (quit !== undefined) return { code: quit, quit: true };
  }

  function flush(text: string): void {
    if (text) io.out(text);
  }
}

/** `s`: the pattern space with the chosen matches replaced, or undefined when none was. */
async function substitute(re: Pattern, s: NonNullable<SedCommand['s']>, ps: string, pause: () => Promise<boolean>): Promise<string | undefined> {
  let out = '';
  let pos = 0;
  let count = 0;
  let done = false;
  for (let from = 0; from <= ps.length;) {
    const m = await re.exec(ps, from, pause);
    if (!m) break;
    count++;
    const [start, end] = [m[0]!, m[1]!];
    if (count >= s.nth && (s.global || count === s.nth)) {
      out += ps.slice(pos, start) + expand(s.repl, m, ps);
      pos = end;
      done = true;
      if (!s.global) break;
    }
    if (end === start) {
      // An empty match: step over one character so the search moves on.
      from = end + 1;
    } else from = end;
  }
  if (!done) return undefined;
  return out + ps.slice(pos);
}

/** The replacement text for one match, with GNU's `\U \L \u \l \E` case conversions. */
function expand(parts: ReplPart[], m: number[], ps: string): string {
  let out = '';
  let mode: 'U' | 'L' | '' = '';
  let once: 'u' | 'l' | '' = '';
  const add = (t: string): void => {
    if (!t) return;
    if (mode === 'U') t = t.toUpperCase();
    else if (mode === 'L') t = t.toLowerCase();
    if (once) {
      t = (once === 'u' ? t[0]!.toUpperCase() : t[0]!.toLowerCase()) + t.slice(1);
      once = '';
    }
    out += t;
  };
  for (const p of parts) {
    if (p.t === 'text') add(p.s);
    else if (p.t === 'group') {
      const a = m[2 * p.n] ?? -1;
      const b = m[2 * p.n + 1] ?? -1;
      if (a >= 0 && b >= 0) add(ps.slice(a, b));
    } else if (p.c === 'U' || p.c === 'L') mode = p.c;
    else if (p.c === 'E') mode = '';
    else once = p.c;
  }
  return out;
}

/** The `l` command's unambiguous form: escapes, `$` at the end. */
function visible(ps: string): string {
  let out = '';
  for (const ch of ps) {
    const code = ch.charCodeAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (code < 32 || code === 127) out += '\\' + code.toString(8).padStart(3, '0');
    else out += ch;
  }
  return out + '$\n';
}
