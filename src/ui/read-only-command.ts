/**
 * Which command lines can be left out of a session's journal because replaying them would
 * change nothing: they neither change the cluster nor the terminal's files or shell state
 * (`kubectl get pods`, `cat pod.yaml`). The test is deliberately narrow: one simple command,
 * no redirection, expansion, pipeline or assignment, and a command known to only read.
 * Anything else is journaled, which is always safe.
 */

/** kubectl verbs that only read (`config` is left out: `config set-context` writes). */
const READING_VERBS = new Set(['get', 'describe', 'logs', 'explain', 'api-resources', 'api-versions', 'version', 'cluster-info', 'top', 'events']);
/** Builtins that only read, when given no redirection. */
const READING_BUILTINS = new Set(['ls', 'cat', 'pwd', 'clear', 'history', 'help', 'which', 'type', 'true']);

/** True when `line` only reads: running it again on replay could not change what follows. */
export function isReadOnlyLine(line: string): boolean {
  // Any shell syntax beyond plain words (quotes, expansions, redirections, lists, pipes,
  // subshells, comments, globs) might write or change the shell: keep such lines.
  if (!line.trim() || /[^A-Za-z0-9_\-./:,=@+ \t]/.test(line)) return false;
  const words = line.trim().split(/[ \t]+/);
  const [cmd, verb] = words;
  if (cmd === undefined || cmd.includes('=')) return false;
  if (cmd === 'kubectl' || cmd === 'k') {
    if (verb === undefined || !READING_VERBS.has(verb)) return false;
    // `history -c` clears history, not the journal's concern; kubectl flags never write here.
    return true;
  }
  if (cmd === 'history') return words.length === 1;
  return READING_BUILTINS.has(cmd);
}
