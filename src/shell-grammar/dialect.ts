/**
 * What differs between the shells that share this grammar: the learner's bash and the
 * containers' sh (busybox ash, dash). A dialect switches bash's extensions on or off in the
 * tokenizer and the parser and words their syntax errors; each shell's executor reads the
 * rest (brace expansion, `echo`'s flags) from the same object.
 */

/** How a shell words its syntax errors. */
export interface SyntaxMessages {
  /** Put before every message (`bash: `; the containers' sh adds its own name). */
  prefix: string;
  /** A token where none may be: `newline`, `fi`, `)`... */
  unexpectedToken(text: string): string;
  unexpectedEndOfFile(): string;
  /** End of input inside a quote or substitution opened by `open` (`'`, `"`, `` ` ``, `)`, `}`, `))`). */
  unterminated(open: string): string;
}

export interface Dialect {
  name: 'bash' | 'ash' | 'dash';
  /** `a=(x y)`, `a[1]=x`, `a+=(z)`. */
  arrays: boolean;
  /** `[[ EXPR ]]`. */
  doubleBracket: boolean;
  /** `(( EXPR ))` and `for (( ; ; ))`. */
  arithCommand: boolean;
  /** `function NAME { ...; }`. */
  functionKeyword: boolean;
  /** `<(cmd)` and `>(cmd)`. */
  processSubstitution: boolean;
  /** `$'...'` strings. */
  ansiCQuotes: boolean;
  /** `&>`, `&>>` and `<<<`. */
  bashRedirects: boolean;
  /** `{a,b}` and `{1..3}` in words (applied by the executor's expansion). */
  braceExpansion: boolean;
  /** `echo`: bash's takes `-n`/`-e`/`-E` and prints backslashes as they are; dash's takes `-n` and always interprets escapes. */
  echo: 'bash' | 'dash';
  /** `shopt -s extglob` was on when the text was read: `@(a|b)` and its kin are part of a word. */
  extglob?: boolean;
  messages: SyntaxMessages;
}

/** The learner's shell: bash 5.2. */
export const BASH: Dialect = {
  name: 'bash',
  arrays: true,
  doubleBracket: true,
  arithCommand: true,
  functionKeyword: true,
  processSubstitution: true,
  ansiCQuotes: true,
  bashRedirects: true,
  braceExpansion: true,
  echo: 'bash',
  messages: {
    prefix: 'bash: ',
    unexpectedToken: (text) => `syntax error near unexpected token \`${text}'`,
    unexpectedEndOfFile: () => 'syntax error: unexpected end of file',
    unterminated: (open) => `unexpected EOF while looking for matching \`${open}'`,
  },
};

/** busybox ash, the `sh` of busybox and Alpine images. */
export const ASH: Dialect = {
  name: 'ash',
  arrays: false,
  doubleBracket: false,
  arithCommand: false,
  functionKeyword: false,
  processSubstitution: false,
  ansiCQuotes: false,
  bashRedirects: false,
  braceExpansion: false,
  echo: 'bash',
  messages: {
    prefix: '',
    unexpectedToken: (text) => (text === 'newline' ? 'syntax error: unexpected newline' : `syntax error: unexpected "${text}"`),
    unexpectedEndOfFile: () => 'syntax error: unexpected end of file',
    unterminated: () => 'syntax error: unterminated quoted string',
  },
};

/** dash, the `/bin/sh` of Debian and Ubuntu images. */
export const DASH: Dialect = {
  ...ASH,
  name: 'dash',
  echo: 'dash',
  messages: {
    prefix: '',
    unexpectedToken: (text) => `Syntax error: "${text}" unexpected`,
    unexpectedEndOfFile: () => 'Syntax error: end of file unexpected',
    unterminated: () => 'Syntax error: Unterminated quoted string',
  },
};

/** bash while `shopt -s extglob` is on (it reads `@(a|b)` as part of a word). */
export const BASH_EXTGLOB: Dialect = { ...BASH, extglob: true };
