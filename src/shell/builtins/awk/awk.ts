/**
 * `awk [-F FS] [-v VAR=VALUE]... [-f FILE | 'PROGRAM'] [FILE | VAR=VALUE]...`: POSIX awk as
 * mawk 1.3.4 (Debian's and Ubuntu's awk) runs it, with its messages. The language is in
 * lexer.ts, parser.ts and interp.ts; regular expressions run on the shell's linear-time engine.
 */
import type { Command } from '../../../command/contract.ts';
import { abs } from '../util.ts';
import { AwkSyntaxError } from './lexer.ts';
import { parseProgram, type AwkProgram } from './parser.ts';
import { Interpreter, type AwkInput } from './interp.ts';
import { AwkRuntimeError, StrNum } from './values.ts';

const USAGE = `Usage: awk [Options] [Program] [file ...]

Program:
    The -f option value is the name of a file containing program text.
    If no -f option is given, a "--" ends option processing; the following
    parameters are the program text.

Options:
    -f program-file  Program  text is read from file instead of from the
                     command-line.  Multiple -f options are accepted.
    -F value         sets the field separator, FS, to value.
    -v var=value     assigns value to program variable var.
    --               unambiguous end of options.
`;

/** Escape sequences in -v values and -F, as in string constants. */
function unescape(s: string): string {
  return s.replace(/\\(n|t|r|\\|"|\/|a|b|f|v|[0-7]{1,3})/g, (_m, e: string) => {
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', '/': '/', a: '\x07', b: '\b', f: '\f', v: '\v' };
    return map[e] ?? String.fromCharCode(parseInt(e, 8));
  });
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

export const awk: Command = async (args, ctx) => {
  let fs: string | undefined;
  const assigns: [string, string][] = [];
  const sources: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const opt = a[1]!;
    if (opt === 'F' || opt === 'v' || opt === 'f' || opt === 'W') {
      const v = a.length > 2 ? a.slice(2) : args[++i];
      if (v === undefined) {
        ctx.stderr(`awk: option -${opt} lacks argument\n`);
        return 2;
      }
      if (opt === 'F') fs = v === 't' ? '\t' : unescape(v);
      else if (opt === 'v') {
        const m = ASSIGNMENT.exec(v);
        if (!m) {
          ctx.stderr(`awk: improper assignment: -v ${v}\n`);
          return 2;
        }
        assigns.push([m[1]!, unescape(m[2]!)]);
      } else if (opt === 'f') {
        const text = v === '-' ? ctx.stdin : ctx.fs.read(abs(ctx, v));
        if (text === undefined) {
          ctx.stderr(`awk: couldn't open file ${v}\n`);
          return 2;
        }
        sources.push(text);
      } else if (v === 'version' || v === 'v') {
        ctx.stdout('mawk 1.3.4 20200120\n');
        return 0;
      } else if (v === 'usage' || v === 'help') {
        ctx.stdout(USAGE);
        return 0;
      }
      continue;
    }
    if (a === '--version') {
      ctx.stdout('mawk 1.3.4 20200120\n');
      return 0;
    }
    ctx.stderr(`awk: not an option: ${a}\n`);
    return 2;
  }
  if (!sources.length) {
    const text = args[i++];
    if (text === undefined) {
      ctx.stderr(USAGE);
      return 2;
    }
    sources.push(text);
  }
  let prog: AwkProgram;
  try {
    prog = parseProgram(sources.join('\n'));
  } catch (e) {
    if (!(e instanceof AwkSyntaxError)) throw e;
    ctx.stderr(`awk: ${e.message}\n`);
    return 2;
  }
  const it = new Interpreter(prog, ctx);
  if (fs !== undefined) it.globals.set('FS', fs);
  for (const [k, v] of assigns) it.globals.set(k, new StrNum(v));
  const operands = args.slice(i);
  const argv = new Map<string, StrNum>([['0', new StrNum('awk')]]);
  operands.forEach((o, k) => argv.set(String(k + 1), new StrNum(o)));
  it.globals.set('ARGV', argv);
  it.globals.set('ARGC', operands.length + 1);
  const inputs: (AwkInput | { assign: string; value: string })[] = [];
  let sawFile = false;
  let missing: string | undefined;
  for (const o of operands) {
    const m = ASSIGNMENT.exec(o);
    if (m) {
      inputs.push({ assign: m[1]!, value: unescape(m[2]!) });
      continue;
    }
    sawFile = true;
    if (o === '-' || o === '/dev/stdin') {
      inputs.push({ name: o, text: ctx.stdin });
      continue;
    }
    const text = ctx.fs.isDir(abs(ctx, o)) ? undefined : ctx.fs.read(abs(ctx, o));
    if (text === undefined) {
      missing = o;
      break;
    }
    inputs.push({ name: o, text });
  }
  if (!sawFile) inputs.push({ name: '', text: ctx.stdin });
  try {
    // mawk opens the files as it reaches them: what comes before a missing one still runs.
    const code = await it.run(inputs);
    if (missing !== undefined) {
      ctx.stderr(`awk: cannot open ${missing} (No such file or directory)\n`);
      return 2;
    }
    return code;
  } catch (e) {
    if (e instanceof AwkRuntimeError) {
      ctx.stderr(`awk: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
};
