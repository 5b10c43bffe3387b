/**
 * The learner's shell reads bash: the shared shell grammar (src/shell-grammar) with its bash
 * dialect, which is the parser's default.
 */
export { MAX_NESTING, parse, type ParseResult } from '../shell-grammar/parse.ts';
