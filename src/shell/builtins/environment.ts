/** The environment's rarer builtins, loaded on first use: `unset`, `printenv`, `env`. */
import type { Command } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';
import { ArithError } from '../../shell-grammar/arith-error.ts';
import { arithCode, loadFailure } from '../shell-code.ts';
import { AssignError, arithScope, unsetVariable } from '../variables.ts';

/** `unset [-v|-f] NAME...`: variables, array elements (`unset 'a[1]'`) or, with `-f`, functions. */
export const unset: Command = async (args, ctx) => {
  const state = shellState(ctx);
  let functions = false;
  let status = 0;
  for (const a of args) {
    if (a === '-f' || a === '-v') {
      functions = a === '-f';
      continue;
    }
    if (a.startsWith('-')) continue;
    if (functions) {
      state?.functions.delete(a);
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(a);
    if (state?.variables.readonly?.has(m ? m[1]! : a)) {
      ctx.stderr(`bash: unset: ${m ? m[1]! : a}: cannot unset: readonly variable\n`);
      status = 1;
      continue;
    }
    if (!state) ctx.shell?.setEnv(a, undefined);
    else if (!m) {
      unsetVariable(state.variables, a);
      state.exported.delete(a);
    } else {
      const store = state.variables;
      const indexed = !store.arrays.get(m[1]!)?.assoc;
      if (indexed && !arithCode.loaded) {
        try {
          await arithCode.load(ctx.loadCode);
        } catch (e) {
          ctx.stderr(loadFailure(arithCode, e) + '\n');
          status = 1;
          continue;
        }
      }
      try {
        const key = indexed ? Number(arithCode.now().evalArith(m[2]! || '0', arithScope(store))) : m[2]!;
        unsetVariable(store, m[1]!, key);
      } catch (e) {
        if (!(e instanceof AssignError || e instanceof ArithError)) throw e;
        ctx.stderr(`bash: unset: ${e.message}\n`);
        status = 1;
      }
    }
  }
  return status;
};

/** `printenv [NAME...]`: the environment, or the named variables' values (status 1 when one is not in it). */
export const printenv: Command = async (args, ctx) => {
  if (!args.length) return env(args, ctx);
  let status = 0;
  for (const name of args) {
    const v = Object.prototype.hasOwnProperty.call(ctx.env, name) ? ctx.env[name] : undefined;
    if (v === undefined) status = 1;
    else ctx.stdout(v + '\n');
  }
  return status;
};

/** `env`: the environment programs get (the exported variables), one `NAME=value` a line. */
export const env: Command = async (args, ctx) => {
  if (args.length) {
    ctx.stderr(`env: running commands is not supported here; run '${args.join(' ')}' directly\n`);
    return 125;
  }
  for (const k of Object.keys(ctx.env).sort()) ctx.stdout(`${k}=${ctx.env[k]}\n`);
  return 0;
};
