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

/** bash 5.2's `shopt` names, in the order it lists them. */
export const SHOPT_NAMES = [
  'autocd', 'assoc_expand_once', 'cdable_vars', 'cdspell', 'checkhash', 'checkjobs', 'checkwinsize', 'cmdhist',
  'compat31', 'compat32', 'compat40', 'compat41', 'compat42', 'compat43', 'compat44', 'complete_fullquote',
  'direxpand', 'dirspell', 'dotglob', 'execfail', 'expand_aliases', 'extdebug', 'extglob', 'extquote', 'failglob',
  'force_fignore', 'globasciiranges', 'globskipdots', 'globstar', 'gnu_errfmt', 'histappend', 'histreedit',
  'histverify', 'hostcomplete', 'huponexit', 'inherit_errexit', 'interactive_comments', 'lastpipe', 'lithist',
  'localvar_inherit', 'localvar_unset', 'login_shell', 'mailwarn', 'no_empty_cmd_completion', 'nocaseglob',
  'nocasematch', 'noexpand_translation', 'nullglob', 'patsub_replacement', 'progcomp', 'progcomp_alias', 'promptvars',
  'restricted_shell', 'shift_verbose', 'sourcepath', 'varredir_close', 'xpg_echo',
];

/** The `shopt` options an interactive bash 5.2 starts with. */
export const DEFAULT_SHOPTS = [
  'checkwinsize', 'cmdhist', 'complete_fullquote', 'expand_aliases', 'extquote', 'force_fignore', 'globasciiranges',
  'globskipdots', 'hostcomplete', 'interactive_comments', 'patsub_replacement', 'progcomp', 'promptvars', 'sourcepath',
];
