/**
 * One regular expression as the text tools use it (grep, sed, awk): compiled once, matched on
 * the linear-time engine (match.ts) or, for patterns with back-references only, on the
 * backtracking one (backtrack.ts) in slices between which the caller's `pause` lets the event
 * loop turn and Ctrl-C stop the search.
 */
import { compileProgram, type Program } from './compile.ts';
import { Matcher } from './match.ts';
import { backtrack } from './backtrack.ts';

/** Thrown by Pattern.exec when `pause` reports an interrupt (Ctrl-C) during a long search. */
export class RegexInterrupted extends Error {}

/** Waits a moment between slices of a backtracking search; false when interrupted. */
export type Pause = () => Promise<boolean>;

export class Pattern {
  private readonly program: Program;
  private readonly matcher: Matcher;

  /** Compiles `source` (the JavaScript-like syntax of compile.ts); throws RegexSyntaxError. */
  constructor(source: string, opts: { ignoreCase?: boolean; word?: boolean } = {}) {
    this.program = compileProgram(source, opts.ignoreCase ?? false, opts.word ?? false);
    this.matcher = new Matcher(this.program.prog);
  }

  /** Number of capture groups (`\1`..). */
  get groups(): number {
    return this.program.groups;
  }

  /** Names of named groups, by group number. */
  get names(): (string | undefined)[] {
    return this.program.names;
  }

  /** True when matching needs the backtracking engine (and so `exec`, not `execSync`). */
  get backrefs(): boolean {
    return this.program.backrefs;
  }

  /** Capture slots of the leftmost-longest match at or after `from` (see Matcher.groups); linear patterns only. */
  execSync(s: string, from = 0): number[] | undefined {
    if (this.program.backrefs) throw new Error('a pattern with back-references needs exec');
    return this.matcher.groups(s, from, 2 * (this.program.groups + 1));
  }

  /** Whether `s` contains a match; linear patterns only. */
  testSync(s: string): boolean {
    if (this.program.backrefs) throw new Error('a pattern with back-references needs exec');
    return this.matcher.test(s);
  }

  /** Capture slots of a match at or after `from`, on either engine; throws RegexInterrupted. */
  async exec(s: string, from: number, pause: Pause): Promise<number[] | undefined> {
    if (!this.program.backrefs) return this.execSync(s, from);
    const run = backtrack(this.program.prog, s, from, 2 * (this.program.groups + 1));
    for (;;) {
      const r = run.next();
      if (r.done) return r.value;
      if (!(await pause())) throw new RegexInterrupted();
    }
  }

  /** Whether `s` contains a match, on either engine; throws RegexInterrupted. */
  async test(s: string, pause: Pause): Promise<boolean> {
    if (!this.program.backrefs) return this.matcher.test(s);
    return (await this.exec(s, 0, pause)) !== undefined;
  }
}
