/**
 * The parsed form of a command line, as sh understands it: a list of and-or chains of
 * pipelines of simple commands. Words keep their quoting so that expansion ($VAR, `~`, globs,
 * field splitting) happens when the command runs, after earlier commands (`export X=1; ...`).
 */

/** A piece of a word: literal text, a variable, or a `$(...)` command substitution. */
export type WordPart =
  | { kind: 'lit'; text: string; quoted: boolean }
  | {
      kind: 'var';
      name: string;
      quoted: boolean;
      /** `${NAME:-word}` (or, with `unsetOnly`, `${NAME-word}`): the text used when the value is empty (unset). */
      fallback?: string;
      unsetOnly?: boolean;
      /** `${#NAME}`: the value's length. */
      length?: boolean;
      /** `${NAME:OFFSET[:LENGTH]}`: arithmetic expressions for a substring. */
      slice?: { offset: string; length?: string };
      /** `${NAME@P}` and the other `@` operators: parsed; the value is given unchanged. */
      transform?: string;
      /** `${NAME:+word}` (or, with `unsetOnly`, `${NAME+word}`): the text used when the value is set and not empty. */
      alternate?: string;
      /** `${NAME:=word}` (`${NAME=word}` with `unsetOnly`): as `:-`, and the variable is assigned the text. */
      assign?: string;
      /** `${NAME:?word}` (`${NAME?word}` with `unsetOnly`): an error with the text as its message when empty (unset). */
      error?: string;
      /** `${NAME#pat}`, `${NAME##pat}`, `${NAME%pat}`, `${NAME%%pat}`: the shortest or longest match removed from the front or back. */
      trim?: { pattern: string; suffix: boolean; longest: boolean };
      /** `${NAME/pat/rep}`, `${NAME//pat/rep}`, `${NAME/#pat/rep}`, `${NAME/%pat/rep}`. */
      replace?: { pattern: string; replacement: string; all: boolean; anchor?: '#' | '%' };
      /**
       * `${NAME^}`, `${NAME^^}`, `${NAME,}`, `${NAME,,}`, `${NAME~}`, `${NAME~~}`: the first or every
       * character upper- or lower-cased (or, with `toggle`, swapped); with a pattern (`${x^^[ab]}`),
       * only the characters it matches.
       */
      caseOp?: { upper: boolean; all: boolean; toggle?: boolean; pattern?: string };
      /** `${NAME[SUBSCRIPT]}`: the subscript as written (`@`, `*`, an expression, or a key). */
      index?: string;
      /** `${!NAME[@]}`: the array's keys instead of its values. */
      keys?: boolean;
      /** `${!PREFIX*}`, `${!PREFIX@}`: the names of the variables that start with NAME. */
      prefixNames?: '*' | '@';
      /** `${!NAME}` (with any operator): the parameter NAME's value names is expanded instead. */
      indirect?: boolean;
    }
  | { kind: 'sub'; source: string; quoted: boolean }
  | { kind: 'arith'; source: string; quoted: boolean }
  /** `<(cmd)`: the command's output as a file the word names (`/dev/fd/63`). */
  | { kind: 'procsub'; source: string; quoted: false };

/**
 * A word as its parts. `raw` (not enumerable) is the word as it was written, for printing a
 * command back as bash does (`type f`, `jobs`).
 */
export type Word = WordPart[] & {
  raw?: string;
  /** `(( ... ))` in command position: an arithmetic command, not an expansion. */
  arithCommand?: boolean;
  /** `NAME=(a b c)`: the words between the parentheses. */
  array?: Word[];
};

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
  /** `NAME+=VALUE`: appends to the variable (or the array). */
  append?: boolean;
  /** `NAME=(WORDS)`: an indexed array's elements. */
  array?: Word[];
  /** `NAME[SUBSCRIPT]=VALUE`: the subscript as written. */
  index?: string;
}

export interface SimpleCommand {
  kind?: undefined;
  assigns: Assignment[];
  words: Word[];
  redirects: Redirect[];
  /** The line it starts on in its input, counting from 1 (not enumerable; for `$LINENO`). */
  readonly line?: number;
}

/** `for NAME in WORDS; do BODY; done` */
export interface ForLoop {
  kind: 'for';
  name: string;
  words: Word[];
  /** No `in` list: the loop runs over the positional parameters (`for x; do`). */
  positional?: boolean;
  /** `select NAME in WORDS; do BODY; done`: a numbered menu, BODY once per answer read. */
  select?: boolean;
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

/** `case WORD in PATTERN|PATTERN) BODY ;; ... esac` */
export interface CaseClause {
  kind: 'case';
  word: Word;
  items: CaseItem[];
  redirects: Redirect[];
}

/** One `PATTERN) BODY ;;` of a case; `;&` falls through to the next body, `;;&` tests the next patterns. */
export interface CaseItem {
  patterns: Word[];
  body: Script;
  end: ';;' | ';&' | ';;&';
}

/** `( LIST )`: runs in a copy of the shell's state (variables and directory come back after). */
export interface Subshell {
  kind: 'subshell';
  body: Script;
  redirects: Redirect[];
}

/** An expression of `[[ ... ]]`: words are expanded without field splitting or globbing. */
export type CondExpr =
  | { op: '&&' | '||'; left: CondExpr; right: CondExpr }
  | { op: '!'; expr: CondExpr }
  /** `-z WORD`, `-n WORD`, `-f WORD`, `-v NAME`...; `WORD` alone is `-n WORD`. */
  | { op: 'unary'; test: string; word: Word }
  /** `==`, `=` and `!=` match the right side as a pattern; `=~` as a regular expression. */
  | { op: 'binary'; test: string; left: Word; right: Word };

/** `[[ EXPR ]]`; `text` is the expression as written, for printing. */
export interface Conditional {
  kind: 'cond';
  expr: CondExpr;
  text: string;
  redirects: Redirect[];
}

/** `(( EXPR ))`: status 0 when the expression is not zero. */
export interface ArithCommand {
  kind: 'arith';
  source: string;
  redirects: Redirect[];
}

/** `for (( INIT; COND; STEP )); do BODY; done` */
export interface ArithFor {
  kind: 'arith-for';
  init: string;
  cond: string;
  step: string;
  body: Script;
  redirects: Redirect[];
}

export type Compound = ForLoop | WhileLoop | IfClause | Group | CaseClause | Subshell | Conditional | ArithCommand | ArithFor;

/** `NAME() COMPOUND` or `function NAME COMPOUND`: defines a function when it runs. */
export interface FunctionDef {
  kind: 'function';
  name: string;
  body: Compound;
  redirects: Redirect[];
}

/** One element of a pipeline: a simple command, a compound one (loop, if, group), or a function definition. */
export type Command = SimpleCommand | Compound | FunctionDef;

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
  /** Ended by `&`: runs as a background job. */
  background?: boolean;
}

/** A whole parsed input: chains run one after another (`;` or newline separated). */
export type Script = AndOr[];
