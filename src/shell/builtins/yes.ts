/** `yes [STRING]...`: the string (or `y`) forever, until its reader stops or Ctrl-C. */
import type { Command } from '../../command/contract.ts';

/** Characters per write: large enough to be fast, small enough that a reader's stop is noticed soon. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes in chunks and lets the event loop turn between them: a pipe whose reader has had
 * enough (`yes | head -1`) fails the next write as SIGPIPE does, a full pipe or file fails it with
 * `yes: write error: No space left on device`, and Ctrl-C ends it (130).
 */
export const yes: Command = async (args, ctx) => {
  if (args[0] === '--help') {
    ctx.stdout(
      "Usage: yes [STRING]...\n  or:  yes OPTION\nRepeatedly output a line with all specified STRING(s), or 'y'.\n\n      --help        display this help and exit\n      --version     output version information and exit\n\nGNU coreutils online help: <https://www.gnu.org/software/coreutils/>\nFull documentation <https://www.gnu.org/software/coreutils/yes>\nor available locally via: info '(coreutils) yes invocation'\n",
    );
    return 0;
  }
  if (args[0] === '--version') {
    ctx.stdout('yes (GNU coreutils) 9.1\n');
    return 0;
  }
  const bad = args.find((a) => a.startsWith('-') && a !== '-' && a !== '--');
  if (bad !== undefined && args.indexOf('--') < 0) {
    ctx.stderr(
      bad.startsWith('--')
        ? `yes: unrecognized option '${bad}'\nTry 'yes --help' for more information.\n`
        : `yes: invalid option -- '${bad[1]}'\nTry 'yes --help' for more information.\n`,
    );
    return 1;
  }
  const words = args[0] === '--' ? args.slice(1) : args;
  const line = (words.length ? words.join(' ') : 'y') + '\n';
  const chunk = line.repeat(Math.max(1, Math.floor(CHUNK_CHARS / line.length)));
  for (;;) {
    ctx.stdout(chunk);
    if (!(await ctx.sleep(0))) return 130;
  }
};
