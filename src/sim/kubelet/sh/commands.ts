/**
 * Busybox-style commands available inside containers with a shell. Each is a generator (so
 * `sleep` can wait on the cluster clock) returning an exit status, with busybox's messages.
 */
import { MemFs } from '../mem-fs.ts';
import { cat, env, mkdir, printenv, rm, touch } from './file-commands.ts';
import { ls } from './ls.ts';
import { hostname } from './hostname.ts';
import { command, type, which } from './command-lookup.ts';
import { nc, wget } from './net-commands.ts';
import { echo, printf } from './text-commands.ts';
import { BUSYBOX_APPLETS } from './busybox-applets.ts';
import type { Effect } from '../process.ts';
import { dateCommandTime } from '../images/time-format.ts';
import type { Shell } from './interpreter.ts';
import { idOutput, ROOT, userName } from '../identity.ts';

export interface CommandContext {
  args: string[];
  name: string;
  stdin: string;
  out(s: string): void;
  err(s: string): void;
  shell: Shell;
}

export type CommandFn = (ctx: CommandContext) => Generator<Effect, number, void>;

function durationMs(s: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?|\.\d+)([smhd]?)$/.exec(s);
  if (!m) return undefined;
  const mult = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as '' | 's'];
  return Number(m[1]) * mult;
}

function* sleep(ctx: CommandContext): Generator<Effect, number, void> {
  if (!ctx.args.length) {
    ctx.err('sleep: missing operand\n');
    return 1;
  }
  if (ctx.args[0] === 'infinity') {
    yield { pause: true };
    return 0;
  }
  let total = 0;
  for (const a of ctx.args) {
    const ms = durationMs(a);
    if (ms === undefined) {
      ctx.err(`sleep: invalid number '${a}'\n`);
      return 1;
    }
    total += ms;
  }
  if (total > 0) yield { sleep: total };
  return 0;
}

function* date(ctx: CommandContext) {
  const now = ctx.shell.io.now();
  const fmt = ctx.args.find((a) => a.startsWith('+'));
  if (!fmt) {
    ctx.out(dateCommandTime(now) + '\n');
    return 0;
  }
  const iso = new Date(now).toISOString();
  const map: Record<string, string> = {
    Y: iso.slice(0, 4), m: iso.slice(5, 7), d: iso.slice(8, 10), H: iso.slice(11, 13), M: iso.slice(14, 16),
    S: iso.slice(17, 19), s: String(Math.floor(now / 1000)), F: iso.slice(0, 10), T: iso.slice(11, 19), Z: 'UTC', '%': '%',
  };
  ctx.out(fmt.slice(1).replace(/%(.)/g, (m, c: string) => map[c] ?? m) + '\n');
  return 0;
}

/** `test` / `[`: files, strings, integers, `!`. */
function testExpr(a: string[], sh: Shell): boolean {
  if (a[0] === '!') return !testExpr(a.slice(1), sh);
  if (a.length === 0) return false;
  if (a.length === 1) return a[0] !== '';
  if (a.length === 2) {
    const [op, v] = a as [string, string];
    const fs = sh.io.fs;
    const p = sh.abs(v);
    switch (op) {
      case '-z': return v === '';
      case '-n': return v !== '';
      case '-f': return fs.isFile(p);
      case '-d': return fs.isDir(p);
      case '-e': case '-r': case '-s': return fs.isFile(p) || fs.isDir(p);
      default: return false;
    }
  }
  const [l, op, r] = a as [string, string, string];
  const n = (s: string) => Number.parseInt(s, 10);
  switch (op) {
    case '=': case '==': return l === r;
    case '!=': return l !== r;
    case '-eq': return n(l) === n(r);
    case '-ne': return n(l) !== n(r);
    case '-lt': return n(l) < n(r);
    case '-le': return n(l) <= n(r);
    case '-gt': return n(l) > n(r);
    case '-ge': return n(l) >= n(r);
    default: return false;
  }
}

function* test(ctx: CommandContext) {
  let args = ctx.args;
  if (ctx.name === '[') {
    if (args[args.length - 1] !== ']') {
      ctx.err('[: missing ]\n');
      return 2;
    }
    args = args.slice(0, -1);
  }
  const bad = args.find((x, i) => i % 2 === 1 && args.length === 3 && /^-(eq|ne|lt|le|gt|ge)$/.test(x) && [args[0], args[2]].some((v) => !/^-?\d+$/.test(v ?? '')));
  if (bad) {
    const v = [args[0], args[2]].find((x) => !/^-?\d+$/.test(x ?? ''));
    ctx.err(`sh: ${v === '' ? "''" : v}: bad number\n`);
    return 2;
  }
  return testExpr(args, ctx.shell) ? 0 : 1;
}

function* trap(ctx: CommandContext) {
  const [action, ...sigs] = ctx.args;
  const sh = ctx.shell;
  if (action !== undefined && sigs.some((s) => /^(SIG)?TERM$|^15$|^(SIG)?INT$/.test(s))) {
    sh.io.onTerm = function* () {
      const exit = yield* sh.runTrap(action);
      // Without an `exit` in the handler the shell would carry on; ending with 143 (SIGTERM) is the common case.
      return exit ?? 143;
    };
  }
  return 0;
}

const ok = (f: (ctx: CommandContext) => number | void): CommandFn =>
  function* (ctx) {
    return f(ctx) ?? 0;
  };

/** Commands by name (the base name of argv[0], so `/bin/echo` works too). */
export const COMMANDS: Record<string, CommandFn> = {
  echo,
  printf,
  sleep,
  cat,
  env,
  printenv,
  touch,
  rm,
  mkdir,
  ls,
  date,
  test,
  '[': test,
  trap,
  wget,
  nc,
  true: ok(() => 0),
  false: ok(() => 1),
  ':': ok(() => 0),
  hostname: ok(hostname),
  type,
  command,
  which,
  pwd: ok((ctx) => ctx.out(ctx.shell.cwd + '\n')),
  whoami: ok((ctx) => {
    const user = ctx.shell.io.user ?? ROOT;
    const name = userName(user, ctx.shell.io.fs.read('/etc/passwd'));
    if (name === undefined) {
      ctx.err(`whoami: unknown uid ${user.uid}\n`);
      return 1;
    }
    ctx.out(`${name}\n`);
  }),
  id: ok((ctx) => {
    const fs = ctx.shell.io.fs;
    const out = idOutput(ctx.shell.io.user ?? ROOT, ctx.args, { passwd: fs.read('/etc/passwd'), group: fs.read('/etc/group') });
    if ('error' in out) {
      ctx.err(out.error);
      return 1;
    }
    ctx.out(out.text);
  }),
  uname: ok((ctx) => ctx.out(ctx.args.includes('-a') ? `Linux ${ctx.shell.io.hostname} 6.8.0-50-generic #51-Ubuntu SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n` : 'Linux\n')),
  cd: ok((ctx) => {
    const target = MemFs.resolve(ctx.args[0] ?? '/root', ctx.shell.cwd);
    if (!ctx.shell.io.fs.isDir(target)) {
      ctx.err(`sh: cd: can't cd to ${ctx.args[0]}: No such file or directory\n`);
      return 2;
    }
    ctx.shell.cwd = target;
    ctx.shell.vars['PWD'] = target;
  }),
  export: ok((ctx) => {
    for (const a of ctx.args) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a : a.slice(0, eq);
      if (eq >= 0) ctx.shell.vars[name] = a.slice(eq + 1);
      ctx.shell.exported.add(name);
    }
  }),
  unset: ok((ctx) => {
    for (const a of ctx.args) {
      delete ctx.shell.vars[a];
      ctx.shell.exported.delete(a);
    }
  }),
  set: ok(() => 0),
  wait: ok(() => 0),
  read: ok((ctx) => {
    const line = ctx.stdin.split('\n')[0] ?? '';
    const names = ctx.args.filter((a) => !a.startsWith('-'));
    const parts = line.trim().split(/\s+/);
    names.forEach((n, i) => (ctx.shell.vars[n] = i === names.length - 1 ? parts.slice(i).join(' ') : (parts[i] ?? '')));
    return ctx.stdin ? 0 : 1;
  }),
  seq: ok((ctx) => {
    const n = ctx.args.map(Number);
    const [first, step, last] = n.length === 1 ? [1, 1, n[0]!] : n.length === 2 ? [n[0]!, 1, n[1]!] : [n[0]!, n[1]!, n[2]!];
    for (let i = first; step > 0 ? i <= last : i >= last; i += step) ctx.out(`${i}\n`);
  }),
  expr: ok((ctx) => {
    const [a, op, b] = ctx.args;
    const x = Number(a);
    const y = Number(b);
    const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? Math.trunc(x / y) : op === '%' ? x % y : x;
    ctx.out(`${r}\n`);
    return r === 0 ? 1 : 0;
  }),
  ...BUSYBOX_APPLETS,
};
