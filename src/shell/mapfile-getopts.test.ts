/**
 * `mapfile`/`readarray` and `getopts`, compared with bash 5.2.15 (tests/support/bash-oracle.ts
 * checks the recorded outputs against the real bash when it is installed).
 */
import { describeBashCases, type BashCase } from '../../tests/support/bash-oracle.ts';

const MAPFILE_CASES: BashCase[] = [
  ["mapfile L <<< $'a\\nb'; declare -p L", "declare -a L=([0]=$'a\\n' [1]=$'b\\n')\n"],
  ['printf "x\\ny\\nz\\n" | { readarray -t -s 1 -n 1 M; declare -p M; }; mapfile -t < /dev/null; declare -p MAPFILE', 'declare -a M=([0]="y")\ndeclare -a MAPFILE=()\n'],
  ['mapfile -d , -t C <<< "p,q"; declare -p C', "declare -a C=([0]=\"p\" [1]=$'q\\n')\n"],
  [
    'mapfile -q; mapfile 1x </dev/null; echo $?',
    'bash: mapfile: -q: invalid option\nmapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\nbash: mapfile: `1x\': not a valid identifier\n1\n',
  ],
  ['a=(q w e r); mapfile -O 1 -t a <<< "N"; declare -p a; mapfile -t -n 2 b < <(printf "1\\n2\\n3\\n"); declare -p b', 'declare -a a=([0]="q" [1]="N" [2]="e" [3]="r")\ndeclare -a b=([0]="1" [1]="2")\n'],
];

const GETOPTS_CASES: BashCase[] = [
  [
    'f(){ local OPTIND o; while getopts "ab:c" o; do echo "o=$o OPTARG=${OPTARG-unset} OPTIND=$OPTIND"; done; shift $((OPTIND-1)); echo "rest: $*"; }; f -a -b val -c -x file; f -b; f -ac -- -z',
    'o=a OPTARG=unset OPTIND=2\no=b OPTARG=val OPTIND=4\no=c OPTARG=unset OPTIND=5\nbash: illegal option -- x\no=? OPTARG=unset OPTIND=6\nrest: file\nbash: option requires an argument -- b\no=? OPTARG=unset OPTIND=2\nrest: \no=a OPTARG=unset OPTIND=1\no=c OPTARG=unset OPTIND=2\nrest: -z\n',
  ],
  [
    'while getopts ":b:" o -b; do echo "$o ${OPTARG}"; done; OPTIND=1; while getopts ":a" o -z; do echo "$o $OPTARG"; done; getopts; echo $?',
    ': b\n? z\ngetopts: usage: getopts optstring name [arg ...]\n2\n',
  ],
  ['while getopts "f:v" opt -vfbar -f baz x; do echo "$opt=${OPTARG-}"; done; echo $OPTIND', 'v=\nf=bar\nf=baz\n4\n'],
];

describeBashCases('mapfile and readarray, as in bash 5.2', MAPFILE_CASES);
describeBashCases('getopts, as in bash 5.2', GETOPTS_CASES);
