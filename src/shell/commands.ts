/**
 * The shell's builtins: the command table of a terminal before the host adds the commands that
 * talk to the cluster (`kubectl`, `k`, `cluster`; see src/host/terminal-commands.ts). Builtins
 * know the command contract and the terminal's files, never kubectl or the simulator.
 */
import { streamsInput, type Command } from '../command/contract.ts';
import { lazyModule } from '../command/on-demand.ts';
import type { CommandTable } from './shell.ts';
import { cat, cd, pwd } from './builtins/files.ts';
import { echo } from './builtins/echo.ts';
import { createLs } from './builtins/ls.ts';
import { clear, exit, exportCmd, falseCmd, history, sleep, trueCmd } from './builtins/misc.ts';
import { onFirstUse } from './on-demand.ts';
import { arithCode } from './shell-code.ts';
import { programsCode } from './programs-code.ts';

export { SHELL_BUILTINS } from './builtin-names.ts';

/** Builtins that do not read standard input (the shell need not wait for it to end before running them). */
const IGNORE_INPUT = [
  'cat', 'echo', 'printf', 'ls', 'cd', 'pwd', 'mkdir', 'touch', 'cp', 'mv', 'rm', 'sleep', 'export', 'unset', 'env', 'history', 'clear', 'date', 'true', ':', 'false',
  'printenv', 'readonly', 'set', 'shopt', 'getopts', 'trap', 'test', '[', 'seq', 'exit', 'logout', 'local', 'return', 'shift', 'alias', 'unalias', 'jobs', 'kill', 'wait', 'fg', 'bg', 'complete', 'compopt', 'declare', 'typeset', 'let',
];

/**
 * Builds a fresh table of the shell's builtins; `now` is the terminal's clock (cluster time),
 * for `ls -l` and `date`. `which`, `type` and `help` need the whole table, so the host adds
 * them once its own commands are in (src/host/terminal-commands.ts).
 */
export function createBuiltins(now: () => number): CommandTable {
  // Rarely used builtins load on first use (see on-demand.ts); one loader per module, so
  // `head` and `tail` share one download.
  const text = lazyModule(() => import('./builtins/text.ts'));
  const state = lazyModule(() => import('./builtins/shell-state.ts'));
  // `declare -i` gives names the integer attribute, whose assignments are arithmetic: the
  // shell's arithmetic part (shell-code.ts) comes with the declarations.
  const declarations = lazyModule(() => Promise.all([import('./builtins/declare.ts'), arithCode.load((p) => p)]).then(([m]) => m));
  const jobControl = lazyModule(() => import('./builtins/jobs.ts'));
  const completion = lazyModule(() => import('./builtins/complete.ts'));
  const testModule = lazyModule(() => import('./builtins/test.ts'));
  const fileChanges = lazyModule(() => import('./builtins/file-changes.ts'));
  const environment = lazyModule(() => import('./builtins/environment.ts'));
  const grep = streamsInput(onFirstUse('grep', () => import('./builtins/grep.ts').then((m) => m.grep)));
  const lazyText = (name: 'printf' | 'wc' | 'head' | 'tail' | 'sort' | 'uniq' | 'cut' | 'tr'): Command =>
    onFirstUse(name, () => text().then((m) => m[name]));
  // Keys and certificates come from a deterministic source: the terminal's clock and how many
  // such commands ran before, so replaying a session makes the same keys.
  let runs = 0;
  const seed = (): string => `${now()}:${runs++}`;
  const table: CommandTable = new Map<string, Command>([
    ['cat', cat],
    ['ls', createLs(now)],
    ['cd', cd],
    ['pwd', pwd],
    ['mkdir', onFirstUse('mkdir', () => fileChanges().then((m) => m.mkdir))],
    ['touch', onFirstUse('touch', () => fileChanges().then((m) => m.touch))],
    ['cp', onFirstUse('cp', () => fileChanges().then((m) => m.cp))],
    ['mv', onFirstUse('mv', () => fileChanges().then((m) => m.mv))],
    ['rm', onFirstUse('rm', () => fileChanges().then((m) => m.rm))],
    ['echo', echo],
    ['printf', lazyText('printf')],
    ['grep', grep],
    ['egrep', streamsInput((args, ctx) => grep(['-E', ...args], ctx))],
    ['wc', lazyText('wc')],
    ['head', streamsInput(lazyText('head'))],
    ['tail', lazyText('tail')],
    ['sort', lazyText('sort')],
    ['uniq', lazyText('uniq')],
    ['cut', lazyText('cut')],
    ['tr', lazyText('tr')],
    ['sed', onFirstUse('sed', () => import('./builtins/sed/sed.ts').then((m) => m.sed))],
    ['awk', onFirstUse('awk', () => import('./builtins/awk/awk.ts').then((m) => m.awk))],
    ['jq', onFirstUse('jq', () => import('./builtins/jq/jq.ts').then((m) => m.jq))],
    ['xargs', onFirstUse('xargs', () => import('./builtins/xargs.ts').then((m) => m.xargs))],
    ['tee', onFirstUse('tee', () => import('./builtins/tee.ts').then((m) => m.tee))],
    ['yes', onFirstUse('yes', () => import('./builtins/yes.ts').then((m) => m.yes))],
    ['openssl', onFirstUse('openssl', () => import('./builtins/openssl.ts').then((m) => m.createOpenssl(now, seed)))],
    ['ssh-keygen', onFirstUse('ssh-keygen', () => import('./builtins/ssh-keygen.ts').then((m) => m.createSshKeygen(seed)))],
    ['base64', onFirstUse('base64', () => import('./builtins/base64.ts').then((m) => m.base64))],
    ['sleep', sleep],
    ['watch', onFirstUse('watch', () => import('./builtins/watch.ts').then((m) => m.watch))],
    ['timeout', onFirstUse('timeout', () => import('./builtins/timeout.ts').then((m) => m.timeout))],
    ['export', exportCmd],
    ['unset', onFirstUse('unset', () => environment().then((m) => m.unset))],
    ['env', onFirstUse('env', () => environment().then((m) => m.env))],
    ['printenv', onFirstUse('printenv', () => environment().then((m) => m.printenv))],
    ['readonly', onFirstUse('readonly', () => declarations().then((m) => m.createDeclare('readonly')))],
    ['history', history],
    ['clear', clear],
    ['date', onFirstUse('date', () => import('./builtins/date.ts').then((m) => m.createDate(now)))],
    ['true', trueCmd],
    [':', trueCmd],
    ['false', falseCmd],
    ['test', onFirstUse('test', () => testModule().then((m) => m.createTest('test')))],
    ['[', onFirstUse('[', () => testModule().then((m) => m.createTest('[')))],
    ['seq', onFirstUse('seq', () => import('./builtins/seq.ts').then((m) => m.seq))],
    ['exit', exit],
    ['logout', exit],
    // `read` takes its input a line at a time as it arrives (`kubectl get pods -w | while read l`).
    ['read', streamsInput(onFirstUse('read', () => state().then((m) => m.read)))],
    ['local', onFirstUse('local', () => declarations().then((m) => m.local))],
    ['declare', onFirstUse('declare', () => declarations().then((m) => m.createDeclare('declare')))],
    ['typeset', onFirstUse('typeset', () => declarations().then((m) => m.createDeclare('typeset')))],
    ['let', onFirstUse('let', () => declarations().then((m) => m.let_))],
    ['return', onFirstUse('return', () => state().then((m) => m.returnCmd))],
    ['mapfile', onFirstUse('mapfile', () => import('./builtins/mapfile.ts').then((m) => m.createMapfile('mapfile')))],
    ['readarray', onFirstUse('readarray', () => import('./builtins/mapfile.ts').then((m) => m.createMapfile('readarray')))],
    ['getopts', onFirstUse('getopts', () => import('./builtins/getopts.ts').then((m) => m.getopts))],
    ['diff', onFirstUse('diff', () => import('./builtins/diff.ts').then((m) => m.diff))],
    ['bash', onFirstUse('bash', () => withPrograms(import('./builtins/bash.ts')).then((m) => m.bash))],
    ['trap', onFirstUse('trap', () => import('./builtins/trap.ts').then((m) => m.trap))],
    ['set', onFirstUse('set', () => import('./builtins/set.ts').then((m) => m.set))],
    ['shopt', onFirstUse('shopt', () => import('./builtins/shopt.ts').then((m) => m.shopt))],
    ['shift', onFirstUse('shift', () => state().then((m) => m.shift))],
    ['alias', onFirstUse('alias', () => state().then((m) => m.alias))],
    ['unalias', onFirstUse('unalias', () => state().then((m) => m.unalias))],
    ['source', onFirstUse('source', () => withPrograms(state()).then((m) => m.createSource('source')))],
    ['.', onFirstUse('.', () => withPrograms(state()).then((m) => m.createSource('.')))],
    ['eval', onFirstUse('eval', () => withPrograms(state()).then((m) => m.evalCmd))],
    ['jobs', onFirstUse('jobs', () => jobControl().then((m) => m.jobs))],
    ['kill', onFirstUse('kill', () => jobControl().then((m) => m.kill))],
    ['wait', onFirstUse('wait', () => jobControl().then((m) => m.wait))],
    ['fg', onFirstUse('fg', () => jobControl().then((m) => m.fg))],
    ['bg', onFirstUse('bg', () => jobControl().then((m) => m.bg))],
    ['complete', onFirstUse('complete', () => completion().then((m) => m.complete))],
    ['compopt', onFirstUse('compopt', () => completion().then((m) => m.compopt))],
  ]);
  // Commands that never read their input start at once in a loop reading a pipe (`... | while read l; do echo "$l"; done`).
  for (const name of IGNORE_INPUT) {
    const cmd = table.get(name);
    if (cmd) table.set(name, streamsInput(cmd));
  }
  return table;
}

/** `module`, once the shell's code for running other text (programs.ts: `eval`, `source`, `bash`) is loaded too. */
function withPrograms<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, programsCode.load((p) => p)]).then(([m]) => m);
}

