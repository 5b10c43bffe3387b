/**
 * The executors of compound commands (`compound.ts`: `if`, loops, `case`, `{ }`, `( )`,
 * `[[ ]]`, `(( ))`, function bodies) as a part of the shell that loads on first use (see
 * shell-code.ts). Its own module, imported only by the interpreter, so that nothing the
 * executors import leads back to them.
 */
import { shellCodePart } from './shell-code.ts';

/** `compound.ts`, loaded the first time a line has a compound command or defines a function. */
export const compoundCode = shellCodePart('compound commands', () => import('./compound.ts'));
