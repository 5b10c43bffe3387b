/**
 * The learner's shell reads bash: the shared shell grammar (src/shell-grammar) with its bash
 * dialect, which is the parser's default.
 */
export { MAX_NESTING, parse, type ParseResult } from '../shell-grammar/parse.ts';
import { BASH, BASH_EXTGLOB, type Dialect } from '../shell-grammar/dialect.ts';

/** The dialect to read text with now: bash reads `@(a|b)` as a word only while extglob is on. */
export function readingDialect(shopts: ReadonlySet<string>): Dialect {
  return shopts.has('extglob') ? BASH_EXTGLOB : BASH;
}
