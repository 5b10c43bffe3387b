/**
 * `programs.ts` (`eval`, `source`, `bash`) as a part of the shell that loads on first use (see
 * shell-code.ts): the builtins that run other text load it with them.
 */
import { shellCodePart } from './shell-code.ts';

/** `programs.ts`, loaded with `eval`, `source`, `.` and `bash`. */
export const programsCode = shellCodePart('scripts', () => import('./programs.ts'));
