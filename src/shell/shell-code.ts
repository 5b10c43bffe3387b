/**
 * The shell's own code that only rarer input needs, loaded on first use: the executors of
 * compound commands and functions (`compound-code.ts`), bash's
 * arithmetic (`$(( ))`, subscripts, `${x:1:2}`, `declare -i`), pattern matching (globs,
 * `${x#pat}`, `case`) and brace expansion. A simple `kubectl get pods` line needs none of them, so starting a
 * terminal does not download them.
 *
 * Each part loads once per page (a module), but every wait goes through the terminal's
 * `loadCode`, so the host holds cluster time while it loads, as for a builtin that loads on
 * first use. The shell asks for what a line needs before it runs any of it (`neededCode` in
 * `code-needs.ts`), so a line runs in the same order as with the code there from the start;
 * the places that use a part also load it themselves when they find it missing (a
 * `${!ref}` naming an array element, a `$(...)`'s own commands), and the few synchronous ones
 * (`declare -i` assignments) run only after a builtin that loaded it.
 */
import type { CodeLoading } from '../command/code-loading.ts';

/** Awaits a download as the terminal's code loading (`ExecContext.loadCode`). */
export type LoadCode = CodeLoading['loadCode'];

/** A module of the shell that loads on first use. */
export interface ShellCodePart<T> {
  /** What it is, for the message when it cannot be fetched. */
  readonly name: string;
  /** The module, once loaded (in this page). */
  readonly loaded: T | undefined;
  /** Loads it (once; again after a failure), counted as `loadCode`'s loading meanwhile. */
  load(loadCode: LoadCode): Promise<T>;
  /** The loaded module; an internal error if nothing has loaded it yet. */
  now(): T;
}

/** A part loaded by `load`, at most once until it fails. */
export function shellCodePart<T>(name: string, load: () => Promise<T>): ShellCodePart<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    name,
    get loaded() {
      return loaded;
    },
    async load(loadCode) {
      if (loaded) return loaded;
      loading ??= load().then(
        (m) => (loaded = m),
        (e: unknown) => {
          loading = undefined;
          throw e;
        },
      );
      return loadCode(loading);
    },
    now() {
      if (!loaded) throw new Error(`the shell's code for ${name} is not loaded`);
      return loaded;
    },
  };
}

/** Bash's arithmetic evaluator. */
export const arithCode = shellCodePart('arithmetic', () => import('../shell-grammar/arith.ts'));

/** Glob patterns: pathname expansion, `${x#pat}`, `${x/pat/rep}`, `${x^^pat}`. */
export const globCode = shellCodePart('patterns', () => import('../command/glob-match.ts'));

/** Brace expansion (`nginx{1..3}`, `{a,b}c`). */
export const braceCode = shellCodePart('brace expansion', () => import('../shell-grammar/brace.ts'));

/** Whether `word` has an unquoted `{`, which brace expansion (braceCode) has to look at. */
export function mayHaveBraces(word: readonly { kind: string; quoted?: boolean; text?: string }[]): boolean {
  return word.some((p) => p.kind === 'lit' && !p.quoted && p.text!.includes('{'));
}

/** The message when a part cannot be fetched (the next command tries again). */
export function loadFailure(part: ShellCodePart<unknown>, e: unknown): string {
  return `bash: could not load the shell's code for ${part.name}: ${e instanceof Error ? e.message : String(e)}`;
}
