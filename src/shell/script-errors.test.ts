/**
 * Scripts, `bash -c` and sourced files: bash's `NAME: line N: ` before its messages, syntax
 * errors after the commands before them have run, and `$LINENO`. Expected outputs are what
 * bash 5.2.15 prints; the oracle shortens `bash: line N: ` to `bash: `, so cases that keep it
 * are checked against the recorded text only.
 */
import { describe, expect, it } from 'vitest';
import { describeBashCases, simOut, type BashCase } from '../../tests/support/bash-oracle.ts';

const CASES: BashCase[] = [
  ["printf 'echo a\\nfoo\\n' > s.sh; source s.sh", 'a\ns.sh: line 2: foo: command not found\n'],
  ["printf 'echo a\\nif\\n' > s.sh; source s.sh; echo $?", 'a\ns.sh: line 3: syntax error: unexpected end of file\n2\n'],
  ["printf 'echo a\\n\\nfi\\n' > s.sh; bash s.sh; echo $?", "a\ns.sh: line 3: syntax error near unexpected token `fi'\ns.sh: line 3: `fi'\n2\n"],
  [
    "printf 'f(){\\n  nosuch\\n}\\necho $LINENO\\nf\\ncd /nonexist\\nset -u\\necho $zz\\necho after\\n' > l.sh; bash l.sh; echo $?",
    '4\nl.sh: line 2: nosuch: command not found\nl.sh: line 6: cd: /nonexist: No such file or directory\nl.sh: line 8: zz: unbound variable\n1\n',
  ],
  ["bash -c 'echo ok; if then'; echo $?", "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `echo ok; if then'\n2\n"],
  ["bash -c 'f(){ nosuch; }; f'; bash -c 'nosuch; true' myname", 'environment: line 1: nosuch: command not found\nmyname: line 1: nosuch: command not found\n'],
  ["bash -c $'echo $LINENO; (echo $LINENO)\\necho $LINENO $(echo $LINENO)'", '1\n1\n2 2\n'],
  ["bash -c 'if' myname", 'myname: -c: line 2: syntax error: unexpected end of file\n'],
];

describeBashCases('messages of scripts and bash -c, as in bash 5.2', CASES);

describe('bash -c messages keep their line', () => {
  it('says bash: line N: as bash 5.2 does', async () => {
    expect(await simOut("bash -c $'true\\nnosuch'; bash -c 'shopt -s foo'; bash -c 'x=$(nosuch)'")).toBe(
      'bash: line 2: nosuch: command not found\nbash: line 1: shopt: foo: invalid shell option name\nbash: line 1: nosuch: command not found\n',
    );
  });
  it('counts the lines read at the prompt for $LINENO, as an interactive bash', async () => {
    const out = await simOut('echo $LINENO\necho $LINENO; echo $LINENO\nfor i in 1\ndo echo $LINENO\ndone\necho $LINENO $(echo $LINENO)');
    expect(out.split('\n').filter((l) => !l.startsWith('> ')).join('\n')).toBe('1\n2\n2\n4\n6 1\n');
  });
});
