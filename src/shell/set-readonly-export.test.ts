/**
 * `set` (positional parameters and options), `readonly` / `declare -r`, and what `export`
 * hands to the programs the shell runs. Expected outputs are what bash 5.2.15 prints
 * (tests/support/bash-oracle.ts checks them against the real bash when it is installed).
 */
import { describe, expect, it } from 'vitest';
import { describeBashCases, simOut as out, type BashCase } from '../../tests/support/bash-oracle.ts';

const SET_CASES: BashCase[] = [
  ['set -- a "b c"; echo $#; printf "[%s]" "$@"; echo; shift; echo $1 $#', '2\n[a][b c]\nb c 1\n'],
  ['set x y z; echo $2 $#; set --; echo $#; set - p q; echo "$*"', 'y 3\n0\np q\n'],
  ['f(){ set -- in f; echo "$@"; }; set -- out; f 1 2; echo "$@"', 'in f\nout\n'],
  ['set -- "a b" c; for w in "$@"; do echo "<$w>"; done; set -- "$@" d; echo $#', '<a b>\n<c>\n3\n'],
  ['set -q; echo $?', 'bash: set: -q: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n2\n'],
  ['set -o nosuch; echo $?', 'bash: set: nosuch: invalid option name\n2\n'],
  ['set -o pipefail; false | true; echo $?; set +o pipefail; false | true; echo $?', '1\n0\n'],
  ['set -o pipefail; (exit 3) | (exit 4) | true; echo $? ${PIPESTATUS[@]}', '4 3 4 0\n'],
  ['set -o | grep -E "^(pipefail|nounset|errexit)"; set -u -o pipefail; set +o | grep -E "pipefail|nounset"', 'errexit        \toff\nnounset        \toff\npipefail       \toff\nset -o nounset\nset -o pipefail\n'],
  [
    'x="a b"; y=plain; z="it\'s"; w=$\'t\\tab\'; a=(1 "2 3"); set | grep -E "^(x|y|z|w|a)="',
    'a=([0]="1" [1]="2 3")\nw=$\'t\\tab\'\nx=\'a b\'\ny=plain\nz=\'it\'\\\'\'s\'\n',
  ],
];

const OPTION_CASES: BashCase[] = [
  [
    'set -x; x=3 true; y="a b"; echo "$y" "" $\'\\t\' "it\'s"; a=(1 2); z=$(echo in); : ${q:=5}; f(){ echo f; }; f; set +x',
    "+ x=3\n+ true\n+ y='a b'\n+ echo 'a b' '' '\t' 'it'\\''s'\na b  \t it's\n+ a=(1 2)\n++ echo in\n+ z=in\n+ : 5\n+ f\n+ echo f\nf\n+ set +x\n",
  ],
  ['set -u; a=(); echo "[${a[@]}]"; echo ${#u}; echo next', '[]\nbash: u: unbound variable\n'],
  ['set -u; echo "$@" x; echo $1; echo next', 'x\nbash: $1: unbound variable\n'],
  ['set -u; echo ${u[@]}; a=(1); echo ${a[3]}', '\nbash: a[3]: unbound variable\n'],
  ['set -u; echo ${u:-ok} ${u-ok2} ${u+alt}; echo "$*" $# $?; echo $u', 'ok ok2\n 0 0\nbash: u: unbound variable\n'],
  ['touch q1; set -f; echo q*; set +f; echo q*', 'q*\nq1\n'],
  ['set -e; (false; echo no); echo $?', ''],
  ['set -e; if false; then :; fi; false || echo ok; ! true; echo here; { false; echo no2; }; echo end', 'ok\nhere\n'],
  ['set -e; (false; echo no) || echo caught $?; echo end', 'no\nend\n'],
  ['set -e; f(){ false; echo inf; }; f && echo tested; (f); echo $?', 'inf\ntested\n'],
  ['set -e; x=$(false; echo sub); echo "[$x]"; false; echo notreached', '[sub]\n'],
  ['set -e; while false; do :; done; until true; do :; done; echo ok; false && true; echo ok2; true && false; echo no', 'ok\nok2\n'],
];

const READONLY_CASES: BashCase[] = [
  ['readonly x=1; x=2; echo after', 'bash: x: readonly variable\n'],
  ['readonly x=1; x+=2; echo next', 'bash: x: readonly variable\n'],
  ['readonly x=1; x=2 true; echo after $?', 'bash: x: readonly variable\nafter 0\n'],
  [
    'readonly x=1; declare x=3; echo $? $x; export x=4; echo $?; unset x; echo $? $x',
    'bash: declare: x: readonly variable\n1 1\nbash: x: readonly variable\n1\nbash: unset: x: cannot unset: readonly variable\n1 1\n',
  ],
  ['readonly x=1; read x <<< 5; echo $?; for x in 1; do echo in; done; echo $?', 'bash: x: readonly variable\n1\nbash: x: readonly variable\n1\n'],
  ['readonly x=1; ((x=5)); echo $?; let x=6; echo $?; : ${x:=7}; echo $?', 'bash: x: readonly variable\n1\nbash: x: readonly variable\n1\n0\n'],
  [
    'declare -rix y=3; declare -p y; readonly z; declare -p z; readonly -p | tail -2; a=(1 2); readonly a; declare -p a; a[0]=5; echo $?',
    'declare -irx y="3"\ndeclare -r z\ndeclare -irx y="3"\ndeclare -r z\ndeclare -ar a=([0]="1" [1]="2")\nbash: a: readonly variable\n',
  ],
  ['readonly x=1; echo $((x=5)); echo next', 'bash: x: readonly variable\n'],
  ['readonly z; echo ${z:=5}; echo next', 'bash: z: readonly variable\n'],
  [
    'readonly x=1; declare +r x; echo $?; declare -i x; echo $?; declare -p x; readonly x=2; echo $?',
    'bash: declare: x: readonly variable\n1\n0\ndeclare -ir x="1"\nbash: x: readonly variable\n1\n',
  ],
  [
    'readonly x=1; unset -v x; echo $?; a=(1 2); readonly a; unset "a[0]"; echo $?; a+=(3); echo $?',
    'bash: unset: x: cannot unset: readonly variable\n1\nbash: unset: a: cannot unset: readonly variable\n1\nbash: a: readonly variable\n',
  ],
  ['readonly x=1; export x; echo $?; declare -p x; export -n x; echo $?; declare -p x', '0\ndeclare -rx x="1"\n0\ndeclare -r x="1"\n'],
  [
    'readonly a=(p q); declare -p a; readonly -a b=(1); declare -p b; readonly -A m=([k]=v); declare -p m',
    'declare -ar a=([0]="p" [1]="q")\ndeclare -ar b=([0]="1")\ndeclare -Ar m=([k]="v" )\n',
  ],
  ['readonly x=1; (x=2; echo sub); echo $?', 'bash: x: readonly variable\n1\n'],
  [
    'readonly -x; echo $?; readonly 1a; echo $?',
    'bash: readonly: -x: invalid option\nreadonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p\n2\nbash: readonly: `1a\': not a valid identifier\n1\n',
  ],
];

/** `bash -c` and `bash FILE` start a new bash that sees only what is exported. */
const EXPORT_CASES: BashCase[] = [
  ['export Q=1; Z=2; env | grep -E "^(Q|Z)="; printenv Q Z; echo $?', 'Q=1\n1\n1\n'],
  ['Z=3 env | grep ^Z=; Z=4 printenv Z; echo "[$Z]"', 'Z=3\n4\n[]\n'],
  ['export X; env | grep -c ^X=; declare -p X; export -p | grep "X$"', '0\ndeclare -x X\ndeclare -x X\n'],
  ['Y=1; declare -x Y; env | grep ^Y=; export -n Y; env | grep -c ^Y=; echo $Y', 'Y=1\n0\n1\n'],
  ['declare -i n=2; export n; n+=3; env | grep ^n=; export -p | grep " n="', 'n=5\ndeclare -ix n="5"\n'],
  ['export -z', 'bash: export: -z: invalid option\nexport: usage: export [-fn] [name[=value] ...] or export -p\n'],
  ['f(){ local L=in; export L; env | grep ^L=; }; f; env | grep -c ^L=', 'L=in\n0\n'],
  ['x=1; export y=2; bash -c "echo [\\$x][\\$y] \\$- \\$1 \\$#" n a b; echo $?', '[][2] hBc a 2\n0\n'],
  ['bash -euc "echo \\$-; false; echo no"; echo $?; bash -c "exit 3"; echo $?', 'ehuBc\n1\n3\n'],
  ['echo "echo in file \\$1" > s.sh; bash s.sh arg; bash nosuch.sh; echo $?; echo hi | bash -c "cat"', 'in file arg\nbash: nosuch.sh: No such file or directory\n127\nhi\n'],
];

describeBashCases('set: positional parameters and options, as bash 5.2 prints them', SET_CASES);
describeBashCases('set -x, -u, -f and -e, as in bash 5.2', OPTION_CASES);
describeBashCases('readonly variables, as bash 5.2 enforces them', READONLY_CASES);
describeBashCases('export: what programs see, as in bash 5.2', EXPORT_CASES);

describe('the interactive shell', () => {
  // `bash -c` runs neither interactive nor with a line editor, so these come from `bash -i` in a terminal.
  it('has $- as an interactive bash at a terminal', async () => {
    expect(await out('echo $-; set -eu; echo $-; set +eu -x; echo $- >/dev/null; set +x; set -o | grep -E "^(emacs|monitor)"')).toBe(
      'himBHs\nehimuBHs\n+ echo himxBHs\n+ set +x\nemacs          \ton\nmonitor        \ton\n',
    );
  });
  it('names the command in a readonly error inside a function as bash at the prompt does', async () => {
    expect(await out('readonly r=1; f(){ local r=2; echo $r; }; f; echo $?')).toBe('bash: local: r: readonly variable\n1\n0\n');
    expect(await out('readonly x=1; f(){ x=3; echo inf; }; f; echo $?\necho $?')).toBe('bash: x: readonly variable\n1\n');
  });
  it('gives programs (awk, jq) the exported variables only', async () => {
    expect(await out('A=1; export B=2; awk \'BEGIN { print "[" ENVIRON["A"] "][" ENVIRON["B"] "]" }\'')).toBe('[][2]\n');
    expect(await out('A=1; export B=2; jq -n -c \'[$ENV.A, $ENV.B]\'')).toBe('[null,"2"]\n');
  });
  it('stops the rest of the line after an untested failure under set -e, which bash would end the terminal for', async () => {
    expect(await out('set -e; false; echo no\necho $?; set +e')).toBe('1\n');
  });
});
