/** Helpers shared by the builtins: option parsing in the GNU style, reading inputs, messages. */
import type { ExecContext, InputStream } from '../../command/contract.ts';
import { resolvePath } from '../path.ts';

export interface ParsedArgs {
  /** Flag letter (or long name) -> value (`true` for switches); repeated values keep the last. */
  flags: Map<string, string | true>;
  /** Every value a value-taking option was given, in order (`grep -e a -e b`). */
  repeated: Map<string, string[]>;
  operands: string[];
}

export interface FlagSpec {
  /** Single-letter switches, e.g. `'lan'`. */
  bool?: string;
  /** Single-letter options that take a value, e.g. `'nd'`. */
  value?: string;
  /** Long options: name -> the letter it means (or itself). Names ending in `=` take a value. */
  long?: Record<string, string>;
  /** `-5` means `-n 5` (head, tail). */
  numericShorthand?: string;
}

/**
 * Parses `args` GNU-style (`-la`, `-n5`, `-n 5`, `--lines=5`, `--`). On a bad option writes
 * `CMD: invalid option -- 'x'` plus the `Try` line and returns undefined.
 */
export function parseArgs(cmd: string, args: string[], spec: FlagSpec, ctx: ExecContext): ParsedArgs | undefined {
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  const setValue = (letter: string, v: string) => {
    flags.set(letter, v);
    repeated.set(letter, [...(repeated.get(letter) ?? []), v]);
  };
  const operands: string[] = [];
  const bool = spec.bool ?? '';
  const value = spec.value ?? '';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      for (const a of args.slice(i + 1)) operands.push(a);
      break;
    }
    if (a.startsWith('--') && spec.long) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const withValue = spec.long[name + '='];
      const letter = withValue ?? spec.long[name];
      if (letter === undefined) {
        ctx.stderr(`${cmd}: unrecognized option '${a}'\nTry '${cmd} --help' for more information.\n`);
        return undefined;
      }
      if (withValue !== undefined) {
        const v = eq >= 0 ? a.slice(eq + 1) : args[++i];
        if (v === undefined) {
          ctx.stderr(`${cmd}: option '--${name}' requires an argument\nTry '${cmd} --help' for more information.\n`);
          return undefined;
        }
        setValue(letter, v);
      } else flags.set(letter, true);
      continue;
    }
    if (a.length > 1 && a[0] === '-') {
      if (spec.numericShorthand && /^-\d+$/.test(a)) {
        flags.set(spec.numericShorthand, a.slice(1));
        continue;
      }
      for (let k = 1; k < a.length; k++) {
        const c = a[k]!;
        if (value.includes(c)) {
          const v = k + 1 < a.length ? a.slice(k + 1) : args[++i];
          if (v === undefined) {
            ctx.stderr(`${cmd}: option requires an argument -- '${c}'\nTry '${cmd} --help' for more information.\n`);
            return undefined;
          }
          setValue(c, v);
          break;
        }
        if (!bool.includes(c)) {
          ctx.stderr(`${cmd}: invalid option -- '${c}'\nTry '${cmd} --help' for more information.\n`);
          return undefined;
        }
        flags.set(c, true);
      }
      continue;
    }
    operands.push(a);
  }
  return { flags, repeated, operands };
}

/** Absolute path of `p` seen from the command's working directory. */
export function abs(ctx: ExecContext, p: string): string {
  return resolvePath(ctx.cwd, p, ctx.env.HOME);
}

/**
 * The texts a filter reads: each operand file (or `-` for stdin), or stdin when there are none.
 * Missing files are reported as `CMD: NAME: No such file or directory` (or via `report`).
 */
export function readInputs(
  cmd: string,
  operands: string[],
  ctx: ExecContext,
  report: (name: string, why: string) => string = (name, why) => `${cmd}: ${name}: ${why}\n`,
): { inputs: { name: string; text: string }[]; failed: boolean } {
  if (operands.length === 0) return { inputs: [{ name: '(standard input)', text: ctx.stdin }], failed: false };
  const inputs: { name: string; text: string }[] = [];
  let failed = false;
  for (const name of operands) {
    if (name === '-') {
      inputs.push({ name: '(standard input)', text: ctx.stdin });
      continue;
    }
    const path = abs(ctx, name);
    if (ctx.fs.isDir(path)) {
      ctx.stderr(report(name, 'Is a directory'));
      failed = true;
      continue;
    }
    const text = ctx.fs.read(path);
    if (text === undefined) {
      ctx.stderr(report(name, 'No such file or directory'));
      failed = true;
      continue;
    }
    inputs.push({ name, text });
  }
  return { inputs, failed };
}

/** All of a streamed input, once its writer has finished. */
export async function readAll(input: InputStream): Promise<string> {
  const chunks: string[] = [];
  for (let chunk = await input.read(); chunk !== null; chunk = await input.read()) chunks.push(chunk);
  return chunks.join('');
}

/** Splits text into lines without the trailing empty piece a final newline leaves. */
export function lines(text: string): string[] {
  if (text === '') return [];
  const ls = text.split('\n');
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

/** Joins lines back, each ending in a newline. */
export function unlines(ls: string[]): string {
  return ls.length ? ls.join('\n') + '\n' : '';
}
