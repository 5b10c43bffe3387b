/**
 * `sed`, GNU sed 4.9's options over the terminal's files: `-n`, `-e`, `-f`, `-E`/`-r`, `-s`,
 * `-i[SUFFIX]` (in place, on the terminal's files), `--help`, `--version`. The script language is
 * in parse.ts and run.ts; regular expressions run on the shell's linear-time engine.
 */
import type { Command, ExecContext } from '../../../command/contract.ts';
import { RegexInterrupted } from '../../regex/pattern.ts';
import { abs } from '../util.ts';
import { parseScript, SedSyntaxError, type SedCommand } from './parse.ts';
import { runScript, type SedInput, type SedIO } from './run.ts';
import { SED_HELP_TAIL, SED_USAGE, SED_VERSION } from './usage.ts';

const LONG: Record<string, string> = {
  quiet: 'n',
  silent: 'n',
  'regexp-extended': 'E',
  separate: 's',
  posix: '',
  debug: '',
  sandbox: '',
  unbuffered: '',
  'null-data': 'z',
  'follow-symlinks': '',
};

interface Options {
  quiet: boolean;
  extended: boolean;
  separate: boolean;
  inPlace?: string;
  scripts: string[];
  files: string[];
}

/** Reads sed's options GNU-style; undefined when one was bad (the usage is printed) or `--help`/`--version` ran. */
function options(args: string[], ctx: ExecContext): Options | number {
  const o: Options = { quiet: false, extended: false, separate: false, scripts: [], files: [] };
  const bad = (msg: string): number => {
    ctx.stderr(`sed: ${msg}\n${SED_USAGE}`);
    return 1;
  };
  const script = (file: string): string | number => {
    const text = file === '-' ? ctx.stdin : ctx.fs.read(abs(ctx, file));
    if (text === undefined) {
      ctx.stderr(`sed: couldn't open file ${file}: No such file or directory\n`);
      return 1;
    }
    return text.endsWith('\n') ? text.slice(0, -1) : text;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      o.files.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const [name, value] = a.includes('=') ? [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a.slice(2), undefined];
      if (name === 'help') {
        ctx.stdout(SED_USAGE + SED_HELP_TAIL);
        return 0;
      }
      if (name === 'version') {
        ctx.stdout(SED_VERSION);
        return 0;
      }
      if (name === 'expression' || name === 'file') {
        const v = value ?? args[++i];
        if (v === undefined) return bad(`option '--${name}' requires an argument`);
        const t = name === 'file' ? script(v) : v;
        if (typeof t === 'number') return t;
        o.scripts.push(t);
      } else if (name === 'in-place') o.inPlace = value ?? '';
      else if (name in LONG) {
        const l = LONG[name]!;
        if (l === 'n') o.quiet = true;
        if (l === 'E') o.extended = true;
        if (l === 's') o.separate = true;
      } else return bad(`unrecognized option '${a}'`);
      continue;
    }
    if (a.length < 2 || a[0] !== '-') {
      o.files.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === 'n') o.quiet = true;
      else if (c === 'E' || c === 'r') o.extended = true;
      else if (c === 's') o.separate = true;
      else if (c === 'u' || c === 'z') void 0;
      else if (c === 'i') {
        o.inPlace = a.slice(k + 1);
        break;
      } else if (c === 'e' || c === 'f' || c === 'l') {
        const v = k + 1 < a.length ? a.slice(k + 1) : args[++i];
        if (v === undefined) return bad(`option requires an argument -- '${c}'`);
        if (c !== 'l') {
          const t = c === 'f' ? script(v) : v;
          if (typeof t === 'number') return t;
          o.scripts.push(t);
        }
        break;
      } else return bad(`invalid option -- '${c}'`);
    }
  }
  if (!o.scripts.length) {
    const first = o.files.shift();
    if (first === undefined) {
      ctx.stderr(SED_USAGE);
      return 1;
    }
    o.scripts.push(first);
  }
  return o;
}

export const sed: Command = async (args, ctx) => {
  const o = options(args, ctx);
  if (typeof o === 'number') return o;
  const starts: number[] = [];
  let text = '';
  for (const s of o.scripts) {
    if (starts.length) text += '\n';
    starts.push(text.length);
    text += s;
  }
  let cmds: SedCommand[];
  try {
    cmds = parseScript({ text, starts }, o.extended);
  } catch (e) {
    if (!(e instanceof SedSyntaxError)) throw e;
    ctx.stderr(`sed: ${e.message}\n`);
    return typeof e.cause === 'number' ? e.cause : 1;
  }
  if (o.inPlace !== undefined && !o.files.length) {
    ctx.stderr('sed: no input files\n');
    return 4;
  }
  const written = new Map<string, string>();
  let out = '';
  const io: SedIO = {
    quiet: o.quiet,
    out: (t) => (o.inPlace !== undefined ? (out += t) : ctx.stdout(t)),
    readFile: (name) => (name === '/dev/stdin' ? ctx.stdin : ctx.fs.read(abs(ctx, name))),
    writeFile(name, t) {
      if (name === '/dev/stdout') ctx.stdout(t);
      else if (name === '/dev/stderr') ctx.stderr(t);
      else written.set(name, (written.get(name) ?? '') + t);
    },
    pause: () => ctx.sleep(0),
  };
  const state = { hold: '', line: 0 };
  let status = 0;
  const inputs: { name?: string; input: SedInput }[] = [];
  const files = o.files.length ? o.files : ['-'];
  for (const name of files) {
    const path = name === '-' ? undefined : abs(ctx, name);
    if (path && ctx.fs.isDir(path)) {
      ctx.stderr(o.inPlace !== undefined ? `sed: couldn't edit ${name}: not a regular file\n` : `sed: read error on ${name}: Is a directory\n`);
      status = 4;
      continue;
    }
    const t = path ? ctx.fs.read(path) : ctx.stdin;
    if (t === undefined) {
      ctx.stderr(`sed: can't read ${name}: No such file or directory\n`);
      status = 2;
      continue;
    }
    inputs.push({ name: path, input: split(t) });
  }
  try {
    if (o.inPlace !== undefined || o.separate) {
      for (const { name, input } of inputs) {
        state.line = 0;
        out = '';
        const r = await runScript(cmds, input, io, state);
        if ('interrupted' in r) return 130;
        if (o.inPlace !== undefined && name) {
          if (o.inPlace) ctx.fs.write(backupName(name, o.inPlace), ctx.fs.read(name) ?? '');
          ctx.fs.write(name, out);
        }
        if (r.quit) {
          // After `q`, GNU sed stops: later files are left as they are.
          status = r.code || status;
          break;
        }
      }
    } else {
      const all: SedInput = { lines: inputs.flatMap((x) => x.input.lines), finalNewline: inputs.length ? inputs[inputs.length - 1]!.input.finalNewline : true };
      const r = await runScript(cmds, all, io, state);
      if ('interrupted' in r) return 130;
      if (r.code) status = r.code;
    }
  } catch (e) {
    if (e instanceof RegexInterrupted) return 130;
    if (e instanceof Error && e.message === 'no previous regular expression') {
      ctx.stderr('sed: -e expression #1, char 0: no previous regular expression\n');
      return 1;
    }
    throw e;
  }
  for (const [name, t] of written) ctx.fs.write(abs(ctx, name), t);
  return status;
};

/** The backup's name for -iSUFFIX: `*` in the suffix stands for the file's base name. */
function backupName(path: string, suffix: string): string {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const base = path.slice(slash + 1);
  return suffix.includes('*') ? dir + suffix.replaceAll('*', base) : path + suffix;
}

/** The input's lines and whether it ended with a newline (sed keeps a missing one missing). */
function split(t: string): SedInput {
  if (t === '') return { lines: [], finalNewline: true };
  const finalNewline = t.endsWith('\n');
  const lines = (finalNewline ? t.slice(0, -1) : t).split('\n');
  return { lines, finalNewline };
}
