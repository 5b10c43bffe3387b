/** `which` and `type` over the command table (loaded on first use). */
import type { Command } from '../../command/contract.ts';
import { printFunction } from '../print.ts';
import { shellState } from '../shell-access.ts';

/** `which NAME...` and `type NAME...` over the command table. */
export function createWhich(has: (name: string) => boolean, builtins: Set<string>): { which: Command; type: Command } {
  const which: Command = async (args, ctx) => {
    let status = 0;
    for (const a of args) {
      if (has(a)) ctx.stdout(a === 'kubectl' ? '/usr/local/bin/kubectl\n' : `/usr/bin/${a}\n`);
      else status = 1;
    }
    return status;
  };
  const type: Command = async (args, ctx) => {
    let status = 0;
    const state = shellState(ctx);
    if (args[0] === '-t') {
      // `type -t NAME`: one word for what NAME is (nothing, status 1, when it is nothing).
      for (const a of args.slice(1)) {
        const kind = state?.aliases.has(a) ? 'alias' : state?.functions.has(a) ? 'function' : builtins.has(a) ? 'builtin' : has(a) ? 'file' : undefined;
        if (kind) ctx.stdout(kind + '\n');
        else status = 1;
      }
      return status;
    }
    for (const a of args) {
      const alias = state?.aliases.get(a);
      const fn = state?.functions.get(a);
      if (alias !== undefined) ctx.stdout(`${a} is aliased to \`${alias}'\n`);
      else if (fn) ctx.stdout(`${a} is a function\n${printFunction(fn)}\n`);
      else if (a === 'k') ctx.stdout("k is aliased to `kubectl'\n");
      else if (builtins.has(a)) ctx.stdout(`${a} is a shell builtin\n`);
      else if (has(a)) ctx.stdout(`${a} is ${a === 'kubectl' ? '/usr/local/bin/kubectl' : `/usr/bin/${a}`}\n`);
      else {
        ctx.stderr(`bash: type: ${a}: not found\n`);
        status = 1;
      }
    }
    return status;
  };
  return { which, type };
}
