/**
 * What a container's first process is once its shell has started: `sh -c "sleep 1h"` runs
 * `sleep 1h` in the shell's place (busybox ash, dash and bash all exec a `-c` script's last
 * simple command instead of forking it), so `ps` shows `sleep 1h` as PID 1 and its
 * /proc/1/status is sleep's. A script with more than one command, any expansion, quoting,
 * redirection or a shell builtin keeps the shell as PID 1.
 */

const SHELLS = new Set(['sh', 'ash', 'bash', 'dash']);

/** Words the shell runs itself (builtins and keywords): the shell stays. */
const SHELL_OWN = new Set(
  'echo printf cd export set unset read test [ true false : . source eval exit return shift trap wait ulimit umask alias type command hash local if then else fi for while until do done case esac { } !'.split(
    ' ',
  ),
);

const PLAIN_WORDS = /^[\w./=:@%+,-]+(?: +[\w./=:@%+,-]+)*$/;

/** The argv of PID 1 for a container started with `argv`. */
export function firstProcessArgv(argv: readonly string[]): readonly string[] {
  const shell = (argv[0] ?? '').split('/').pop() ?? '';
  if (!SHELLS.has(shell) || argv[1] !== '-c' || argv[2] === undefined) return argv;
  const script = argv[2].trim();
  if (!PLAIN_WORDS.test(script)) return argv;
  let words = script.split(/ +/);
  if (words[0] === 'exec') words = words.slice(1);
  if (!words.length || SHELL_OWN.has(words[0]!) || words[0]!.includes('=')) return argv;
  return words;
}
