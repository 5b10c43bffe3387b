/** How long a loop may run in a shell that cannot yield to its host (see ShellOptions.loopLimit). */

/**
 * Without a way to yield to the host nothing (not even Ctrl-C) can reach a busy loop, so such
 * a shell stops a loop after this many iterations.
 */
export const LOOP_LIMIT_WITHOUT_YIELD = 100_000;
