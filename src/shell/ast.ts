/**
 * The parsed form of a command line, as sh understands it: a list of and-or chains of
 * pipelines of simple commands. Words keep their quoting so that expansion ($VAR, `~`, globs,
 * field splitting) happens when the command runs, after earlier commands (`export X=1; ...`).
 */

/** A piece of a word: literal text, a variable, or a `$(...)` command substitution. */
export type WordPart =
  | { kind: 'lit'; text: string; quoted: boolean }
  | { kind: 'var'; name: string; quoted: boolean; fallback?: string }
  | { kind: 'sub'; source: string; quoted: boolean }
  | { kind: 'arith'; source: string; quoted: boolean };

export type Word = WordPart[];

/** A here-document body; filled in by the tokenizer once it reaches the lines after the command. */
export interface HereDoc {
  delimiter: string;
  /** false when the delimiter was quoted (`<<'EOF'`): the body is taken literally. */
  expand: boolean;
  /** `<<-`: leading tabs are stripped from body lines and the delimiter line. */
  stripTabs: boolean;
  body: string;
}

export type Redirect =
  | { kind: 'file'; fd: number; mode: 'write' | 'append' | 'read'; target: Word }
  | { kind: 'dup'; fd: number; to: number }
  | { kind: 'both'; mode: 'write' | 'append'; target: Word }
  | { kind: 'heredoc'; fd: number; doc: HereDoc }
  | { kind: 'herestring'; fd: number; word: Word };

export interface Assignment {
  name: string;
  value: Word;
}

export interface SimpleCommand {
  kind?: undefined;
  assigns: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

/** `for NAME in WORDS; do BODY; done` */
export interface ForLoop {
  kind: 'for';
  name: string;
  words: Word[];
  body: Script;
  redirects: Redirect[];
}

/** `while COND; do BODY; done` (or `until`, which loops while COND fails). */
export interface WhileLoop {
  kind: 'while';
  until: boolean;
  cond: Script;
  body: Script;
  redirects: Redirect[];
}

/** `if COND; then BODY; elif COND; then BODY; else BODY; fi` */
export interface IfClause {
  kind: 'if';
  branches: { cond: Script; body: Script }[];
  otherwise: Script | undefined;
  redirects: Redirect[];
}

/** `{ LIST; }` */
export interface Group {
  kind: 'group';
  body: Script;
  redirects: Redirect[];
}

export type Compound = ForLoop | WhileLoop | IfClause | Group;

/** One element of a pipeline: a simple command or a compound one (loop, if, group). */
export type Command = SimpleCommand | Compound;

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}

/** A whole parsed input: chains run one after another (`;` or newline separated). */
export type Script = AndOr[];
