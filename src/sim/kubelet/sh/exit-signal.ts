/**
 * `exit N` inside a container's sh: thrown through the interpreter and expansion (where
 * `${x:?}` exits too) up to the script's top, which turns it into the exit status. It lives
 * apart from the interpreter so that expansion can throw it without importing the interpreter
 * back (an import cycle).
 */
export class ExitSignal {
  code: number;
  constructor(code: number) {
    this.code = code;
  }
}
