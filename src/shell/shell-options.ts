/**
 * The shell's `set -o` options: their names and letters as bash 5.2 lists them, the ones a
 * terminal's bash starts with, and `$-`. Kept apart from the `set` builtin, which loads on
 * first use, because the shell reads them on every command.
 */

/** bash 5.2's `set -o` names in the order it lists them, with the letter of those that have one. */
export const OPTIONS: [name: string, letter?: string][] = [
  ['allexport', 'a'], ['braceexpand', 'B'], ['emacs'], ['errexit', 'e'], ['errtrace', 'E'], ['functrace', 'T'], ['hashall', 'h'],
  ['histexpand', 'H'], ['history'], ['ignoreeof'], ['interactive-comments'], ['keyword', 'k'], ['monitor', 'm'], ['noclobber', 'C'],
  ['noexec', 'n'], ['noglob', 'f'], ['nolog'], ['notify', 'b'], ['nounset', 'u'], ['onecmd', 't'], ['physical', 'P'], ['pipefail'],
  ['posix'], ['privileged', 'p'], ['verbose', 'v'], ['vi'], ['xtrace', 'x'],
];

/** The options an interactive bash in a terminal starts with (`bash -c` has emacs and monitor off). */
export const DEFAULT_OPTIONS = ['braceexpand', 'emacs', 'hashall', 'histexpand', 'history', 'interactive-comments', 'monitor'];

/** `$-`'s letters in bash's order, then `i` and `s` for an interactive shell reading its terminal. */
const FLAG_ORDER = 'abefhikmnptuvxBCEHPT';

/** `$-`: the one-letter options that are on, as bash lists them (`himBHs` at a fresh prompt, `hBc` in `bash -c`). */
export function optionFlags(options: Set<string>, interactive = true): string {
  const on = new Set(OPTIONS.filter(([n, l]) => l && options.has(n)).map(([, l]) => l!));
  if (interactive) on.add('i');
  return [...FLAG_ORDER].filter((l) => on.has(l)).join('') + (interactive ? 's' : 'c');
}

