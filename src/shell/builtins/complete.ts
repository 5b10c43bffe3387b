/**
 * `complete` and `compopt`: bash's programmable completion settings. The terminal keeps what
 * was registered and prints it back (`complete -p`) as bash does, so sourcing a completion
 * script (`source <(kubectl completion bash)`) works. Tab in this terminal completes kubectl
 * by itself: the registered functions are not what it calls.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { shellState, type CompletionSpec } from '../shell-access.ts';

/** The `-o` options, in the order bash prints them. */
const OPTIONS = ['bashdefault', 'default', 'dirnames', 'filenames', 'noquote', 'nosort', 'nospace', 'plusdirs'];
/** Action letters and `-A` names, in the order bash prints them. */
const ACTIONS: [string, string][] = [
  ['alias', 'a'],
  ['arrayvar', ''],
  ['binding', ''],
  ['builtin', 'b'],
  ['command', 'c'],
  ['directory', 'd'],
  ['disabled', ''],
  ['enabled', ''],
  ['export', 'e'],
  ['file', 'f'],
  ['function', ''],
  ['group', 'g'],
  ['helptopic', ''],
  ['hostname', ''],
  ['job', 'j'],
  ['keyword', 'k'],
  ['running', ''],
  ['service', 's'],
  ['setopt', ''],
  ['shopt', ''],
  ['signal', ''],
  ['stopped', ''],
  ['user', 'u'],
  ['variable', 'v'],
];
const LETTER_ACTION = new Map(ACTIONS.filter(([, l]) => l).map(([a, l]) => [l, a]));
/** Options taking a value, in the order bash prints them after the actions. */
const VALUED = ['G', 'W', 'P', 'S', 'X', 'C', 'F'];
const COMPLETE_USAGE =
  'complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]\n';
const COMPOPT_USAGE = 'compopt: usage: compopt [-o|+o option] [-DEI] [name ...]\n';
/** Names bash gives the `-D` (default), `-E` (empty line) and `-I` (initial word) specifications. */
const SPECIAL = { D: '\u0000D', E: '\u0000E', I: '\u0000I' } as const;

const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** One specification as `complete -p` prints it. */
function printSpec(name: string, spec: CompletionSpec): string {
  const parts = ['complete'];
  for (const o of OPTIONS) if (spec.options.has(o)) parts.push('-o', o);
  for (const [action, letter] of ACTIONS) if (spec.actions.has(action)) parts.push(letter ? `-${letter}` : `-A ${action}`);
  for (const k of VALUED) {
    const v = spec.values.get(k);
    if (v !== undefined) parts.push(`-${k}`, k === 'F' ? v : quote(v));
  }
  const special = Object.entries(SPECIAL).find(([, v]) => v === name);
  parts.push(special ? `-${special[0]}` : name);
  return parts.join(' ') + '\n';
}

/** `complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G|-W|-F|-C|-X|-P|-S value] [name ...]` */
export const complete: Command = async (args, ctx) => {
  const table = shellState(ctx)?.completions;
  if (!table) return 1;
  const spec: CompletionSpec = { options: new Set(), actions: new Set(), values: new Map() };
  let print = false;
  let remove = false;
  const names: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    for (let k = 1; k < a.length; k++) {
      const f = a[k]!;
      if (f === 'p') print = true;
      else if (f === 'r') remove = true;
      else if (f === 'D' || f === 'E' || f === 'I') names.push(SPECIAL[f]);
      else if (LETTER_ACTION.has(f)) spec.actions.add(LETTER_ACTION.get(f)!);
      else if (f === 'o' || f === 'A' || VALUED.includes(f)) {
        const v = a.slice(k + 1) || args[++i];
        if (v === undefined) {
          ctx.stderr(`bash: complete: -${f}: option requires an argument\n${COMPLETE_USAGE}`);
          return 2;
        }
        if (f === 'o') {
          if (!OPTIONS.includes(v)) return fail(ctx, 'complete', `${v}: invalid option name`, 2);
          spec.options.add(v);
        } else if (f === 'A') {
          if (!ACTIONS.some(([n]) => n === v)) return fail(ctx, 'complete', `${v}: invalid action name`, 2);
          spec.actions.add(v);
        } else spec.values.set(f, v);
        break;
      } else {
        ctx.stderr(`bash: complete: -${f}: invalid option\n${COMPLETE_USAGE}`);
        return 2;
      }
    }
  }
  names.push(...args.slice(i));
  if (print || args.length === 0) {
    const wanted = names.length ? names : [...table.keys()];
    let status = 0;
    for (const n of wanted) {
      const s = table.get(n);
      if (s) ctx.stdout(printSpec(n, s));
      else status = fail(ctx, 'complete', `${n}: no completion specification`, 1);
    }
    return status;
  }
  if (remove) {
    if (!names.length) table.clear();
    let status = 0;
    for (const n of names) if (!table.delete(n)) status = fail(ctx, 'complete', `${n}: no completion specification`, 1);
    return status;
  }
  if (!names.length) {
    ctx.stderr(COMPLETE_USAGE);
    return 2;
  }
  for (const n of names) {
    table.delete(n);
    table.set(n, { options: new Set(spec.options), actions: new Set(spec.actions), values: new Map(spec.values) });
  }
  return 0;
};

/** `compopt [-o|+o option] [-DEI] [name ...]`: changes (or prints) the options of registered specifications. */
export const compopt: Command = async (args, ctx) => {
  const table = shellState(ctx)?.completions;
  if (!table) return 1;
  const on: string[] = [];
  const off: string[] = [];
  const names: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-o' || a === '+o') {
      const v = args[++i];
      if (v === undefined) {
        ctx.stderr(`bash: compopt: ${a}: option requires an argument\n${COMPOPT_USAGE}`);
        return 2;
      }
      if (!OPTIONS.includes(v)) return fail(ctx, 'compopt', `${v}: invalid option name`, 2);
      (a === '-o' ? on : off).push(v);
    } else if (a === '-D' || a === '-E' || a === '-I') names.push(SPECIAL[a[1] as 'D' | 'E' | 'I']);
    else if (a.startsWith('-') && a !== '-') {
      ctx.stderr(`bash: compopt: ${a}: invalid option\n${COMPOPT_USAGE}`);
      return 2;
    } else break;
  }
  names.push(...args.slice(i));
  // Tab in this terminal never runs a completion function, so there is no current one to change.
  if (!names.length) return fail(ctx, 'compopt', 'not currently executing completion function', 1);
  let status = 0;
  for (const n of names) {
    const s = table.get(n);
    if (!s) {
      status = fail(ctx, 'compopt', `${n}: no completion specification`, 1);
      continue;
    }
    for (const o of on) s.options.add(o);
    for (const o of off) s.options.delete(o);
    if (!on.length && !off.length) ctx.stdout(`compopt ${OPTIONS.map((o) => `${s.options.has(o) ? '-' : '+'}o ${o}`).join(' ')} ${n}\n`);
  }
  return status;
};

function fail(ctx: ExecContext, name: string, message: string, status: number): number {
  ctx.stderr(`bash: ${name}: ${message}\n`);
  return status;
}
