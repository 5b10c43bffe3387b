/**
 * Flag definitions and pflag-style parsing. Each command's flags are read from its real help
 * text (the `Options:` block lists `-n, --namespace='':`), so the set of flags, their shorthands
 * and their types are exactly kubectl's. The lines come from the flag tables generated from the
 * texts (help/flag-lines.ts), so parsing does not need the full texts loaded; those of a command
 * that loads on first use are read once its flag lines have loaded (cli/command-flags.ts).
 */
import { flagLinesOf } from '../help/flag-lines.ts';

export type FlagKind = 'bool' | 'string' | 'int' | 'list' | 'duration';

export interface FlagSpec {
  name: string;
  short?: string;
  kind: FlagKind;
  /** Default as the help text prints it, unquoted. */
  def: string;
  /** Value used when the flag is given without `=value` (pflag NoOptDefVal). */
  noOpt?: string;
}

/** Flags that take an optional value, as kubectl declares them (NoOptDefVal). */
const NO_OPT: Record<string, string> = { cascade: 'background', 'dry-run': 'unchanged' };

const specCache = new Map<string, FlagSpec[]>();

/**
 * The flags listed in the help text of `path` (`'get'`, `'create configmap'`, `'options'`).
 * Throws when the command's flag lines have not loaded (await `loadCommandFlags` first).
 */
export function flagsOf(path: string): FlagSpec[] {
  const specs = knownFlagsOf(path);
  if (!specs) throw new Error(`the flags of "kubectl ${path}" are not loaded (await loadCommandFlags() first)`);
  return specs;
}

/** The flags of `path` if its flag lines are there, undefined while they are loading. */
export function knownFlagsOf(path: string): FlagSpec[] | undefined {
  const cached = specCache.get(path);
  if (cached) return cached;
  const text = flagLinesOf(path);
  if (text === undefined) return undefined;
  const specs: FlagSpec[] = [];
  const re = /^(?:-(\w), )?--([\w-]+)=(.*)$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = m[2]!;
    const raw = m[3]!;
    const def = raw.startsWith("'") && raw.endsWith("'") ? raw.slice(1, -1) : raw;
    let kind: FlagKind = 'string';
    if (raw === 'true' || raw === 'false') kind = 'bool';
    else if (raw.startsWith('[')) kind = 'list';
    else if (/^-?\d+$/.test(raw)) kind = 'int';
    else if (/^\d+(ms|s|m|h)$/.test(raw)) kind = 'duration';
    specs.push({ name, short: m[1], kind, def: kind === 'list' ? '' : def, noOpt: NO_OPT[name] });
  }
  specCache.set(path, specs);
  return specs;
}

/** The global flags every command accepts (`kubectl options`). */
export function globalFlags(): FlagSpec[] {
  return flagsOf('options');
}

/** A usage problem found while parsing flags; printed with the `See '... --help'` hint. */
export class FlagError extends Error {}

export interface ParsedArgs {
  positional: string[];
  /** Number of positional arguments before `--`, or -1 when there was no `--`. */
  dashAt: number;
  values: Map<string, string[]>;
  help: boolean;
}

function lookup(specs: FlagSpec[], name: string, short: boolean): FlagSpec | undefined {
  return specs.find((s) => (short ? s.short === name : s.name === name));
}

function checkValue(spec: FlagSpec, value: string): void {
  const bad = (fn: string) =>
    new FlagError(`invalid argument "${value}" for "${spec.short ? `-${spec.short}, ` : ''}--${spec.name}" flag: ${fn}: parsing "${value}": invalid syntax`);
  if (spec.kind === 'bool' && !/^(1|0|t|f|T|F|true|false|TRUE|FALSE|True|False)$/.test(value)) throw bad('strconv.ParseBool');
  if (spec.kind === 'int' && !/^[-+]?\d+$/.test(value)) throw bad('strconv.ParseInt');
  if (spec.kind === 'int' && (BigInt(value) > 9223372036854775807n || BigInt(value) < -9223372036854775808n)) {
    throw new FlagError(`invalid argument "${value}" for "${spec.short ? `-${spec.short}, ` : ''}--${spec.name}" flag: strconv.ParseInt: parsing "${value}": value out of range`);
  }
  if (spec.kind === 'duration' && !/^([-+]?\d+(\.\d+)?(ns|us|ms|s|m|h))+$|^0$/.test(value)) {
    throw new FlagError(`invalid argument "${value}" for "--${spec.name}" flag: time: invalid duration "${value}"`);
  }
}

/**
 * Parses `args` as pflag does with interspersed flags: `--flag=v`, `--flag v`, `-n v`, `-nv`,
 * `-n=v`, grouped bool shorthands (`-it`), bare bools, and `--` ending flag parsing.
 * Throws FlagError for unknown flags and missing or malformed values.
 */
export function parseArgs(args: string[], specs: FlagSpec[]): ParsedArgs {
  const out: ParsedArgs = { positional: [], dashAt: -1, values: new Map(), help: false };
  const set = (spec: FlagSpec, v: string) => {
    checkValue(spec, v);
    const list = out.values.get(spec.name) ?? [];
    list.push(v);
    out.values.set(spec.name, list);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.dashAt = out.positional.length;
      out.positional.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (name === 'help') {
        out.help = true;
        continue;
      }
      const spec = lookup(specs, name, false);
      if (!spec) throw new FlagError(`unknown flag: --${name}`);
      if (eq >= 0) set(spec, a.slice(eq + 1));
      else if (spec.kind === 'bool') set(spec, 'true');
      else if (spec.noOpt !== undefined) set(spec, spec.noOpt);
      else if (i + 1 < args.length) set(spec, args[++i]!);
      else throw new FlagError(`flag needs an argument: --${name}`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (c === 'h') {
          out.help = true;
          continue;
        }
        const spec = lookup(specs, c, true);
        if (!spec) throw new FlagError(`unknown shorthand flag: '${c}' in ${a}`);
        const rest = a.slice(j + 1);
        if (rest.startsWith('=')) {
          set(spec, rest.slice(1));
          break;
        }
        if (spec.kind === 'bool') {
          set(spec, 'true');
          continue;
        }
        if (rest) set(spec, rest);
        else if (spec.noOpt !== undefined) set(spec, spec.noOpt);
        else if (i + 1 < args.length) set(spec, args[++i]!);
        else throw new FlagError(`flag needs an argument: '${c}' in ${a}`);
        break;
      }
      continue;
    }
    out.positional.push(a);
  }
  return out;
}

/** Typed access to parsed flag values, falling back to the declared defaults. */
export class Flags {
  private parsed: ParsedArgs;
  private specs: FlagSpec[];

  constructor(parsed: ParsedArgs, specs: FlagSpec[]) {
    this.parsed = parsed;
    this.specs = specs;
  }

  /** Whether the user gave the flag at all. */
  has(name: string): boolean {
    return this.parsed.values.has(name);
  }

  str(name: string): string {
    const v = this.parsed.values.get(name);
    if (v?.length) return v[v.length - 1]!;
    return this.specs.find((s) => s.name === name)?.def ?? '';
  }

  bool(name: string): boolean {
    return /^(1|t|T|true|TRUE|True)$/.test(this.str(name));
  }

  int(name: string): number {
    return parseInt(this.str(name), 10) || 0;
  }

  /** Every value given (StringArray semantics: no comma splitting). */
  all(name: string): string[] {
    return this.parsed.values.get(name) ?? [];
  }

  /** Every value, comma-split (StringSlice semantics, as `-f a.yaml,b.yaml`). */
  list(name: string): string[] {
    return this.all(name).flatMap((v) => v.split(',')).filter((v) => v !== '');
  }

  /** Duration flag in milliseconds (`30s`, `1m30s`, `500ms`). */
  duration(name: string): number {
    return parseDuration(this.str(name));
  }
}

/** Go duration string to milliseconds. */
export function parseDuration(s: string): number {
  let ms = 0;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)(ns|us|ms|s|m|h)/g)) ms += parseFloat(m[1]!) * units[m[2]!]!;
  return ms;
}
