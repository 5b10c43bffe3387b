/**
 * More busybox applets that tutorials type inside containers: cp, mv, cut, sort, uniq, tail,
 * head, wc, rev, grep (reading files as well as stdin), tar (tar.ts), mount, ps and kill (which signals the
 * container's main process, so `kill 1` stops it and the kubelet restarts it), with busybox's
 * messages.
 */
import type { CommandContext, CommandFn } from './commands.ts';
import { tar } from './tar.ts';
import { firstProcessArgv } from '../first-process.ts';
import { ROOT, userName } from '../identity.ts';
import { mountEntries } from '../mount-table.ts';

/** Splits `-n 5` / `-n5` / `-5` style options from operands. */
function options(args: string[], withValue: string): { flags: Set<string>; values: Map<string, string>; all: Map<string, string[]>; rest: string[] } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  /** Every value of a repeatable option (`grep -e A -e B`), in order. */
  const all = new Map<string, string[]>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      rest.push(...args.slice(i + 1));
      break;
    }
    if (!/^-[^-]/.test(a)) {
      rest.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const f = a[j]!;
      if (/\d/.test(f) && !values.has('n')) {
        values.set('n', a.slice(j));
        break;
      }
      if (withValue.includes(f)) {
        const v = a.slice(j + 1) || (args[++i] ?? '');
        values.set(f, v);
        all.set(f, [...(all.get(f) ?? []), v]);
        break;
      }
      flags.add(f);
    }
  }
  return { flags, values, all, rest };
}

/** The text of the operands (stdin when there are none), or undefined after an error was printed. */
function input(ctx: CommandContext, files: string[]): string | undefined {
  if (!files.length) return ctx.stdin;
  let text = '';
  for (const f of files) {
    if (f === '-') {
      text += ctx.stdin;
      continue;
    }
    const c = ctx.shell.io.fs.read(ctx.shell.abs(f));
    if (c === undefined) {
      ctx.err(`${ctx.name}: can't open '${f}': No such file or directory\n`);
      return undefined;
    }
    text += c;
  }
  return text;
}

const lines = (text: string) => {
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
};

const done = (f: (ctx: CommandContext) => number): CommandFn =>
  function* (ctx) {
    return f(ctx);
  };

function copy(ctx: CommandContext, move: boolean): number {
  const { flags, rest } = options(ctx.args, '');
  const fs = ctx.shell.io.fs;
  if (rest.length < 2) {
    ctx.err(`BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ${ctx.name} [-${move ? 'fin' : 'RrfinpaPdLHs'}] SOURCE... DEST\n`);
    return 1;
  }
  const dest = rest.pop()!;
  const destAbs = ctx.shell.abs(dest);
  let status = 0;
  for (const src of rest) {
    const from = ctx.shell.abs(src);
    const to = fs.isDir(destAbs) ? `${destAbs === '/' ? '' : destAbs}/${from.split('/').pop()}` : destAbs;
    if (fs.isDir(from)) {
      if (!move && !flags.has('r') && !flags.has('R') && !flags.has('a')) {
        ctx.err(`${ctx.name}: omitting directory '${src}'\n`);
        status = 1;
        continue;
      }
      if (!copyTree(ctx, from, to)) status = 1;
      continue;
    }
    const content = fs.read(from);
    if (content === undefined) {
      ctx.err(`${ctx.name}: can't ${move ? 'rename' : 'stat'} '${src}': No such file or directory\n`);
      status = 1;
      continue;
    }
    if (!fs.write(to, content)) {
      ctx.err(`${ctx.name}: can't create '${dest}': ${fs.writeError(to) ?? 'No such file or directory'}\n`);
      status = 1;
      continue;
    }
    if (move) fs.remove(from);
  }
  return status;
}

function copyTree(ctx: CommandContext, from: string, to: string): boolean {
  const fs = ctx.shell.io.fs;
  if (!fs.mkdirp(to)) {
    ctx.err(`${ctx.name}: can't create directory '${to}': ${fs.writeError(to) ?? 'Read-only file system'}\n`);
    return false;
  }
  let ok = true;
  for (const n of fs.list(from)) {
    const a = `${from}/${n}`;
    const b = `${to}/${n}`;
    if (fs.isDir(a)) ok = copyTree(ctx, a, b) && ok;
    else ok = fs.write(b, fs.read(a) ?? '') && ok;
  }
  return ok;
}

/** `cut -d: -f1,3` and `cut -c1-5`. */
function cut(ctx: CommandContext): number {
  const { values, rest } = options(ctx.args, 'dfc');
  const list = values.get('f') ?? values.get('c');
  if (list === undefined) {
    ctx.err('cut: expected a list of bytes, characters, or fields\n');
    return 1;
  }
  const ranges = list.split(',').map((r) => {
    const [a, b] = r.includes('-') ? r.split('-') : [r, r];
    return [Number(a) || 1, b === '' || b === undefined ? Infinity : Number(b)] as const;
  });
  const pick = (n: number) => ranges.some(([a, b]) => n >= a && n <= b);
  const text = input(ctx, rest);
  if (text === undefined) return 1;
  const delim = values.get('d') ?? '\t';
  for (const l of lines(text)) {
    if (values.has('c')) ctx.out([...l].filter((_, i) => pick(i + 1)).join('') + '\n');
    else if (!l.includes(delim)) ctx.out(l + '\n');
    else
      ctx.out(
        l
          .split(delim)
          .filter((_, i) => pick(i + 1))
          .join(delim) + '\n',
      );
  }
  return 0;
}

function sort(ctx: CommandContext): number {
  const { flags, values, rest } = options(ctx.args, 'tk');
  const text = input(ctx, rest);
  if (text === undefined) return 1;
  const key = (l: string) => {
    const k = Number(values.get('k') ?? 0);
    if (!k) return l;
    const parts = values.has('t') ? l.split(values.get('t')!) : l.trim().split(/\s+/);
    return parts.slice(k - 1).join(values.get('t') ?? ' ');
  };
  let out = lines(text).sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (flags.has('n')) return (Number.parseFloat(x) || 0) - (Number.parseFloat(y) || 0) || (x < y ? -1 : x > y ? 1 : 0);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  if (flags.has('r')) out.reverse();
  if (flags.has('u')) out = out.filter((l, i) => i === 0 || l !== out[i - 1]);
  for (const l of out) ctx.out(l + '\n');
  return 0;
}

function uniq(ctx: CommandContext): number {
  const { flags, rest } = options(ctx.args, '');
  const text = input(ctx, rest);
  if (text === undefined) return 1;
  const groups: { line: string; n: number }[] = [];
  for (const l of lines(text)) {
    const last = groups[groups.length - 1];
    if (last && last.line === l) last.n++;
    else groups.push({ line: l, n: 1 });
  }
  for (const g of groups) {
    if (flags.has('d') && g.n < 2) continue;
    if (flags.has('u') && g.n > 1) continue;
    ctx.out(flags.has('c') ? `${String(g.n).padStart(7)} ${g.line}\n` : `${g.line}\n`);
  }
  return 0;
}

/** rev: each line with its characters in reverse order (a last line without a newline stays without). */
function rev(ctx: CommandContext): number {
  const text = input(ctx, ctx.args.filter((a) => a !== '--'));
  if (text === undefined) return 1;
  ctx.out(
    text
      .split('\n')
      .map((l) => [...l].reverse().join(''))
      .join('\n'),
  );
  return 0;
}

function headTail(ctx: CommandContext, tail: boolean): number {
  const { values, rest } = options(ctx.args, 'nc');
  const spec = values.get('n') ?? '10';
  const text = input(ctx, rest);
  if (text === undefined) return 1;
  if (values.has('c')) {
    const c = Number(values.get('c'));
    ctx.out(tail ? text.slice(-c) : text.slice(0, c));
    return 0;
  }
  const all = lines(text);
  const n = Number(spec.replace(/^[+-]/, ''));
  const picked = tail
    ? spec.startsWith('+')
      ? all.slice(Math.max(0, n - 1))
      : all.slice(Math.max(0, all.length - n))
    : spec.startsWith('-')
      ? all.slice(0, Math.max(0, all.length - n))
      : all.slice(0, n);
  for (const l of picked) ctx.out(l + '\n');
  return 0;
}

function wc(ctx: CommandContext): number {
  const { flags, rest } = options(ctx.args, '');
  const count = (t: string) => {
    const cols: number[] = [];
    const all = !flags.has('l') && !flags.has('w') && !flags.has('c');
    if (all || flags.has('l')) cols.push((t.match(/\n/g) ?? []).length);
    if (all || flags.has('w')) cols.push(t.split(/\s+/).filter(Boolean).length);
    if (all || flags.has('c')) cols.push(t.length);
    return cols;
  };
  // busybox pads each count to 9 columns, except a single count, which it prints as is.
  const fmt = (cols: number[], name?: string) =>
    (cols.length === 1 ? `${cols[0]}` : cols.map((c) => String(c).padStart(9)).join(' ')) + (name ? ` ${name}` : '');
  if (!rest.length) {
    ctx.out(fmt(count(ctx.stdin)) + '\n');
    return 0;
  }
  let status = 0;
  for (const f of rest) {
    const t = ctx.shell.io.fs.read(ctx.shell.abs(f));
    if (t === undefined) {
      ctx.err(`wc: can't open '${f}': No such file or directory\n`);
      status = 1;
    } else ctx.out(fmt(count(t), f) + '\n');
  }
  return status;
}

function grep(ctx: CommandContext): number {
  const { flags, all, rest } = options(ctx.args, 'e');
  // `-e P` may be repeated: a line matches when any of them does.
  const patterns = all.get('e') ?? (rest.length ? [rest.shift()!] : []);
  if (!patterns.length) {
    ctx.err(
      'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: grep [-HhnlLoqvsrRiwFE] [-m N] [-A|B|C N] { PATTERN | -e PATTERN... | -f FILE... } [FILE]...\n',
    );
    return 2;
  }
  const literal = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sourceOf = (p: string) => {
    const src = flags.has('F') ? literal(p) : flags.has('E') ? p : p.replace(/\\([|+?(){}])/g, '$1');
    try {
      new RegExp(src);
      return src;
    } catch {
      return literal(p);
    }
  };
  const src = patterns.map((p) => `(?:${sourceOf(p)})`).join('|');
  const re = new RegExp(flags.has('w') ? `\\b(?:${src})\\b` : src, flags.has('i') ? 'i' : '');
  const sources = rest.length ? rest : ['-'];
  let found = false;
  let status = 0;
  for (const f of sources) {
    const text = f === '-' ? ctx.stdin : ctx.shell.io.fs.read(ctx.shell.abs(f));
    if (text === undefined) {
      if (!flags.has('s')) ctx.err(`grep: ${f}: No such file or directory\n`);
      status = 2;
      continue;
    }
    const hits = lines(text)
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => re.test(l) !== flags.has('v'));
    if (hits.length) found = true;
    if (flags.has('q')) continue;
    const prefix = sources.length > 1 && !flags.has('h') ? `${f === '-' ? '(standard input)' : f}:` : '';
    if (flags.has('c')) ctx.out(`${prefix}${hits.length}\n`);
    else if (flags.has('l')) {
      if (hits.length) ctx.out(`${f === '-' ? '(standard input)' : f}\n`);
    } else for (const h of hits) ctx.out(`${prefix}${flags.has('n') ? `${h.i + 1}:` : ''}${h.l}\n`);
  }
  return status === 2 && !found ? 2 : found ? 0 : 1;
}

/** `mount` with no operands: the container's mounts, as busybox prints /proc/mounts. */
function mount(ctx: CommandContext): number {
  if (ctx.args.length) {
    ctx.err('mount: permission denied (are you root?)\n');
    return 255;
  }
  for (const m of mountEntries(ctx.shell.io.fs)) ctx.out(`${m.source} on ${m.path} type ${m.type} (${m.options})\n`);
  return 0;
}

const SIGNALS: Record<string, 'TERM' | 'KILL' | 'INT' | 'HUP'> = {
  '1': 'HUP',
  HUP: 'HUP',
  SIGHUP: 'HUP',
  '9': 'KILL',
  KILL: 'KILL',
  SIGKILL: 'KILL',
  '15': 'TERM',
  TERM: 'TERM',
  SIGTERM: 'TERM',
  '2': 'INT',
  INT: 'INT',
  SIGINT: 'INT',
};

/** `kill [-SIG] PID`: PID 1 is the container's main process; other PIDs are the shell's own or gone. */
function kill(ctx: CommandContext): number {
  let sig: 'TERM' | 'KILL' | 'INT' | 'HUP' = 'TERM';
  const args = [...ctx.args];
  if (args[0] === '-l') {
    ctx.out(
      ' 1) HUP\n 2) INT\n 3) QUIT\n 4) ILL\n 5) TRAP\n 6) ABRT\n 7) BUS\n 8) FPE\n 9) KILL\n10) USR1\n11) SEGV\n12) USR2\n13) PIPE\n14) ALRM\n15) TERM\n',
    );
    return 0;
  }
  if (args[0]?.startsWith('-')) {
    const name = args.shift()!.slice(1).replace(/^s\s*/, '');
    const s = SIGNALS[name.toUpperCase()];
    if (!s) {
      ctx.err(`sh: kill: bad signal name '${name}'\n`);
      return 1;
    }
    sig = s;
  }
  if (!args.length) {
    ctx.err('kill: usage: kill [-s sigspec | -signum | -sigspec] [pid | job]... or\nkill -l [exitstatus]\n');
    return 1;
  }
  let status = 0;
  for (const a of args) {
    if (!/^-?\d+$/.test(a)) {
      ctx.err(`sh: kill: illegal number: ${a}\n`);
      status = 1;
    } else if (ctx.shell.io.pids) {
      if (!ctx.shell.io.pids.signal(Number(a), sig)) {
        ctx.err(`sh: can't kill pid ${a}: No such process\n`);
        status = 1;
      }
    } else if (a === '1' && ctx.shell.io.signalMain) {
      // PID 1 has no SIGHUP handler of its own here: the kernel drops it.
      if (sig !== 'HUP') ctx.shell.io.signalMain(sig);
    }
    else if (a !== '1') {
      ctx.err(`sh: can't kill pid ${a}: No such process\n`);
      status = 1;
    }
  }
  return status;
}

/** `ps`: the container's main process and the exec'd shell, as busybox lists them. */
function ps(ctx: CommandContext): number {
  const io = ctx.shell.io;
  // Every process of the container runs as its user: the name from /etc/passwd, else the uid.
  const user = io.user ?? ROOT;
  const who = (userName(user, io.fs.read('/etc/passwd')) ?? String(user.uid)).slice(0, 8).padEnd(8);
  const row = (pid: number, cmd: string) => `${String(pid).padStart(5)} ${who}  0:00 ${cmd}\n`;
  ctx.out('PID   USER     TIME  COMMAND\n');
  if (io.pids) {
    const passwd = io.fs.read('/etc/passwd');
    const name = (uid: number | undefined) =>
      uid === undefined ? who : (userName({ ...user, uid }, passwd) ?? String(uid)).slice(0, 8).padEnd(8);
    const rows = io.pids.list().map((p) => ({ pid: p.pid, who: name(p.uid), cmd: p.command }));
    rows.push({ pid: io.pids.self, who, cmd: io.argv.join(' ') });
    if (io.terminal || io.argv[0] !== 'ps') rows.push({ pid: io.pids.next(), who, cmd: ['ps', ...ctx.args].join(' ') });
    for (const r of rows) ctx.out(`${String(r.pid).padStart(5)} ${r.who}  0:00 ${r.cmd}\n`);
    return 0;
  }
  const main = io.mainArgv ? firstProcessArgv(io.mainArgv).join(' ') : undefined;
  if (main !== undefined) ctx.out(row(1, main));
  let pid = main !== undefined ? 7 : 1;
  if (io.terminal) (ctx.out(row(pid, 'sh')), (pid += 6));
  ctx.out(row(pid, ['ps', ...ctx.args].join(' ')));
  return 0;
}

/** The applets of this module, by name. */
export const BUSYBOX_APPLETS: Record<string, CommandFn> = {
  cp: done((ctx) => copy(ctx, false)),
  mv: done((ctx) => copy(ctx, true)),
  cut: done(cut),
  sort: done(sort),
  uniq: done(uniq),
  rev: done(rev),
  head: done((ctx) => headTail(ctx, false)),
  tail: done((ctx) => headTail(ctx, true)),
  wc: done(wc),
  grep: done(grep),
  mount: done(mount),
  kill: done(kill),
  ps: done(ps),
  tar,
};
