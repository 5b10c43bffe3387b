/**
 * The parsed form of a command line, as sh understands it: a list of and-or chains of
 * pipelines of simple commands. Words keep their quoting so that expansion ($VAR, `~`, globs,
 * field splitting) happens when the command runs, after earlier commands (`export X=1; ...`).
 */

/** A piece of a word: literal text, a variable, or a `$(...)` command substitution. */
export type WordPart =
  | { kind: 'lit'; text: string; quoted: boolean }
  | { kind: 'var'; name: string; quoted: boolean; fallback?: string }
  | { kind: 'sub'; source: string; quoted: boolean };

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
  assigns: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

export interface Pipeline {
  negate: boolean;
  commands: SimpleCommand[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}

/** A whole parsed input: chains run one after another (`;` or newline separated). */
export type Script = AndOr[];
