/**
 * `trap`: listings, EXIT in subshells, ERR, and INT on Ctrl-C. Expected outputs are what bash
 * 5.2.15 prints (tests/support/bash-oracle.ts checks them against the real bash when present).
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import { createTerminalCommands } from '../host/terminal-commands.ts';
import { InterruptController, clockSleep } from '../command/interrupt.ts';
import { createMemoryFS } from './fs.ts';
import { Shell } from './shell.ts';
import { describeBashCases, type BashCase } from '../../tests/support/bash-oracle.ts';

const TRAP_CASES: BashCase[] = [
  [
    'trap "echo bye" EXIT; trap "echo int" INT 15; trap "echo e" ERR; trap -p; trap - INT; trap -p INT; trap - EXIT',
    "trap -- 'echo bye' EXIT\ntrap -- 'echo int' SIGINT\ntrap -- 'echo int' SIGTERM\ntrap -- 'echo e' ERR\n",
  ],
  ['trap "x" FOO; echo $?; trap -- "" TERM; trap -p TERM; trap "echo x" SIGHUP 9 kill; trap', "bash: trap: FOO: invalid signal specification\n1\ntrap -- '' SIGTERM\ntrap -- 'echo x' SIGHUP\ntrap -- 'echo x' SIGKILL\ntrap -- '' SIGTERM\n"],
  [
    "trap -l | head -2; trap -l | wc -l; trap -l | tail -1 | tr '\\t' '|'",
    ' 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\n 6) SIGABRT\t 7) SIGBUS\t 8) SIGFPE\t 9) SIGKILL\t10) SIGUSR1\n13\n63) SIGRTMAX-1|64) SIGRTMAX|\n',
  ],
  ['(trap "echo sub" EXIT; echo in); (set -e; trap "echo cleanup \\$?" EXIT; false; echo no); echo $?', 'in\nsub\ncleanup 1\n1\n'],
  ['(trap "echo t; exit 7" EXIT; exit 3); echo $?; x=$(trap "echo in-sub" EXIT; echo val); echo "[$x]"', 't\n7\n[val\nin-sub]\n'],
  ['trap "echo e \\$?" ERR; (exit 4); f(){ return 2; }; f || true; if false; then :; fi; false && true; trap - ERR', 'e 4\n'],
  ['trap -z', 'bash: trap: -z: invalid option\ntrap: usage: trap [-lp] [[arg] signal_spec ...]\n'],
  [
    'trap "echo dbg \\$BASH_COMMAND" DEBUG; echo $(echo sub); f(){ echo inf; }; f; for i in 1; do :; done; x=$(true); case a in a) ;; esac; (( 1 )); trap - DEBUG; echo x',
    'dbg echo $(echo sub)\nsub\ndbg f\ninf\ndbg for i in 1\ndbg :\ndbg x=$(true)\ndbg case a in\ndbg (( 1 ))\ndbg trap - DEBUG\nx\n',
  ],
  ['trap \'echo "err $BASH_COMMAND"\' ERR; f(){ false; true; }; f; (false); x=$(false); echo end', 'err ( false )\nerr x=$(false)\nend\n'],
  ['set -E; trap "echo err" ERR; (false); f(){ false; }; f; echo end', 'err\nerr\nerr\nerr\nend\n'],
  [
    'trap "echo ret \\$?" RETURN; f(){ return 3; }; f; echo "echo in" > r.sh; source r.sh; set -T; f; g(){ false; return 4; }; g; echo $?; set +T; h(){ trap "echo hret" RETURN; }; h; f; echo end',
    'in\nret 0\nret 0\nret 1\n4\nhret\nend\n',
  ],
  ['x=$(false); echo $?; x=$(exit 3) y=2; echo $?; y=$(exit 4) z=$(true); echo $?; $(exit 5); echo $?; set -e; x=$(false); echo no', '1\n3\n0\n5\n'],
];

describeBashCases('trap, as in bash 5.2', TRAP_CASES);

describe('trap INT', () => {
  it('runs its action when Ctrl-C stops the line', async () => {
    const cluster = new Cluster({ seed: 1 });
    const shell = new Shell({
      fs: createMemoryFS(),
      commands: createTerminalCommands(cluster, { run: async () => 0, complete: () => [] }),
      sleep: (ms, i) => clockSleep(cluster.clock, ms, i),
      yieldToHost: () => {
        turns++;
        return new Promise((r) => setImmediate(r));
      },
    });
    let turns = 0;
    // The loop's code may load first: press Ctrl-C once the loop has yielded a few times.
    const running = async (): Promise<void> => {
      const from = turns;
      for (let i = 0; i < 500 && turns < from + 3; i++) await new Promise((r) => setTimeout(r, 10));
    };
    let out = '';
    const write = (t: string): void => void (out += t);
    await shell.run('trap "echo caught" INT', { interrupt: new InterruptController(), write });
    const interrupt = new InterruptController();
    const done = shell.run('while true; do :; done; echo not-reached', { interrupt, write });
    await running();
    interrupt.trigger();
    await done;
    expect(out).toBe('caught\n');
    await shell.run('trap - INT', { interrupt: new InterruptController(), write });
    const again = new InterruptController();
    const second = shell.run('while true; do :; done', { interrupt: again, write });
    await running();
    again.trigger();
    await second;
    expect(out).toBe('caught\n');
  });
});
