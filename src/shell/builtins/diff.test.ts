/** `diff`'s normal format, compared with GNU diff through bash 5.2 (tests/support/bash-oracle.ts). */
import { describeBashCases, type BashCase } from '../../../tests/support/bash-oracle.ts';

const DIFF_CASES: BashCase[] = [
  ["printf 'a\\nb\\nc\\nd\\n' > d1; printf 'a\\nx\\nc\\ne\\nf\\n' > d2; diff d1 d2; echo $?; diff -q d1 d2; diff d1 d1; echo $?", '2c2\n< b\n---\n> x\n4c4,5\n< d\n---\n> e\n> f\n1\nFiles d1 and d2 differ\n0\n'],
  ["printf 'a\\nb\\n' > d3; printf 'b\\n' > d4; diff d3 d4; diff d4 d3; printf 'a' > d5; diff d3 d5", '1d0\n< a\n0a1\n> a\n1,2c1\n< a\n< b\n---\n> a\n\\ No newline at end of file\n'],
  ['diff <(printf "x\\ny\\n") <(printf "y\\nz\\n"); echo $?; printf "y\\n" | diff - <(echo y); echo $?', '1d0\n< x\n2a2\n> z\n1\n0\n'],
  ["printf '1\\n2\\n3\\n4\\n5\\n' > e1; printf '0\\n1\\n3\\n5\\n6\\n' > e2; diff e1 e2", '0a1\n> 0\n2d2\n< 2\n4d3\n< 4\n5a5\n> 6\n'],
  [
    'touch d1; diff d1 nosuch; echo $?; diff -z; diff d1',
    "diff: nosuch: No such file or directory\n2\ndiff: invalid option -- 'z'\ndiff: Try 'diff --help' for more information.\ndiff: missing operand after 'd1'\ndiff: Try 'diff --help' for more information.\n",
  ],
];

describeBashCases('diff, as GNU diff prints it', DIFF_CASES);
