/**
 * What the shell's own builtins (`local`, `return`, `read`, `alias`, `source`, `jobs`, `kill`,
 * `wait`, `fg`...) reach of the shell running them, beyond the command contract's
 * ShellControl: functions, aliases, positional parameters and the job table. The shell hangs
 * it on the ShellControl it gives commands, under a symbol, so the contract stays as small as
 * kubectl needs it.
 */
import type { ExecContext } from '../command/contract.ts';
import type { FunctionDef } from '../shell-grammar/ast.ts';
import type { JobTable } from './jobs.ts';
import type { VariableStore } from './variables.ts';

/** A `complete` specification: `-o` options, actions (`-f`, `-A function`) and valued options by letter (`F` -> function). */
export interface CompletionSpec {
  options: Set<string>;
  actions: Set<string>;
  values: Map<string, string>;
}

export const SHELL_STATE: unique symbol = Symbol('shell state');

/** The shell's state, as its builtins see it. */
export interface ShellState {
  /** Function calls in progress (0 at the prompt). */
  readonly functionDepth: number;
  /** `source` files being read (0 at the prompt). */
  readonly sourceDepth: number;
  /** `local NAME[=VALUE]`: the variable gets its old value back when the function returns. */
  declareLocal(name: string, value: string | undefined): void;
  /** `return N`: the function (or sourced file) ends with status N once the current command returns. */
  requestReturn(status: number): void;
  /** `$?` */
  readonly status: number;
  /** `$1`, `$2`...; `shift` and `set --` change them. */
  positional: string[];
  readonly aliases: Map<string, string>;
  readonly functions: Map<string, FunctionDef>;
  readonly jobs: JobTable;
  /** `complete`'s specifications by command name, in the order they were registered. */
  readonly completions: Map<string, CompletionSpec>;
  /** The variables with their arrays and integer attributes, as `declare`, `unset`, `read -a` and `let` change them. */
  readonly variables: VariableStore;
  /** `trap` actions by signal (`EXIT`, `SIGINT`, `ERR`...). */
  readonly traps: Map<string, string>;
  /** The options `set` turns on and off, by their `set -o` names (`errexit`, `pipefail`...). */
  readonly options: Set<string>;
  /** The `shopt` options that are on (`nullglob`, `nocasematch`...). */
  readonly shopts: Set<string>;
  /** Names marked for export (`export`, `declare -x`, the initial environment): `declare -p` shows them with `-x`. */
  readonly exported: Set<string>;
  /** The items of a compound assignment's text `(a "b c" [k]=v)`, expanded as an assignment would. */
  compoundItems(text: string, ctx: ExecContext): Promise<{ key?: string; value: string }[]>;
  /**
   * Runs `text` in a new bash started as a program (`bash -c`): exported variables only, no
   * functions, aliases or traps, `options` on, `args` as `$1`...; resolves to its exit status.
   */
  runProgram(text: string, arg0: string, args: string[], options: Set<string>, ctx: ExecContext, fromFile?: boolean): Promise<number>;
  /** `eval`: runs `text` in this shell, as if typed where the eval stands (its `return` and `exit` act here). */
  evaluate(text: string, ctx: ExecContext): Promise<number>;
  /** Runs `text` (the file `name`) in this shell, with `args` as positional parameters if given. */
  source(name: string, text: string, args: string[] | undefined, ctx: ExecContext): Promise<number>;
}

/** The state of the shell running `ctx`'s command; undefined outside the course shell. */
export function shellState(ctx: ExecContext): ShellState | undefined {
  const control = ctx.shell as { [SHELL_STATE]?: ShellState } | undefined;
  return control?.[SHELL_STATE];
}
