/**
 * The error of bash's arithmetic, in a module of its own so that a shell can tell it apart
 * (`instanceof`) without loading the evaluator (arith.ts) before an expression needs it.
 */

/** A malformed or impossible expression; `message` is bash's text without the `bash: ` prefix. */
export class ArithError extends Error {}
