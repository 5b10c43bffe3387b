/**
 * `set -x` traces of every command kind, `eval`, `$0` in `bash -c` and `bash FILE`, and the
 * shell's computed variables. Expected outputs are what bash 5.2.15 prints (checked against the
 * real bash where it is installed, see tests/support/bash-oracle.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeBashCases, simOut, type BashCase } from '../../tests/support/bash-oracle.ts';

const CASES: BashCase[] = [
  [
    'set -x; a=1; [[ $a == 1 ]]; (( a++ )); for i in 1 2; do :; done; case $a in 2) echo two;; esac; f(){ echo f; }; f; echo $(echo inner)',
    '+ a=1\n+ [[ 1 == 1 ]]\n+ ((  a++  ))\n+ for i in 1 2\n+ :\n+ for i in 1 2\n+ :\n+ case $a in\n+ echo two\ntwo\n+ f\n+ echo f\nf\n++ echo inner\n+ echo inner\ninner\n',
  ],
  [
    'set -x; x="a b"; for i in $x "c d"; do :; done; case "$x" in a*) ;; esac; [[ $x == a* && -n $x ]]; [[ ! -z "$x" || $x =~ ^a ]]; ((x=1+2)); for ((i=0;i<1;i++)); do :; done',
    "+ x='a b'\n" + '+ for i in $x "c d"\n+ :\n'.repeat(3) + '+ case "$x" in\n+ [[ a b == a* ]]\n+ [[ -n a b ]]\n+ [[ ! -z a b ]]\n+ (( x=1+2 ))\n+ (( i=0 ))\n+ (( i<1 ))\n+ :\n+ (( i++ ))\n+ (( i<1 ))\n',
  ],
  ['set -x; set -- a; for z; do :; done; [[ a ]]; [[ ! a && -z "" ]]; x=1; [[ $x -eq 1 ]]', '+ set -- a\n+ for z in "$@"\n+ :\n+ [[ -n a ]]\n+ [[ ! -n a ]]\n+ x=1\n+ [[ 1 -eq 1 ]]\n'],
  ['set -x; n=0; [[ $((n+=1)) == 1 ]]; [[ $(echo a) == a && $(echo 1) -eq 1 ]]', '+ n=0\n+ [[ 1 == 1 ]]\n++ echo a\n+ [[ a == a ]]\n++ echo 1\n+ [[ 1 -eq 1 ]]\n'],
  ["PS4='[$a] '; a=7; set -x; echo hi; echo $(echo x)", '[7] echo hi\nhi\n[[7] echo x\n[7] echo x\nx\n'],
  ["set -x; eval 'echo a' b", "+ eval 'echo a' b\n++ echo a b\na b\n"],
  ['eval; echo $?; eval "x=1;" "echo \\$x"; f(){ eval return 3; echo no; }; f; echo $?; eval "false"; echo $?', '0\n1\n3\n1\n'],
  ["bash -c 'echo $0 $1 $2' a b c; bash -c 'echo $0'; printf 'echo $0 $1\\n' > s.sh; bash s.sh q", 'a b c\nbash\ns.sh q\n'],
  ['RANDOM=42; echo $RANDOM; RANDOM=42; echo $RANDOM', '17772\n17772\n'],
  ['echo ${BASH_VERSION%%.*}; echo ${BASH_VERSINFO[0]}', '5\n5\n'],
  ['[[ $BASHPID == $$ ]] && echo same; (echo $(( BASHPID != $$ )))', 'same\n1\n'],
  ['echo $((SRANDOM >= 0)); [[ $EPOCHSECONDS =~ ^[0-9]+$ ]] && echo num', '1\nnum\n'],
];

describeBashCases('set -x, eval, $0 and computed variables, as in bash 5.2', CASES);

describe('the terminal shell', () => {
  it('words a syntax error in eval as at the prompt', async () => {
    expect(await simOut('eval "echo a; fi"; echo $?')).toBe("bash: syntax error near unexpected token `fi'\n2\n");
  });
  it('claims bash 5.2.15 and reads the epoch from the cluster clock', async () => {
    const out = await simOut('echo $BASH_VERSION; echo ${BASH_VERSINFO[@]}; echo $EPOCHSECONDS; sleep 5; echo $EPOCHSECONDS');
    const [version, info, t0, t1] = out.split('\n');
    expect(version).toBe('5.2.15(1)-release');
    expect(info).toBe('5 2 15 1 release x86_64-pc-linux-gnu');
    expect(Number(t1) - Number(t0)).toBeGreaterThanOrEqual(5);
  });
});
