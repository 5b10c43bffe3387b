/**
 * A pipeline of several commands: all stages start at once, each in a subshell, joined by
 * pipes (input.ts); a stage's end ends its pipe for the reader and closes the pipe it read, so
 * its writer gets SIGPIPE at its next write. Resolves to every stage's status (PIPESTATUS).
 */
import type { Pipeline } from '../shell-grammar/ast.ts';
import { childInterrupt } from '../command/interrupt.ts';
import { Pipe, ShellInput } from './input.ts';
import { BrokenPipe, inputNeed } from './pipe-buffer.ts';
import type { Sink } from './redirect.ts';
import type { RunIO, Shell } from './shell.ts';

/** Runs the stages of `p` in subshells of `sh`, the first reading `input`. */
export async function runConcurrentStages(sh: Shell, p: Pipeline, input: ShellInput, io: RunIO): Promise<number[]> {
  const err: Sink = (t) => io.write(t, 'stderr');
  const running: Promise<number>[] = [];
  let reading: Pipe | undefined;
  for (let k = 0; k < p.commands.length; k++) {
    const last = k === p.commands.length - 1;
    const interrupt = childInterrupt(io.interrupt);
    const pipe = last ? undefined : new Pipe(inputNeed(p.commands[k + 1]!), () => interrupt.trigger());
    const stageInput = reading ? ShellInput.fromPipe(reading, interrupt) : input;
    const out: Sink = pipe ? pipe.write : (t) => io.write(t, 'stdout');
    const from = reading;
    const done = (): void => {
      pipe?.end();
      from?.close();
    };
    const stage = sh
      .fork()
      .stage(p.commands[k]!, stageInput, out, err, { ...io, interrupt }, { toTerminal: last && (io.toTerminal ?? true), direct: k > 0 })
      .catch((e: unknown) => {
        if (e instanceof BrokenPipe && e.pipe === pipe?.write) return 141;
        throw e;
      })
      .then(
        (status) => {
          done();
          return pipe?.broken ? 141 : status;
        },
        (e: unknown) => {
          done();
          throw e;
        },
      );
    running.push(stage);
    reading = pipe;
  }
  const settled = await Promise.allSettled(running);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<number>).value);
}
