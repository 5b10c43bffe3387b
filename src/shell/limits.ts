/** How far the shell lets loops and function calls go (see ShellOptions.loopLimit). */

/**
 * Without a way to yield to the host nothing (not even Ctrl-C) can reach a busy loop, so such
 * a shell stops a loop after this many iterations.
 */
export const LOOP_LIMIT_WITHOUT_YIELD = 100_000;

/** Function calls at most this deep (bash's FUNCNEST, which bash leaves unlimited: the browser's stack is not). */
export const MAX_FUNCTION_NESTING = 200;
