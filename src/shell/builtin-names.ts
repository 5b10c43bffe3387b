/**
 * The commands bash itself would run as builtins. `type` calls them shell builtins, and they see
 * every shell variable (`read` uses IFS, `cd` HOME), while any other command, as a program run
 * by bash, sees only the exported ones (`export`, `declare -x`, `NAME=value cmd`).
 */
export const SHELL_BUILTINS = new Set([
  'cd', 'pwd', 'echo', 'printf', 'export', 'unset', 'history', 'exit', 'help', 'true', 'false', 'type', ':', 'test', '[', 'break', 'continue',
  'read', 'local', 'return', 'shift', 'alias', 'unalias', 'source', '.', 'jobs', 'kill', 'wait', 'fg', 'bg', 'complete', 'compopt',
  'declare', 'typeset', 'let', 'readonly', 'set', 'getopts', 'mapfile', 'readarray', 'trap', 'eval', 'shopt',
]);
