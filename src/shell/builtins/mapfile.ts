/**
 * `mapfile` and `readarray` (its other name): lines of standard input into an indexed array,
 * as bash 5.2 reads them, with its options and messages.
 */
import type { Command } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';
import { AssignError, ReadonlyError, assign, newArray } from '../variables.ts';

const USAGE = 'mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `mapfile [-d DELIM] [-n COUNT] [-O ORIGIN] [-s COUNT] [-t] [-u 0] [ARRAY]` (default MAPFILE). */
export function createMapfile(name: 'mapfile' | 'readarray'): Command {
  return async (args, ctx) => {
    const state = shellState(ctx);
    if (!state) return 1;
    let delim = '\n';
    let count = 0;
    let origin: number | undefined;
    let skip = 0;
    let trim = false;
    let i = 0;
    const fail = (msg: string, status = 2): number => {
      ctx.stderr(`bash: ${name}: ${msg}\n${status === 2 ? `${name}: usage: ${USAGE.replace('mapfile', name)}\n` : ''}`);
      return status;
    };
    for (; i < args.length && /^-./.test(args[i]!); i++) {
      const a = args[i]!;
      if (a === '--') {
        i++;
        break;
      }
      for (let k = 1; k < a.length; k++) {
        const c = a[k]!;
        if (c === 't') {
          trim = true;
          continue;
        }
        if (!'dnOsuCc'.includes(c)) return fail(`-${c}: invalid option`);
        const value = a.slice(k + 1) || args[++i];
        if (value === undefined) return fail(`-${c}: option requires an argument`);
        const n = Number(value);
        if (c === 'd') delim = value.slice(0, 1) || '\0';
        else if (c === 'C' || c === 'c') return fail(`-${c}: not supported in this terminal`, 1);
        else if (!/^\d+$/.test(value)) return fail(`${value}: invalid ${c === 'u' ? 'file descriptor specification' : c === 'O' ? 'array origin' : 'line count'}`, 1);
        else if (c === 'u' && n !== 0) return fail(`${value}: invalid file descriptor: Bad file descriptor`, 1);
        else if (c === 'n') count = n;
        else if (c === 'O') origin = n;
        else if (c === 's') skip = n;
        break;
      }
    }
    const target = args[i] ?? 'MAPFILE';
    if (!NAME.test(target)) return fail(`\`${target}': not a valid identifier`, 1);
    const store = state.variables;
    if (store.readonly?.has(target)) {
      ctx.stderr(`bash: ${name}: ${target}: readonly variable\n`);
      return 1;
    }
    const existing = store.arrays.get(target);
    if (existing?.assoc) return fail(`${target}: not an indexed array`, 1);
    // Without -O the array starts empty; with it, lines go from ORIGIN on, over what is there.
    if (origin === undefined || !existing) {
      const v = store.vars[target];
      delete store.vars[target];
      store.arrays.set(target, newArray(false));
      if (origin !== undefined && v !== undefined) assign(store, { name: target, key: 0 }, v);
    }
    const text = ctx.stdin;
    let pos = 0;
    let index = origin ?? 0;
    let read = 0;
    try {
      while (pos < text.length && (count === 0 || read < count + skip)) {
        const end = text.indexOf(delim, pos);
        const stop = end < 0 ? text.length : end + 1;
        let line = text.slice(pos, stop);
        pos = stop;
        if (read++ < skip) continue;
        if (trim && line.endsWith(delim)) line = line.slice(0, -1);
        assign(store, { name: target, key: index++ }, line);
      }
    } catch (e) {
      if (!(e instanceof AssignError) || e instanceof ReadonlyError) throw e;
      return fail(e.message, 1);
    }
    return 0;
  };
}
