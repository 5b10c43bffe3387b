/**
 * The ShellControl a shell gives its commands (cd, export, history, clear, `timeout`'s nested
 * runs), with the shell's own state for its builtins under SHELL_STATE (shell-access.ts).
 */
import type { ShellControl } from '../command/contract.ts';
import { SHELL_STATE, type ShellState } from './shell-access.ts';
import type { Shell } from './shell.ts';

/** Commands run inside commands (`timeout 5 timeout 5 ...`) at most this deep. */
const MAX_NESTED_RUNS = 100;

/** The control object of `sh` (made once per shell). */
export function shellControl(sh: Shell): ShellControl {
  const control: ShellControl & { [SHELL_STATE]: ShellState } = {
    [SHELL_STATE]: sh,
    chdir: (path) => {
      sh.env.OLDPWD = sh.cwd;
      sh.cwd = path;
      sh.env.PWD = path;
    },
    setEnv: (name, value) => {
      if (value === undefined) delete sh.env[name];
      else sh.env[name] = value;
    },
    history: () => sh.opts.history?.list() ?? [],
    clearHistory: () => sh.opts.history?.clear(),
    clearScreen: () => sh.opts.clearScreen?.(),
    run: (line, ctx) => sh.run(line, { interrupt: ctx.interrupt, write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)) }),
    runArgv: async (argv, ctx) => {
      // One turn of the microtask queue, so that nested commands (`timeout 9 timeout 9 ...`)
      // do not all run on one JavaScript stack; past MAX_NESTED_RUNS, bash's nesting error.
      await null;
      if (sh.nestedRuns >= MAX_NESTED_RUNS) {
        ctx.stderr(`bash: maximum nesting level exceeded (${MAX_NESTED_RUNS})\n`);
        return 1;
      }
      sh.nestedRuns++;
      try {
        return await sh.pipeline(
          { negate: false, commands: [{ assigns: [], words: argv.map((text) => [{ kind: 'lit', text, quoted: true }]), redirects: [] }] },
          { interrupt: ctx.interrupt, stdin: ctx.stdin, write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)) },
        );
      } finally {
        sh.nestedRuns--;
      }
    },
  };
  return control;
}
