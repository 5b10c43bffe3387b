/**
 * Bounds of pipes and files (the pipe itself is in input.ts):
 *  - a reader that stops early (`head -n N`, `head -c N`) closes the pipe as soon as it has
 *    what it reads, even before it runs: the writer's next write ends it as SIGPIPE does
 *    (status 141, silently), so `while true; do seq 1 1000000; done | head -1` ends at once
 *    instead of filling memory;
 *  - the buffer and the terminal's files have a size limit, past which a write fails with
 *    the error of a full disk (`seq: write error: No space left on device`).
 */
import type { SimpleCommand, Word } from '../shell-grammar/ast.ts';
import { BrokenPipe, NoSpaceError } from '../command/pipe-errors.ts';

export { BrokenPipe, NoSpaceError };

/** Most characters a pipe buffer holds between two commands (the terminal's stand-in for a full disk). */
export const PIPE_CAPACITY = 32 * 1024 * 1024;
/** Most characters one file of the terminal may hold. */
export const FILE_CAPACITY = 16 * 1024 * 1024;

/** bash's own commands, whose errors bash prefixes with `bash: `. */
const BASH_BUILTINS = new Set(['echo', 'printf', 'pwd', 'type', 'help', 'history', 'export', 'cd', 'test', '[', 'true', 'false', ':']);

/** The message a command prints when its output cannot be written. */
export function writeErrorMessage(name: string): string {
  return `${BASH_BUILTINS.has(name) ? 'bash: ' : ''}${name}: write error: No space left on device\n`;
}

/** How much of its input a command reads before it stops: lines or characters. */
export type InputNeed = { lines: number } | { chars: number };

function literal(w: Word): string | undefined {
  let s = '';
  for (const p of w) {
    if (p.kind !== 'lit') return undefined;
    s += p.text;
  }
  return s;
}

/** What `cmd` reads of its standard input, when it stops early (`head`); undefined when it reads it all. */
export function inputNeed(cmd: SimpleCommand | { kind: string }): InputNeed | undefined {
  if (!('words' in cmd) || cmd.redirects.length) return undefined;
  const words = cmd.words.map(literal);
  if (words.some((w) => w === undefined) || words[0] !== 'head') return undefined;
  const args = words.slice(1) as string[];
  let need: InputNeed = { lines: 10 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let m: RegExpExecArray | null;
    if ((m = /^-(\d+)$/.exec(a))) need = { lines: Number(m[1]) };
    else if ((m = /^-n(\d+)$/.exec(a)) || (m = /^--lines=(\d+)$/.exec(a))) need = { lines: Number(m[1]) };
    else if ((m = /^-c(\d+)$/.exec(a)) || (m = /^--bytes=(\d+)$/.exec(a))) need = { chars: Number(m[1]) };
    else if ((a === '-n' || a === '-c') && /^\d+$/.test(args[i + 1] ?? '')) need = a === '-n' ? { lines: Number(args[++i]) } : { chars: Number(args[++i]) };
    else return undefined; // files, negative counts, options this model does not know: reads all
  }
  return need;
}
