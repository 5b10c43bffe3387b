/** Why an expansion failed: the command does not run (and for some, the whole line ends). */

/** A failed expansion (`${!}`): the command does not run. */
export class ExpansionError extends Error {}

/** An expansion too large to hold: like bash's fatal allocation failure, it ends the whole command line. */
export class OutOfMemoryError extends ExpansionError {}

/** An error after which interactive bash discards the rest of the command line (status 1). */
export class LineEndingExpansionError extends ExpansionError {}

/** An arithmetic error in an expansion: it ends the command line. */
export class ArithExpansionError extends LineEndingExpansionError {}

/** `${NAME:?word}` on an unset or empty parameter: it ends the command line. */
export class ParameterNullError extends LineEndingExpansionError {}
