/**
 * `shopt [-pqsu] [-o] [OPTNAME...]`: bash's optional behaviours, listed and set as bash 5.2
 * does. Those that act: nullglob, dotglob, nocaseglob, failglob and globstar (fields.ts),
 * extglob (read by the tokenizer, matched by compileGlob), nocasematch (`[[ == ]]` and
 * `case`); with `-o`, the `set -o` options.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';
import { OPTIONS, SHOPT_NAMES } from '../shell-options.ts';

const USAGE = 'shopt: usage: shopt [-pqsu] [-o] [optname ...]\n';
const SET_NAMES = OPTIONS.map(([n]) => n);

/** `shopt`. */
export const shopt: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  const flags = new Set<string>();
  let i = 0;
  for (; i < args.length && /^-./.test(args[i]!); i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    for (const c of a.slice(1)) {
      if (!'pqsuo'.includes(c)) {
        ctx.stderr(`bash: shopt: -${c}: invalid option\n${USAGE}`);
        return 2;
      }
      flags.add(c);
    }
  }
  if (flags.has('s') && flags.has('u')) {
    ctx.stderr('bash: shopt: cannot set and unset shell options simultaneously\n');
    return 1;
  }
  const names = args.slice(i);
  const setO = flags.has('o');
  const all = setO ? SET_NAMES : SHOPT_NAMES;
  const store = setO ? state.options : state.shopts;
  const known = new Set(all);
  let status = 0;
  const valid = names.filter((n) => {
    if (known.has(n)) return true;
    ctx.stderr(`bash: shopt: ${n}: invalid ${setO ? 'option name' : 'shell option name'}\n`);
    status = 1;
    return false;
  });
  if ((flags.has('s') || flags.has('u')) && names.length) {
    for (const n of valid) {
      if (flags.has('s')) store.add(n);
      else store.delete(n);
      if (setO && flags.has('s') && (n === 'vi' || n === 'emacs')) store.delete(n === 'vi' ? 'emacs' : 'vi');
    }
    return status;
  }
  // Listing: the names given, or every option (only those on with -s, off with -u).
  const shown = names.length ? valid : all.filter((n) => (flags.has('s') ? store.has(n) : flags.has('u') ? !store.has(n) : true));
  for (const n of shown) {
    const on = store.has(n);
    if (names.length && !on) status = 1;
    if (flags.has('q')) continue;
    print(ctx, n, on, flags.has('p'), setO);
  }
  return status;
};

function print(ctx: ExecContext, name: string, on: boolean, reusable: boolean, setO: boolean): void {
  if (!reusable) ctx.stdout(`${name.padEnd(15)}\t${on ? 'on' : 'off'}\n`);
  else if (setO) ctx.stdout(`set ${on ? '-' : '+'}o ${name}\n`);
  else ctx.stdout(`shopt ${on ? '-s' : '-u'} ${name}\n`);
}
