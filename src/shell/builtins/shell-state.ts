/**
 * Builtins that change the shell itself: `read`, `local`, `return`, `shift`, `alias`,
 * `unalias`, `source`, `.` and `eval`, with bash's messages (interactive bash's, without `line N:`).
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';
import { abs } from './util.ts';
import { AssignError, assign, assignArray } from '../variables.ts';
import { ArithError } from '../../shell-grammar/arith.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `read [-r] [-s] [-p PROMPT] [NAME...]`: one line of input into variables, split on IFS; status 1 at end of input. */
export const read: Command = async (args, ctx) => {
  let raw = false;
  let prompt: string | undefined;
  let arrayName: string | undefined;
  let i = 0;
  for (; i < args.length && args[i]!.startsWith('-') && args[i] !== '-'; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === 'r') raw = true;
      else if (c === 's') continue;
      else if (c === 'a') {
        arrayName = a.slice(k + 1) || args[++i];
        if (arrayName === undefined)
          return usage(
            ctx,
            'read: -a: option requires an argument',
            'read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]',
          );
        break;
      }
      else if (c === 'p') {
        prompt = a.slice(k + 1) || args[++i];
        if (prompt === undefined)
          return usage(
            ctx,
            'read: -p: option requires an argument',
            'read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]',
          );
        break;
      } else
        return usage(
          ctx,
          `read: -${c}: invalid option`,
          'read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]',
        );
    }
  }
  const names = args.slice(i);
  for (const n of arrayName !== undefined ? [arrayName] : names) {
    if (!NAME.test(n)) {
      ctx.stderr(`bash: read: \`${n}': not a valid identifier\n`);
      return 1;
    }
  }
  const got = await readInputLine(ctx, raw, prompt);
  const ifs = ctx.env.IFS ?? ' \t\n';
  const state = shellState(ctx);
  try {
    if (arrayName !== undefined && state) {
      // `read -a NAME`: every field of the line, one element each.
      assignArray(state.variables, arrayName, allFields(got.text, ifs).map((value) => ({ value })), false);
    } else if (!state) return 1;
    else if (!names.length) assign(state.variables, { name: 'REPLY' }, got.text);
    else {
      const values = splitFields(got.text, names.length, ifs);
      for (let k = 0; k < names.length; k++) assign(state.variables, { name: names[k]! }, values[k] ?? '');
    }
  } catch (e) {
    if (!(e instanceof AssignError || e instanceof ArithError)) throw e;
    ctx.stderr(`bash: ${e.message}\n`);
    return 1;
  }
  // A last line without its newline still fills the variables, with status 1.
  return got.complete ? 0 : 1;
};

/** One logical line: without -r, `\` joins the next line and escapes the next character. */
async function readInputLine(ctx: ExecContext, raw: boolean, prompt: string | undefined): Promise<{ text: string; complete: boolean }> {
  const finish = (text: string, complete: boolean) => ({ text: raw ? text : unescape(text), complete });
  if (ctx.readLine) {
    const typed = await ctx.readLine(prompt ?? '');
    return finish(typed ?? '', typed !== null);
  }
  let text = '';
  for (;;) {
    const line = ctx.input ? await ctx.input.readLine() : firstLine(ctx);
    if (line === null) return finish(text, false);
    const complete = line.endsWith('\n');
    const body = complete ? line.slice(0, -1) : line;
    if (!raw && complete && /(^|[^\\])(\\\\)*\\$/.test(body)) {
      text += body.slice(0, -1);
      continue;
    }
    return finish(text + body, complete);
  }
}

/** Hosts that give no stream: the first line of stdin (each `read` then sees the same text). */
function firstLine(ctx: ExecContext): string | null {
  const s = ctx.stdin;
  if (!s) return null;
  const nl = s.indexOf('\n');
  return nl < 0 ? s : s.slice(0, nl + 1);
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

/** bash's field splitting for `read`: the last name takes the rest of the line. */
function splitFields(line: string, count: number, ifs: string): string[] {
  const isWs = (c: string): boolean => ifs.includes(c) && ' \t\n'.includes(c);
  const isSep = (c: string): boolean => ifs.includes(c);
  let s = line;
  let a = 0;
  let b = s.length;
  while (a < b && isWs(s[a]!)) a++;
  while (b > a && isWs(s[b - 1]!)) b--;
  s = s.slice(a, b);
  const out: string[] = [];
  while (out.length < count - 1 && s.length) {
    let k = 0;
    while (k < s.length && !isSep(s[k]!)) k++;
    out.push(s.slice(0, k));
    let j = k;
    while (j < s.length && isWs(s[j]!)) j++;
    if (j < s.length && isSep(s[j]!) && !isWs(s[j]!)) {
      j++;
      while (j < s.length && isWs(s[j]!)) j++;
    }
    s = s.slice(j);
  }
  out.push(s);
  while (out.length < count) out.push('');
  return out;
}

/** Every field of `line` (as `read -a` splits it): `splitFields` with as many names as there are fields. */
function allFields(line: string, ifs: string): string[] {
  const out: string[] = [];
  let rest = line;
  for (;;) {
    const [first, tail] = splitFields(rest, 2, ifs) as [string, string];
    if (first === '' && tail === '' && out.length === 0 && rest.split('').every((c) => ifs.includes(c))) return out;
    out.push(first);
    if (tail === '') return out;
    rest = tail;
  }
}

function usage(ctx: ExecContext, message: string, synopsis: string): number {
  ctx.stderr(`bash: ${message}\n${synopsis.split(' ')[0]}: usage: ${synopsis}\n`);
  return 2;
}

/** `local NAME[=VALUE]...`: variables that get their old values back when the function returns. */
export const local: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state?.functionDepth) {
    ctx.stderr('bash: local: can only be used in a function\n');
    return 1;
  }
  let status = 0;
  for (const a of args) {
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (!NAME.test(name)) {
      ctx.stderr(`bash: local: \`${a}': not a valid identifier\n`);
      status = 1;
      continue;
    }
    state.declareLocal(name, eq < 0 ? (ctx.env[name] !== undefined ? undefined : '') : a.slice(eq + 1));
  }
  return status;
};

/** `return [N]`: ends the function or sourced file with status N (default: the last command's). */
export const returnCmd: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state || (!state.functionDepth && !state.sourceDepth)) {
    ctx.stderr("bash: return: can only `return' from a function or sourced script\n");
    return 1;
  }
  const arg = args[0];
  if (arg !== undefined && !/^-?\d+$/.test(arg)) {
    ctx.stderr(`bash: return: ${arg}: numeric argument required\n`);
    state.requestReturn(2);
    return 2;
  }
  const status = arg === undefined ? state.status : ((Number(arg) % 256) + 256) % 256;
  state.requestReturn(status);
  return status;
};

/** `shift [N]`: drops the first N positional parameters. */
export const shift: Command = async (args, ctx) => {
  const state = shellState(ctx);
  const arg = args[0] ?? '1';
  if (!/^\d+$/.test(arg)) {
    ctx.stderr(`bash: shift: ${arg}: numeric argument required\n`);
    return 1;
  }
  const n = Number(arg);
  if (!state || n > state.positional.length) return 1;
  state.positional = state.positional.slice(n);
  return 0;
};

/** `alias [NAME[=VALUE]...]`: defines aliases, or prints them as `alias k='kubectl'`. */
export const alias: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  const operands = args.filter((a) => a !== '-p');
  const bad = operands.find((a) => a.startsWith('-') && a !== '--');
  if (bad) return usage(ctx, `alias: ${bad}: invalid option`, 'alias [-p] [name[=value] ... ]');
  const show = (name: string): string => `alias ${name}='${state.aliases.get(name)!.replace(/'/g, "'\\''")}'\n`;
  if (!operands.length || args.includes('-p')) for (const name of [...state.aliases.keys()].sort()) ctx.stdout(show(name));
  let status = 0;
  for (const a of operands.filter((o) => o !== '--')) {
    const eq = a.indexOf('=');
    if (eq > 0) state.aliases.set(a.slice(0, eq), a.slice(eq + 1));
    else if (state.aliases.has(a)) ctx.stdout(show(a));
    else {
      ctx.stderr(`bash: alias: ${a}: not found\n`);
      status = 1;
    }
  }
  return status;
};

/** `unalias [-a] NAME...` */
export const unalias: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  if (!args.length) {
    ctx.stderr('unalias: usage: unalias [-a] name [name ...]\n');
    return 2;
  }
  if (args.includes('-a')) {
    state.aliases.clear();
    return 0;
  }
  let status = 0;
  for (const a of args) {
    if (!state.aliases.delete(a)) {
      ctx.stderr(`bash: unalias: ${a}: not found\n`);
      status = 1;
    }
  }
  return status;
};

/** `source FILE [ARG...]` (also `.`): runs the file's commands in this shell. */
export function createSource(name: 'source' | '.'): Command {
  return async (args, ctx) => {
    const state = shellState(ctx);
    if (!args.length) {
      ctx.stderr(`bash: ${name}: filename argument required\n${name}: usage: ${name} filename [arguments]\n`);
      return 2;
    }
    const file = args[0]!;
    const path = abs(ctx, file);
    const text = ctx.fs.isDir(path) ? undefined : ctx.fs.read(path);
    if (text === undefined || !state) {
      ctx.stderr(`bash: ${file}: ${ctx.fs.isDir(path) ? 'is a directory' : 'No such file or directory'}\n`);
      return 1;
    }
    return state.source(file, text, args.length > 1 ? args.slice(1) : undefined, ctx);
  };
}

/** `eval [ARG...]`: the arguments joined by spaces, parsed and run in this shell. */
export const evalCmd: Command = async (args, ctx) => {
  const state = shellState(ctx);
  const text = args[0] === '--' ? args.slice(1).join(' ') : args.join(' ');
  if (!state || !text.trim()) return 0;
  return state.evaluate(text, ctx);
};
