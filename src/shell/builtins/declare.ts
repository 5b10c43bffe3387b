/**
 * Builtins that declare variables: `declare` (and `typeset`), `local` and `let`, with bash's
 * attributes for arrays (`-a`, `-A`), integers (`-i`), `declare -p`'s listing and bash's messages.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { ArithError, evalArith } from '../../shell-grammar/arith.ts';
import { shellState, type ShellState } from '../shell-access.ts';
import { AssignError, ReadonlyError, arithScope, assign, assignArray, declareLine, newArray } from '../variables.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DECLARE_USAGE = 'declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]';

interface Attributes {
  set: Set<string>;
  unset: Set<string>;
}

/**
 * `declare [-aAirxgp] [NAME[=VALUE]...]`, `typeset`, its old name, and `readonly [-aA]
 * [NAME[=VALUE]...]` (`declare -r`, always global; `readonly` alone or `-p` lists them).
 */
export function createDeclare(name: 'declare' | 'typeset' | 'readonly'): Command {
  const ro = name === 'readonly';
  const letters = ro ? 'aAfp' : 'aAfFgiIlnrtuxp';
  return async (args, ctx) => {
    const state = shellState(ctx);
    if (!state) return 1;
    const attrs: Attributes = { set: new Set(), unset: new Set() };
    let i = 0;
    for (; i < args.length && /^[-+][A-Za-z]+$/.test(args[i]!); i++) {
      const a = args[i]!;
      for (const c of a.slice(1)) {
        if (!letters.includes(c)) {
          const usage = ro ? READONLY_USAGE : DECLARE_USAGE.replace(/declare/g, name);
          ctx.stderr(`bash: ${name}: ${a[0]}${c}: invalid option\n${name}: usage: ${usage}\n`);
          return 2;
        }
        (a[0] === '-' ? attrs.set : attrs.unset).add(c);
      }
    }
    if (args[i] === '--') i++;
    const operands = args.slice(i);
    if (ro) {
      if (attrs.set.has('f')) return readonlyFunctions(state, operands, ctx);
      if (attrs.set.has('p') || operands.length === 0) return printDeclarations(state, operands, ctx, name, (n) => state.variables.readonly?.has(n) === true);
      attrs.set.add('r');
      return declareAll(state, operands, attrs, ctx, name, false);
    }
    if (attrs.set.has('p') || (operands.length === 0 && attrs.set.size === 0)) return printDeclarations(state, operands, ctx, name);
    const local = state.functionDepth > 0 && !attrs.set.has('g');
    return declareAll(state, operands, attrs, ctx, name, local);
  };
}

const READONLY_USAGE = 'readonly [-aAf] [name[=value] ...] or readonly -p';

/** `readonly -f NAME...`: bash would refuse to redefine them; the course shell only checks that they exist. */
function readonlyFunctions(state: ShellState, names: string[], ctx: ExecContext): number {
  let status = 0;
  for (const n of names) {
    if (state.functions.has(n)) continue;
    ctx.stderr(`bash: readonly: ${n}: not a function\n`);
    status = 1;
  }
  return status;
}

/** `local [-aAi] NAME[=VALUE]...`: variables that get their old values back when the function returns. */
export const local: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state?.functionDepth) {
    ctx.stderr('bash: local: can only be used in a function\n');
    return 1;
  }
  const attrs: Attributes = { set: new Set(), unset: new Set() };
  let i = 0;
  for (; i < args.length && /^[-+][aAirx]+$/.test(args[i]!); i++) for (const c of args[i]!.slice(1)) (args[i]![0] === '-' ? attrs.set : attrs.unset).add(c);
  return declareAll(state, args.slice(i), attrs, ctx, 'local', true);
};

async function declareAll(state: ShellState, operands: string[], attrs: Attributes, ctx: ExecContext, cmd: string, local: boolean): Promise<number> {
  const store = state.variables;
  let status = 0;
  for (const op of operands) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(op);
    const name = m ? m[1]! : op;
    if (!NAME.test(name)) {
      ctx.stderr(`bash: ${cmd}: \`${op}': not a valid identifier\n`);
      status = 1;
      continue;
    }
    const existing = store.arrays.get(name);
    if (attrs.set.has('A') && existing && !existing.assoc && !local) {
      ctx.stderr(`bash: ${cmd}: ${name}: cannot convert indexed to associative array\n`);
      status = 1;
      continue;
    }
    const readonly = store.readonly?.has(name) === true;
    // A readonly variable keeps its value and its readonly attribute; other attributes may be added.
    if (readonly && (m || local || attrs.unset.has('r'))) {
      ctx.stderr(`bash: ${cmd === 'readonly' ? '' : `${cmd}: `}${name}: readonly variable\n`);
      status = 1;
      continue;
    }
    if (local) state.declareLocal(name, m ? '' : undefined);
    const wantArray = attrs.set.has('a') || attrs.set.has('A');
    if (local && wantArray) delete store.vars[name];
    if (attrs.set.has('i')) store.integers.add(name);
    if (attrs.unset.has('i')) store.integers.delete(name);
    if (attrs.set.has('x')) state.exported.add(name);
    if (attrs.unset.has('x')) state.exported.delete(name);
    if (wantArray && !store.arrays.get(name)) {
      const v = store.vars[name];
      store.arrays.set(name, newArray(attrs.set.has('A')));
      delete store.vars[name];
      if (v !== undefined) assign(store, { name, key: attrs.set.has('A') ? '0' : 0 }, v);
    }
    if (!m) {
      if (attrs.set.has('r')) store.readonly?.add(name);
      continue;
    }
    const value = op.slice(m[0].length);
    try {
      if (value.startsWith('(') && value.endsWith(')')) {
        const items = await state.compoundItems(value, ctx);
        assignArray(store, name, items, m[2] === '+', attrs.set.has('A') || store.arrays.get(name)?.assoc);
      } else assign(store, { name, append: m[2] === '+' }, value);
      if (attrs.set.has('r')) store.readonly?.add(name);
    } catch (e) {
      if (!(e instanceof AssignError || e instanceof ArithError)) throw e;
      ctx.stderr(`bash: ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `declare -p [NAME...]`: each variable (that `only` accepts) as a `declare` command that would recreate it. */
function printDeclarations(state: ShellState, names: string[], ctx: ExecContext, cmd: string, only?: (name: string) => boolean): number {
  const store = state.variables;
  let list = names.length ? names : [...new Set([...Object.keys(store.vars), ...store.arrays.keys(), ...(store.readonly ?? [])])].sort();
  if (only && !names.length) list = list.filter(only);
  let status = 0;
  for (const name of list) {
    const line = declareLine(store, name, state.exported.has(name));
    if (line === undefined) {
      ctx.stderr(`bash: ${cmd}: ${name}: not found\n`);
      status = 1;
    } else ctx.stdout(line + '\n');
  }
  return status;
}

/** `let EXPR...`: evaluates each expression; status 1 when the last one is 0. */
export const let_: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  if (!args.length) {
    ctx.stderr('bash: let: expression expected\n');
    return 1;
  }
  let last = 0n;
  for (const expr of args) {
    try {
      last = evalArith(expr, arithScope(state.variables));
    } catch (e) {
      if (!(e instanceof ArithError || e instanceof AssignError)) throw e;
      ctx.stderr(`bash: ${e instanceof ReadonlyError ? '' : 'let: '}${e.message}\n`);
      return 1;
    }
  }
  return last === 0n ? 1 : 0;
};
