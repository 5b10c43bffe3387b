/**
 * Busybox-style commands available inside containers with a shell. Each is a generator (so
 * `sleep` can wait on the cluster clock) returning an exit status, with busybox's messages.
 */
import { MemFs } from '../mem-fs.ts';
import type { Effect } from '../process.ts';
import { dateCommandTime } from '../images/time-format.ts';
import { parseUrl, STATUS_TEXT } from '../http.ts';
import type { Shell } from './interpreter.ts';

export interface CommandContext {
  args: string[];
  name: string;
  stdin: string;
  out(s: string): void;
  err(s: string): void;
  shell: Shell;
}

export type CommandFn = (ctx: CommandContext) => Generator<Effect, number, void>;

function escapes(s: string): { text: string; stop: boolean } {
  let stop = false;
  const text = s.replace(/\\(c|n|t|r|\\|a|b|e|f|v|0[0-7]{0,3})/g, (_m, e: string) => {
    if (stop) return '';
    if (e === 'c') {
      stop = true;
      return '';
    }
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };
    return map[e] ?? String.fromCharCode(parseInt(e.slice(1) || '0', 8));
  });
  return { text, stop };
}

function* echo(ctx: CommandContext) {
  let newline = true;
  let interpret = false;
  const args = [...ctx.args];
  while (args[0] && /^-[neE]+$/.test(args[0])) {
    const f = args.shift()!;
    if (f.includes('n')) newline = false;
    if (f.includes('e')) interpret = true;
    if (f.includes('E')) interpret = false;
  }
  let text = args.join(' ');
  if (interpret) {
    const r = escapes(text);
    text = r.text;
    if (r.stop) newline = false;
  }
  ctx.out(text + (newline ? '\n' : ''));
  return 0;
}

function* printf(ctx: CommandContext) {
  const [fmt, ...args] = ctx.args;
  if (fmt === undefined) {
    ctx.err('printf: usage: printf FORMAT [ARGUMENT...]\n');
    return 1;
  }
  let out = '';
  let k = 0;
  do {
    out += escapes(fmt).text.replace(/%(-?\d*)(?:\.(\d+))?([sdifxXoc%])/g, (_m, width: string, prec: string | undefined, conv: string) => {
      if (conv === '%') return '%';
      const a = args[k++] ?? '';
      let v: string;
      if (conv === 's') v = prec !== undefined ? a.slice(0, Number(prec)) : a;
      else if (conv === 'c') v = a.slice(0, 1);
      else if (conv === 'f') v = (Number(a) || 0).toFixed(prec !== undefined ? Number(prec) : 6);
      else if (conv === 'x' || conv === 'X') v = (Number.parseInt(a, 10) || 0).toString(16)[conv === 'X' ? 'toUpperCase' : 'toLowerCase']();
      else if (conv === 'o') v = (Number.parseInt(a, 10) || 0).toString(8);
      else v = String(Number.parseInt(a, 10) || 0);
      const w = Number(width);
      return width.startsWith('-') ? v.padEnd(-w) : v.padStart(w || 0);
    });
  } while (k > 0 && k < args.length);
  ctx.out(out);
  return 0;
}

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

function* cat(ctx: CommandContext) {
  if (!ctx.args.length) {
    ctx.out(ctx.stdin);
    return 0;
  }
  let status = 0;
  for (const f of ctx.args) {
    if (f === '-') {
      ctx.out(ctx.stdin);
      continue;
    }
    const path = ctx.shell.abs(f);
    const content = ctx.shell.io.fs.read(path);
    if (content === undefined) {
      ctx.err(ctx.shell.io.fs.isDir(path) ? `cat: read error: Is a directory\n` : `cat: can't open '${f}': No such file or directory\n`);
      status = 1;
    } else ctx.out(content);
  }
  return status;
}

function* env(ctx: CommandContext) {
  const sh = ctx.shell;
  const names = [...sh.exported].filter((k) => sh.vars[k] !== undefined);
  for (const k of names) ctx.out(`${k}=${sh.vars[k]}\n`);
  return 0;
}

function* printenv(ctx: CommandContext) {
  if (!ctx.args.length) return yield* env(ctx);
  let status = 0;
  for (const a of ctx.args) {
    const v = ctx.shell.exported.has(a) ? ctx.shell.vars[a] : undefined;
    if (v === undefined) status = 1;
    else ctx.out(v + '\n');
  }
  return status;
}

function* touch(ctx: CommandContext) {
  for (const f of ctx.args.filter((a) => !a.startsWith('-'))) {
    const p = ctx.shell.abs(f);
    if (!ctx.shell.io.fs.isFile(p) && !ctx.shell.io.fs.write(p, '')) {
      ctx.err(`touch: ${f}: Read-only file system\n`);
      return 1;
    }
  }
  return 0;
}

function* rm(ctx: CommandContext) {
  const force = ctx.args.some((a) => /^-\w*f/.test(a));
  let status = 0;
  for (const f of ctx.args.filter((a) => !a.startsWith('-'))) {
    if (!ctx.shell.io.fs.remove(ctx.shell.abs(f)) && !force) {
      ctx.err(`rm: can't remove '${f}': No such file or directory\n`);
      status = 1;
    }
  }
  return status;
}

function* mkdir(ctx: CommandContext) {
  for (const d of ctx.args.filter((a) => !a.startsWith('-'))) ctx.shell.io.fs.mkdirp(ctx.shell.abs(d));
  return 0;
}

function* ls(ctx: CommandContext) {
  const fs = ctx.shell.io.fs;
  const targets = ctx.args.filter((a) => !a.startsWith('-'));
  let status = 0;
  for (const t of targets.length ? targets : [ctx.shell.cwd]) {
    const p = MemFs.resolve(t, ctx.shell.cwd);
    if (fs.isFile(p)) ctx.out(`${t}\n`);
    else if (fs.isDir(p)) {
      if (targets.length > 1) ctx.out(`${t}:\n`);
      for (const n of fs.list(p)) ctx.out(`${n}\n`);
    } else {
      ctx.err(`ls: ${t}: No such file or directory\n`);
      status = 1;
    }
  }
  return status;
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

/** busybox wget: `-q`, `-O FILE` / `-O-`, `-S`; errors worded as busybox prints them. */
function* wget(ctx: CommandContext) {
  const args = ctx.args;
  let quiet = false;
  let output: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-q') quiet = true;
    else if (a === '-O') output = args[++i];
    else if (a.startsWith('-O')) output = a.slice(2);
    else if (a === '-qO-' || a === '-qO') {
      quiet = true;
      output = a === '-qO-' ? '-' : args[++i];
    } else if (a === '-T' || a === '--timeout') i++;
    else if (!a.startsWith('-')) url = a;
  }
  if (!url) {
    ctx.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[-P DIR] [-U AGENT] [-T SEC] URL...\n\nRetrieve files via HTTP or FTP\n');
    return 1;
  }
  const target = parseUrl(url);
  if (!target) {
    ctx.err(`wget: bad address '${url}'\n`);
    return 1;
  }
  const r = ctx.shell.io.fetch?.(target.host, target.port, target.path, 'Wget') ?? { error: 'bad-address' as const };
  if ('error' in r) {
    if (r.error === 'bad-address') ctx.err(`wget: bad address '${target.host}'\n`);
    else {
      if (!quiet) ctx.err(`Connecting to ${target.host}:${target.port} (${r.ip ?? target.host}:${target.port})\n`);
      ctx.err(`wget: can't connect to remote host (${r.ip ?? target.host}): Connection refused\n`);
    }
    return 1;
  }
  const ip = /^\d+\.\d+\.\d+\.\d+$/.test(target.host) ? target.host : target.host === 'localhost' ? '127.0.0.1' : target.host;
  if (!quiet) ctx.err(`Connecting to ${target.host}:${target.port} (${ip}:${target.port})\n`);
  if (r.status >= 400) {
    ctx.err(`wget: server returned error: HTTP/1.1 ${r.status} ${STATUS_TEXT[r.status] ?? ''}\n`);
    return 1;
  }
  const file = output ?? (target.path.split('/').pop() || 'index.html');
  if (file === '-') {
    if (!quiet) ctx.err('writing to stdout\n');
    ctx.out(r.body);
    if (!quiet) ctx.err(`-                    100% |********************************|   ${r.body.length}  0:00:00 ETA\nwritten to stdout\n`);
    return 0;
  }
  ctx.shell.io.fs.write(ctx.shell.abs(file), r.body);
  if (!quiet) ctx.err(`saving to '${file}'\n${file.padEnd(20)} 100% |********************************|   ${r.body.length}  0:00:00 ETA\n'${file}' saved\n`);
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
  nc: function* (ctx) {
    ctx.err('nc: bad address\n');
    return 1;
  },
  true: ok(() => 0),
  false: ok(() => 1),
  ':': ok(() => 0),
  hostname: ok((ctx) => ctx.out(ctx.shell.io.hostname + '\n')),
  pwd: ok((ctx) => ctx.out(ctx.shell.cwd + '\n')),
  whoami: ok((ctx) => ctx.out('root\n')),
  id: ok((ctx) => ctx.out('uid=0(root) gid=0(root) groups=0(root),10(wheel)\n')),
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
  wc: ok((ctx) => {
    const lines = (ctx.stdin.match(/\n/g) ?? []).length;
    ctx.out(ctx.args.includes('-l') ? `${lines}\n` : `${lines} ${ctx.stdin.split(/\s+/).filter(Boolean).length} ${ctx.stdin.length}\n`);
  }),
  head: ok((ctx) => {
    const n = Number(ctx.args[ctx.args.indexOf('-n') + 1] ?? 10) || 10;
    ctx.out(ctx.stdin.split('\n').slice(0, n).filter((l, i, a) => i < a.length - 1 || l).map((l) => l + '\n').join(''));
  }),
  grep: ok((ctx) => {
    const flags = ctx.args.filter((a) => a.startsWith('-')).join('');
    const pattern = ctx.args.find((a) => !a.startsWith('-')) ?? '';
    const lines = ctx.stdin.split('\n').filter((l, i, a) => i < a.length - 1 || l);
    const match = (l: string) => (flags.includes('i') ? l.toLowerCase().includes(pattern.toLowerCase()) : l.includes(pattern));
    const hits = lines.filter((l) => match(l) !== flags.includes('v'));
    if (flags.includes('c')) ctx.out(`${hits.length}\n`);
    else if (!flags.includes('q')) for (const h of hits) ctx.out(h + '\n');
    return hits.length ? 0 : 1;
  }),
  expr: ok((ctx) => {
    const [a, op, b] = ctx.args;
    const x = Number(a);
    const y = Number(b);
    const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? Math.trunc(x / y) : op === '%' ? x % y : x;
    ctx.out(`${r}\n`);
    return r === 0 ? 1 : 0;
  }),
};
