/**
 * A small busybox-`sh`: runs parsed scripts (parse.ts) against a container's ProcessIO.
 * Expansion (quotes, `$VAR`, `${VAR:-x}`, `$?`, `$(cmd)`, backquotes, `$((i+1))`) happens at
 * run time; redirections and pipes work on in-memory strings.
 *
 * A script never holds the clock: `sleep` yields cluster time, and every STEP_BUDGET steps a
 * script yields BUSY_SLICE_MS as well, so `while true; do ...; done` behaves like a busy
 * process (it keeps running and logging) instead of freezing the page.
 */
import type { Effect, ProcessIO } from '../process.ts';
import { expandWord } from './expand.ts';
import { ExitSignal } from './exit-signal.ts';
import { COMMANDS, type CommandContext, type CommandFn } from './commands.ts';
import { PROCPS_TOOLS } from '../images/files.ts';
import type { LineTerminal } from './line-terminal.ts';
import { ASH, BASH, DASH, type Dialect } from '../../../shell-grammar/dialect.ts';

/** bash as an image's shell runs: busybox-shaped commands, with bash's indexed arrays and words. */
const BASH_IN_IMAGE: Dialect = { ...ASH, name: 'bash', arrays: true, echo: 'bash', messages: BASH.messages };
import { parseScript, ShellSyntaxError, type Command, type List, type Pipeline, type Redirect } from './parse.ts';

const STEP_BUDGET = 200;
const BUSY_SLICE_MS = 100;

export type Gen<T> = Generator<Effect, T, void>;

export { ExitSignal };

class LoopSignal {
  kind: 'break' | 'continue';
  constructor(kind: 'break' | 'continue') {
    this.kind = kind;
  }
}

export class Shell {
  readonly io: ProcessIO;
  vars: Record<string, string>;
  exported: Set<string>;
  status = 0;
  cwd = '/';
  params: string[] = [];
  name = 'sh';
  out: (s: string) => void;
  err: (s: string) => void;
  stdin = '';
  trapTerm?: string;
  /** Whether this shell is dash (`sh` in a Debian-based image), whose builtin echo differs from busybox's. */
  dash = false;
  private steps = 0;
  /** The line dash names in its messages (`sh: 1: ps: not found`): 1 in a script, counted at a prompt. */
  lineNo = 1;
  /** True in a shell reading commands at a prompt (bash then leaves the line out of its messages). */
  prompting = false;

  /** The shell language this shell reads (busybox ash, or dash): its syntax errors and its echo. */
  get dialect(): Dialect {
    return this.bash ? BASH_IN_IMAGE : this.dash ? DASH : ASH;
  }

  /** Whether this shell is bash (`bash` in an image that has it): indexed arrays as well. */
  bash = false;

  constructor(io: ProcessIO, parent?: Shell) {
    this.io = io;
    this.vars = parent ? { ...parent.vars } : { ...io.env, PWD: '/', HOSTNAME: io.hostname };
    this.exported = parent ? new Set(parent.exported) : new Set(Object.keys(io.env));
    this.out = parent?.out ?? io.out;
    this.err = parent?.err ?? io.err;
    this.stdin = parent?.stdin ?? '';
    if (parent) {
      this.cwd = parent.cwd;
      this.dash = parent.dash;
      this.lineNo = parent.lineNo;
      this.bash = parent.bash;
    }
  }

  /** Runs argv as a process: `sh -c 'script'`, `sh file`, or a single command. Returns the exit code. */
  *execArgv(argv: string[]): Gen<number> {
    try {
      return yield* this.runCommand(argv);
    } catch (e) {
      if (e instanceof ExitSignal) return e.code;
      throw e;
    }
  }

  /** `sh`/`bash` invocations; anything else runs as a command. */
  *runCommand(argv: string[]): Gen<number> {
    const base = argv[0]?.split('/').pop() ?? '';
    if (base === 'sh' || base === 'bash' || base === 'ash') {
      const sub = new Shell(this.io, this);
      sub.dash = base === 'sh' && this.io.dash === true;
      sub.bash = base === 'bash' || (base !== 'sh' && base !== 'ash' && this.bash);
      let i = 1;
      while (argv[i]?.startsWith('-') && argv[i] !== '-c') i++;
      if (argv[i] === '-c') {
        const script = argv[i + 1];
        if (script === undefined) {
          this.err(`${base}: -c requires an argument\n`);
          return 2;
        }
        sub.name = argv[i + 2] ?? base;
        sub.params = argv.slice(i + 3);
        return yield* sub.runScript(script);
      }
      if (argv[i] !== undefined) {
        const src = this.io.fs.read(argv[i]!);
        if (src === undefined) {
          this.err(`${base}: can't open '${argv[i]}': No such file or directory\n`);
          return 2;
        }
        sub.params = argv.slice(i + 1);
        return yield* sub.runScript(src);
      }
      if (this.io.terminal && !this.stdin) {
        sub.name = base;
        return yield* sub.interactive(this.io.terminal, base);
      }
      // No script and no terminal: the shell reads an empty stdin and exits at once.
      return yield* sub.runScript(this.stdin);
    }
    const own = (table: Record<string, CommandFn> | undefined) => (table && Object.hasOwn(table, base) ? table[base] : undefined);
    const cmd = this.io.procps === false && PROCPS_TOOLS.has(base) ? undefined : (own(COMMANDS) ?? own(this.io.commands));
    if (!cmd) {
      this.err(this.notFound(argv[0]!));
      return 127;
    }
    const ctx: CommandContext = { args: argv.slice(1), name: base, stdin: this.stdin, out: this.out, err: this.err, shell: this };
    return yield* cmd(ctx);
  }

  *runScript(src: string): Gen<number> {
    let list: List;
    try {
      list = parseScript(src, this.dialect);
    } catch (e) {
      if (e instanceof ShellSyntaxError) {
        this.err(`${this.name}: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
    try {
      yield* this.list(list);
    } catch (e) {
      if (e instanceof ExitSignal) return e.code;
      if (!(e instanceof LoopSignal)) throw e;
    }
    return this.status;
  }

  /** An interactive shell: prompts on `term`, runs each line, ends at `exit` or end of input. */
  *interactive(term: LineTerminal, shell: string): Gen<number> {
    for (let n = 1; ; n++) {
      let line: string | null | undefined;
      while ((line = term.take(term.promptFor(shell, this.cwd, this.vars.HOME, this.io.hostname))) === undefined) yield { pause: true };
      if (line === null) return this.status;
      this.lineNo = n;
      this.prompting = true;
      try {
        yield* this.list(parseScript(line, this.dialect));
      } catch (e) {
        if (e instanceof ExitSignal) return e.code;
        if (e instanceof ShellSyntaxError) {
          this.err(`${this.name}: ${e.message}\n`);
          this.status = 2;
        } else if (!(e instanceof LoopSignal)) throw e;
      }
    }
  }

  /** How this shell says a command is not found: busybox `sh: x: not found`, dash `sh: 1: x: not found`, bash `bash: x: command not found`. */
  private notFound(cmd: string): string {
    if (this.bash) return this.prompting ? `${this.name}: ${cmd}: command not found\n` : `${this.name}: line ${this.lineNo}: ${cmd}: command not found\n`;
    return this.dash ? `${this.name}: ${this.lineNo}: ${cmd}: not found\n` : `${this.name}: ${cmd}: not found\n`;
  }

  /** Runs a trap action; returns the code of an `exit` inside it, if any. */
  *runTrap(src: string): Gen<number | undefined> {
    try {
      yield* this.list(parseScript(src, this.dialect));
    } catch (e) {
      if (e instanceof ExitSignal) return e.code;
      if (e instanceof ShellSyntaxError) this.err(`${this.name}: ${e.message}\n`);
      else throw e;
    }
    return undefined;
  }

  private *tick(): Gen<void> {
    if (++this.steps % STEP_BUDGET === 0) yield { sleep: BUSY_SLICE_MS };
  }

  *list(l: List): Gen<number> {
    for (const ao of l) {
      let s = yield* this.pipeline(ao.first);
      for (const r of ao.rest) {
        if ((r.op === '&&' && s === 0) || (r.op === '||' && s !== 0)) s = yield* this.pipeline(r.p);
      }
      this.status = s;
    }
    return this.status;
  }

  private *pipeline(p: Pipeline): Gen<number> {
    let status = 0;
    if (p.cmds.length === 1) status = yield* this.command(p.cmds[0]!);
    else {
      const saved = { out: this.out, stdin: this.stdin };
      let input = this.stdin;
      for (let i = 0; i < p.cmds.length; i++) {
        let buf = '';
        this.stdin = input;
        this.out = i === p.cmds.length - 1 ? saved.out : (s) => (buf += s);
        status = yield* this.command(p.cmds[i]!);
        input = buf;
      }
      this.out = saved.out;
      this.stdin = saved.stdin;
    }
    if (p.bang) status = status === 0 ? 1 : 0;
    this.status = status;
    return status;
  }

  private *command(c: Command): Gen<number> {
    yield* this.tick();
    return yield* this.withRedirects(c.redirs, () => this.commandBody(c));
  }

  private *commandBody(c: Command): Gen<number> {
    switch (c.k) {
      case 'simple':
        return yield* this.simple(c.words);
      case 'if':
        for (const cl of c.clauses) {
          if ((yield* this.list(cl.cond)) === 0) return yield* this.list(cl.body);
        }
        return c.otherwise ? yield* this.list(c.otherwise) : (this.status = 0);
      case 'loop': {
        let last = 0;
        for (;;) {
          yield* this.tick();
          const s = yield* this.list(c.cond);
          if (c.until ? s === 0 : s !== 0) break;
          try {
            last = yield* this.list(c.body);
          } catch (e) {
            if (!(e instanceof LoopSignal)) throw e;
            if (e.kind === 'break') break;
          }
        }
        return (this.status = last);
      }
      case 'for': {
        const items: string[] = [];
        if (c.items) for (const w of c.items) items.push(...(yield* this.expand(w)));
        else items.push(...this.params);
        let last = 0;
        for (const it of items) {
          yield* this.tick();
          this.vars[c.name] = it;
          try {
            last = yield* this.list(c.body);
          } catch (e) {
            if (!(e instanceof LoopSignal)) throw e;
            if (e.kind === 'break') break;
          }
        }
        return (this.status = last);
      }
      case 'group': {
        if (!c.subshell) return yield* this.list(c.body);
        const sub = new Shell(this.io, this);
        try {
          return yield* sub.list(c.body);
        } catch (e) {
          if (e instanceof ExitSignal) return e.code;
          throw e;
        }
      }
    }
  }

  private *simple(words: string[]): Gen<number> {
    const argv: string[] = [];
    let i = 0;
    const assigns: [string, string][] = [];
    for (; i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!); i++) {
      const w = words[i]!;
      const eq = w.indexOf('=');
      const value = w.slice(eq + 1);
      if (this.bash && value.startsWith('(') && value.endsWith(')')) {
        // An indexed array: elements NAME[0]..., and NAME itself is element 0, as in bash.
        const name = w.slice(0, eq);
        for (const k of Object.keys(this.vars)) if (k.startsWith(`${name}[`)) delete this.vars[k];
        const inner = value.slice(1, -1).trim();
        const elements: string[] = [];
        for (const word of inner ? inner.split(/\s+/) : []) elements.push(...(yield* this.expand(word)));
        elements.forEach((e, n) => (this.vars[`${name}[${n}]`] = e));
        assigns.push([name, elements[0] ?? '']);
        continue;
      }
      assigns.push([w.slice(0, eq), (yield* this.expand(value, false)).join('')]);
    }
    for (; i < words.length; i++) argv.push(...(yield* this.expand(words[i]!)));
    for (const [k, v] of assigns) this.vars[k] = v;
    if (!argv.length) return (this.status = 0);
    if (argv[0] === 'break' || argv[0] === 'continue') throw new LoopSignal(argv[0]);
    if (argv[0] === 'exit') throw new ExitSignal(argv[1] !== undefined ? Number.parseInt(argv[1], 10) & 255 : this.status);
    if (argv[0] === 'exec' && argv.length > 1) {
      // exec replaces the shell: the image's own program (a server) or the command, then the end.
      const own = this.io.execProgram?.(argv.slice(1));
      throw new ExitSignal(own ? yield* own : yield* this.runCommand(argv.slice(1)));
    }
    return (this.status = yield* this.runCommand(argv));
  }

  private *withRedirects(redirs: Redirect[], body: () => Gen<number>): Gen<number> {
    if (!redirs.length) return yield* body();
    const saved = { out: this.out, err: this.err, stdin: this.stdin };
    const files: { path: string; append: boolean; buf: { s: string } }[] = [];
    try {
      for (const r of redirs) {
        const target = (yield* this.expand(r.target)).join(' ');
        if (r.op === '<') {
          const content = this.io.fs.read(this.abs(target));
          if (content === undefined) {
            this.err(`${this.name}: can't open '${target}': no such file\n`);
            return (this.status = 1);
          }
          this.stdin = content;
          continue;
        }
        let sink: (s: string) => void;
        if (r.op === '>&') sink = target === '2' ? saved.err : target === '1' ? this.out : saved.out;
        else if (target === '/dev/null') sink = () => undefined;
        else if (target === '/dev/stderr') sink = saved.err;
        else if (target === '/dev/stdout') sink = saved.out;
        else {
          // The shell opens the file before it runs the command: on a read-only mount, or where the
          // user may not write, the command never runs.
          const why = this.io.fs.writeError(this.abs(target));
          if (why) {
            saved.err(`${this.name}: can't create ${target}: ${why}\n`);
            return 1;
          }
          const buf = { s: '' };
          files.push({ path: this.abs(target), append: r.op === '>>', buf });
          sink = (s) => (buf.s += s);
        }
        if (r.fd === 2) this.err = sink;
        else this.out = sink;
      }
      return yield* body();
    } finally {
      this.out = saved.out;
      this.err = saved.err;
      this.stdin = saved.stdin;
      for (const f of files) {
        if (!this.io.fs.write(f.path, f.buf.s, { append: f.append })) this.err(`${this.name}: can't create ${f.path}: ${this.io.fs.writeError(f.path) ?? 'Read-only file system'}\n`);
      }
    }
  }

  abs(path: string): string {
    return path.startsWith('/') ? path : `${this.cwd}/${path}`;
  }

  /** Value of a parameter (`?`, `#`, `1`, `HOME`...), undefined when unset. */
  param(name: string): string | undefined {
    if (name === '?') return String(this.status);
    if (name === '$') return '1';
    if (name === '!') return '';
    if (name === '#') return String(this.params.length);
    if (name === '@' || name === '*') return this.params.join(' ');
    if (name === '0') return this.name;
    if (/^\d+$/.test(name)) return this.params[Number(name) - 1];
    return this.vars[name];
  }

  /** Output of a command substitution, trailing newlines removed. */
  *substitute(script: string): Gen<string> {
    const sub = new Shell(this.io, this);
    let buf = '';
    sub.out = (s) => (buf += s);
    yield* sub.runScript(script);
    this.status = sub.status;
    return buf.replace(/\n+$/, '');
  }

  /** Expands one raw word into fields (split unless `split` is false). */
  *expand(raw: string, split = true): Gen<string[]> {
    return yield* expandWord(this, raw, split);
  }
}
