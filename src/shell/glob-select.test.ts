/**
 * Globs across directories (`*` then `/x`, globstar's `**`), failglob, extended patterns
 * (extglob) and `select`. The expected outputs are what GNU bash 5.2 prints for the same
 * lines (run in a directory holding the same files).
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import { runTranscript } from '../cli/transcript.ts';
import { createInteractiveShell } from '../host/interactive-terminal.ts';
import { FakeTerminal } from './fake-terminal.ts';
import { createMemoryFS } from './fs.ts';

/** What `lines` print, without the echoed command lines. */
async function out(lines: string): Promise<string> {
  return (await runTranscript(lines, { cluster: new Cluster({ seed: 1 }) }))
    .split('\n')
    .filter((l) => !l.startsWith('$ ') && !l.startsWith('> '))
    .join('\n');
}

const FILES = 'mkdir -p k/base k/prod .git; touch k/base/a.yaml k/prod/b.yaml k/x.yml top.yaml .git/c.yaml k/.h.yaml\n';

describe('pathname expansion over directories', () => {
  it('matches each component in turn, and ** with globstar at any depth', async () => {
    const lines = [
      'echo */*.yml k/*/*.yaml */',
      'echo **/*.yaml',
      'shopt -s globstar',
      'echo **/*.yaml',
      'echo k/**',
      'echo **/',
      'shopt -s dotglob',
      'echo **/*.yaml',
    ];
    expect(await out(FILES + lines.join('\n'))).toBe(
      [
        'k/x.yml k/base/a.yaml k/prod/b.yaml k/',
        '**/*.yaml',
        'k/base/a.yaml k/prod/b.yaml top.yaml',
        'k/ k/base k/base/a.yaml k/prod k/prod/b.yaml k/x.yml',
        'k/ k/base/ k/prod/',
        '.git/c.yaml k/.h.yaml k/base/a.yaml k/prod/b.yaml top.yaml',
        '',
      ].join('\n'),
    );
  });

  it('with failglob, a pattern that matches nothing ends the command line (even with nullglob)', async () => {
    const lines = ['shopt -s failglob', 'ls nothing*.yaml; echo after', 'echo $?', 'shopt -s nullglob', 'echo [z]*'];
    expect(await out(lines.join('\n'))).toBe('bash: no match: nothing*.yaml\n1\nbash: no match: [z]*\n');
  });
});

describe('extended patterns', () => {
  it('match in globs, ${var...} operators, case and [[ ]]', async () => {
    const lines = [
      'shopt -s extglob',
      'echo k/*.@(yaml|yml) !(k|top*) k/+([a-z]).yml k/?(x).yml k/*(x|y).yml',
      'f=deploy-web.yaml; echo ${f%.@(yaml|yml)} ${f#*(deploy-)} ${f//+([a-z])/W} ${f/!(*-)/R}',
      'for v in web web-1 x ab; do case $v in @(web|x)) echo "$v: one";; web-+([0-9])) echo "$v: numbered";; !(a*)) echo "$v: other";; *) echo "$v: a";; esac; done',
      '[[ abc == @(x|a)*(b)c ]] && echo yes; [[ abc == !(abc) ]] || echo no',
    ];
    expect(await out(FILES + lines.join('\n'))).toBe(
      ['k/x.yml !(k|top*) k/x.yml k/x.yml k/x.yml', 'deploy-web deploy-web.yaml W-W.W R', 'web: one', 'web-1: numbered', 'x: one', 'ab: a', 'yes', 'no', ''].join('\n'),
    );
  });

  it('are read only when extglob was on before the line was read; [[ ]] always reads them', async () => {
    expect(await out('[[ ab == @(a|b)b ]] && echo y\nshopt -s extglob; echo @(a|b)\nx=ab; echo ${x#@(a)}')).toBe(
      "y\nbash: syntax error near unexpected token `('\nab\n",
    );
  });

  it('in a script, apply from the line after shopt -s extglob', async () => {
    const script = 'shopt -s extglob\\ncase ab in @(a|b)b) echo yes;; esac\\necho $LINENO';
    expect(await out(`printf '${script}\\n' > s.sh; bash s.sh`)).toBe('yes\n3\n');
    expect(await out(`printf 'shopt -s extglob; echo @(a|b)\\n' > s.sh; bash s.sh`)).toBe(
      "s.sh: line 1: syntax error near unexpected token `('\ns.sh: line 1: `shopt -s extglob; echo @(a|b)'\n",
    );
  });
});

describe('select', () => {
  it('shows the menu and PS3 on stderr, sets NAME and REPLY, and ends at the end of input', async () => {
    const script = 'select x in apple banana "c d"; do echo "got [$x] [$REPLY]"; done; echo rc=$?';
    expect(await out(`printf '2\\n\\nfoo\\n9\\n1\\n' | { ${script}; } 2>e; cat e`)).toBe(
      [
        'got [banana] [2]',
        'got [] [foo]',
        'got [] [9]',
        'got [apple] [1]',
        '',
        'rc=1',
        '1) apple',
        '2) banana',
        '3) c d',
        '#? #? 1) apple',
        '2) banana',
        '3) c d',
        '#? #? #? #? ',
      ].join('\n') + '\n',
    );
  });

  it('lays a long menu out in columns down the rows, as bash does', async () => {
    expect(await out(`PS3="pick: "; echo 3 | { select x in $(seq 1 30); do echo $x; break; done; } 2>e; echo rc=$?; cat e`)).toBe(
      [
        '3',
        'rc=0',
        '1) 1\t 4) 4\t 7) 7\t10) 10\t13) 13\t16) 16\t19) 19\t22) 22\t25) 25\t28) 28',
        '2) 2\t 5) 5\t 8) 8\t11) 11\t14) 14\t17) 17\t20) 20\t23) 23\t26) 26\t29) 29',
        '3) 3\t 6) 6\t 9) 9\t12) 12\t15) 15\t18) 18\t21) 21\t24) 24\t27) 27\t30) 30',
        'pick: ',
      ].join('\n') + '\n',
    );
  });

  it('reads the answer typed at the terminal', async () => {
    const term = new FakeTerminal(80);
    createInteractiveShell({ terminal: term, cluster: new Cluster({ seed: 1 }), fs: createMemoryFS({}), kubectl: { run: async () => 0, complete: () => [] } });
    term.type('select c in red green; do echo "[$c]"; break; done\r');
    for (let i = 0; i < 100 && !term.screen().includes('#?'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(term.screen()).toBe('$ select c in red green; do echo "[$c]"; break; done\n1) red\n2) green\n#?');
    term.type('2\r');
    for (let i = 0; i < 100 && !term.screen().endsWith('\n$'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(term.screen()).toBe('$ select c in red green; do echo "[$c]"; break; done\n1) red\n2) green\n#? 2\n[green]\n$');
  });

  it('at the keyboard, shows the menu again for an empty answer and ends at Ctrl-D', async () => {
    const term = new FakeTerminal(80);
    createInteractiveShell({ terminal: term, cluster: new Cluster({ seed: 1 }), fs: createMemoryFS({}), kubectl: { run: async () => 0, complete: () => [] } });
    const settle = async (done: () => boolean): Promise<void> => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    term.type('select c in red green; do echo "[$c]"; done; echo rc=$?\r');
    await settle(() => term.screen().endsWith('#?'));
    term.type('\r');
    await settle(() => term.screen().split('#?').length === 3);
    term.type('x\r');
    await settle(() => term.screen().split('#?').length === 4);
    term.type('\x04');
    await settle(() => term.screen().endsWith('\n$'));
    expect(term.screen()).toBe('$ select c in red green; do echo "[$c]"; done; echo rc=$?\n1) red\n2) green\n#?\n1) red\n2) green\n#? x\n[]\n#?\nrc=1\n$');
  });
});
