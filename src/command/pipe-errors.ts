/**
 * What a write into a pipe or a file of the terminal can meet, as errors any command may see
 * (the shell raises them, commands such as kubectl let them pass): a full buffer, and a reader
 * that has stopped reading (the shell's pipe-buffer.ts says when).
 */

/** A write into a full pipe or file: the command reports it and fails. */
export class NoSpaceError extends Error {
  constructor() {
    super('write error: No space left on device');
  }
}

/** A write into a pipe whose reader has stopped reading: it ends the stage writing into `pipe`. */
export class BrokenPipe extends Error {
  readonly pipe: unknown;
  constructor(pipe: unknown) {
    super('Broken pipe');
    this.pipe = pipe;
  }
}
