/**
 * `trap [-lp] [[ACTION] SIGNAL...]`: actions the shell runs on EXIT (when a subshell ends: the
 * terminal's own shell never exits), on INT (Ctrl-C) and on ERR (a failing command that
 * `set -e` would stop at); other signals are kept and listed as bash lists them.
 */
import type { Command } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';

const SIGNALS = [
  'SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGKILL', 'SIGUSR1', 'SIGSEGV', 'SIGUSR2', 'SIGPIPE', 'SIGALRM',
  'SIGTERM', 'SIGSTKFLT', 'SIGCHLD', 'SIGCONT', 'SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGURG', 'SIGXCPU', 'SIGXFSZ', 'SIGVTALRM', 'SIGPROF',
  'SIGWINCH', 'SIGIO', 'SIGPWR', 'SIGSYS',
];

/** Linux's signal names by number (32 and 33 belong to the C library and have none). */
function signalName(n: number): string | undefined {
  if (n >= 1 && n <= 31) return SIGNALS[n - 1];
  if (n === 34) return 'SIGRTMIN';
  if (n >= 35 && n <= 49) return `SIGRTMIN+${n - 34}`;
  if (n >= 50 && n <= 63) return `SIGRTMAX-${64 - n}`;
  return n === 64 ? 'SIGRTMAX' : undefined;
}

/** The pseudo-signals, in the order `trap -p` lists them after the real ones (EXIT comes first). */
const AFTER = ['DEBUG', 'ERR', 'RETURN'];

/** A trap's key: `EXIT`, `SIGINT`..., `DEBUG`, `ERR`, `RETURN`; undefined for a bad specification. */
export function trapKey(spec: string): string | undefined {
  const s = spec.toUpperCase();
  if (s === '0' || s === 'EXIT' || s === 'SIGEXIT') return 'EXIT';
  if (AFTER.includes(s)) return s;
  if (/^\d+$/.test(s)) return signalName(Number(s));
  const name = s.startsWith('SIG') ? s : `SIG${s}`;
  for (let n = 1; n <= 64; n++) if (signalName(n) === name) return name;
  return undefined;
}

function order(key: string): number {
  if (key === 'EXIT') return 0;
  const k = AFTER.indexOf(key);
  if (k >= 0) return 100 + k;
  for (let n = 1; n <= 64; n++) if (signalName(n) === key) return n;
  return 200;
}

const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** `trap`. */
export const trap: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  const traps = state.traps;
  let i = 0;
  let print = false;
  for (; i < args.length && /^-[lp]+$/.test(args[i]!); i++) {
    if (args[i]!.includes('l')) {
      let col = 0;
      let text = '';
      for (let n = 1; n <= 64; n++) {
        const name = signalName(n);
        if (!name) continue;
        text += `${String(n).padStart(2)}) ${name}${++col < 5 ? '\t' : '\n'}`;
        if (col === 5) col = 0;
      }
      ctx.stdout(col ? text + '\n' : text);
      return 0;
    }
    print = true;
  }
  if (args[i] === '--') i++;
  const rest = args.slice(i);
  if (rest.length === 0 || print) {
    const keys = rest.length ? rest.map(trapKey).filter((k): k is string => k !== undefined) : [...traps.keys()];
    for (const k of keys.sort((a, b) => order(a) - order(b))) {
      const action = traps.get(k);
      if (action !== undefined) ctx.stdout(`trap -- ${quote(action)} ${k}\n`);
    }
    return 0;
  }
  if (rest[0]!.startsWith('-') && rest[0] !== '-') {
    ctx.stderr(`bash: trap: ${rest[0]}: invalid option\ntrap: usage: trap [-lp] [[arg] signal_spec ...]\n`);
    return 2;
  }
  // `trap SIGNAL` (one operand that is a signal) and `trap - SIGNAL...` reset to the default.
  const reset = rest[0] === '-' || (rest.length === 1 && trapKey(rest[0]!) !== undefined);
  const action = reset ? undefined : rest[0]!;
  const specs = reset && rest[0] !== '-' ? rest : rest.slice(1);
  let status = 0;
  for (const spec of specs) {
    const key = trapKey(spec);
    if (!key) {
      ctx.stderr(`bash: trap: ${spec}: invalid signal specification\n`);
      status = 1;
    } else if (action === undefined) traps.delete(key);
    else traps.set(key, action);
  }
  return status;
};
