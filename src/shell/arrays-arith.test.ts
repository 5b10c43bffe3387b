/**
 * Indexed and associative arrays, `declare`/`local`/`let`/`read -a`/`unset`, and bash's
 * arithmetic (`(( ))`, `$(( ))`, `let`, `declare -i`), each line run as a transcript. The
 * expected outputs are what bash 5.2.15 prints for the same line (`bash -c '{ LINE; } 2>&1'`,
 * with bash's `line 1: ` left out as the interactive shell does).
 */
import { describe, expect, it } from 'vitest';
import { describeBashCases, simOut as out, type BashCase } from '../../tests/support/bash-oracle.ts';

/** [line, what bash 5.2 prints] */
const BASH_CASES: BashCase[] = [
  [
    'a=(x y z); a[3]=w; a+=(v); echo ${a[1]} ${a[@]} ${a[*]} ${#a[@]} ${#a[1]} ${!a[@]} ${a[@]:1:2} ${a[-1]} $a; declare -p a',
    'y x y z w v x y z w v 5 1 0 1 2 3 4 y z v x\ndeclare -a a=([0]="x" [1]="y" [2]="z" [3]="w" [4]="v")\n',
  ],
  ['a=(x y); echo "${a[-3]}"; echo next', 'bash: a: bad array subscript\n\nnext\n'],
  [
    'a=(x "y z"); unset \'a[0]\'; declare -p a; for i in "${a[@]}"; do echo "[$i]"; done; printf \'<%s>\' "${a[*]}"; echo',
    'declare -a a=([1]="y z")\n[y z]\n<y z>\n',
  ],
  [
    'declare -A m; m[k]=v; m[apple]=1; m[b]=2; m["x y"]=3; echo ${m[k]} ${!m[@]}; declare -p m; echo "${m[x y]}"',
    'v k b apple x y\ndeclare -A m=([k]="v" [b]="2" [apple]="1" ["x y"]="3" )\n3\n',
  ],
  ['x=5; declare -p x; declare -i n=3; declare -p n; export E=1; declare -p E', 'declare -- x="5"\ndeclare -i n="3"\ndeclare -x E="1"\n'],
  ['a=(1 2 3); a=9; declare -p a; unset a; declare -p a', 'declare -a a=([0]="9" [1]="2" [2]="3")\nbash: declare: a: not found\n'],
  ["read -a arr <<< 'p q  r'; declare -p arr; echo ${#arr[@]}", 'declare -a arr=([0]="p" [1]="q" [2]="r")\n3\n'],
  ['f(){ local -a l=(1 2); declare -p l; }; f; declare -p l', 'declare -a l=([0]="1" [1]="2")\nbash: declare: l: not found\n'],
  ['a=([0]=x [5]=y z); declare -p a; echo ${a[@]:1:2}', 'declare -a a=([0]="x" [5]="y" [6]="z")\ny z\n'],
  ['a=(x y z); echo ${a[@]: -2} ${a[@]:1}', 'y z y z\n'],
  ['declare -p nosuch; echo $?', 'bash: declare: nosuch: not found\n1\n'],
  ['a=(x y); a[1]+=Q; declare -p a; s=str; s+=(t); declare -p s', 'declare -a a=([0]="x" [1]="yQ")\ndeclare -a s=([0]="str" [1]="t")\n'],
  ['a=(x y); echo ${a[@]:-empty}; b=(); echo ${b[@]:-empty}', 'x y\nempty\n'],
  ['declare -A m=([one]=1 [two]=2); declare -p m; echo "${m[@]}"', 'declare -A m=([two]="2" [one]="1" )\n2 1\n'],
  ['a=(1 2 3); i=0; echo $((a[i+1]*10)) ${a[i+1]} ${a[$i]}', '20 2 1\n'],
  ['a=(a b c); for x in "${a[@]}"; do echo "<$x>"; done; b=("${a[@]}"); echo ${#b[@]}', '<a>\n<b>\n<c>\n3\n'],
  [
    'a=("one two" three); printf \'[%s]\' ${a[@]}; echo; printf \'[%s]\' "${a[@]}"; echo; printf \'[%s]\' "x${a[@]}y"; echo',
    '[one][two][three]\n[one two][three]\n[xone two][threey]\n',
  ],
  ["a=(x y); a[5]=z; echo ${#a[@]} ${!a[@]}; unset 'a[-1]'; echo ${!a[@]}", '3 0 1 5\n0 1\n'],
  ['i=0; while ((i < 3)); do echo $i; ((i++)); done; echo $i', '0\n1\n2\n3\n'],
  ['i=0; ((i++)); echo $?; ((i++)); echo $?; ((i+=2)); echo $i; ((i*=3, i-=1)); echo $i', '1\n0\n4\n11\n'],
  ['((1/0)); echo $?', 'bash: ((: 1/0: division by 0 (error token is "0")\n1\n'],
  ["let a=1 b=2 'c = a + b'; echo $a $b $c; let 0; echo $?; let; echo $?", '1 2 3\n1\nbash: let: expression expected\n1\n'],
  ["declare -i n=5+3; echo $n; n+=2; echo $n; n='2*3'; echo $n", '8\n10\n6\n'],
  ['i=5; echo $((i++)) $i $((++i)) $((i--)) $((--i)) $i', '5 6 7 7 5 5\n'],
  ['x=3; echo $((x<<=2, x)) $((x>1?100:200)) $((x%=5))', '12 100 2\n'],
  ['for ((i=0; i<3; i++)); do echo -n $i; done; echo', '012\n'],
  ['n=0; for i in 1 2 3; do n=$((n+i)); done; echo $n', '6\n'],
  ['a=(); a+=(x); a+=(y z); echo ${#a[@]} ${a[2]}', '3 z\n'],
  ['x=abc; echo ${x[0]} ${x[@]} ${#x[@]} ${!x[@]}', 'abc abc 1 0\n'],
  ['a=(x y z); echo "${#a}" "${#a[2]}"', '1 1\n'],
  ['a=(x y z); unset a[1]; echo ${a[@]}; a=(); declare -p a', 'x z\ndeclare -a a=()\n'],
  ['declare -a b=(1 2); declare -p b; declare -a c; c[2]=x; declare -p c', 'declare -a b=([0]="1" [1]="2")\ndeclare -a c=([2]="x")\n'],
  ['x=1 y=$x; echo $y', '1\n'],
  ['s=ab; s+=cd; echo $s', 'abcd\n'],
  ['f(){ local x=1; declare y=2; echo $x $y; }; f; echo "[$x][$y]"', '1 2\n[][]\n'],
  ['declare -A m; m[a]=1; echo $((m[a]+1)); ((m[b]=5)); echo ${m[b]}', '2\n5\n'],
  ['echo $((2**62*4)) $((0x10)) $((010)) $((2#101))', '0 16 8 5\n'],
  ['a=(x y z); echo ${a[@]:1:-1}', 'bash: -1: substring expression < 0\n'],
  ["declare -A m; m[k]=v; unset 'm[k]'; declare -p m", 'declare -A m=()\n'],
  ['x="1 +"; echo $((x*2))', 'bash: 1 +: syntax error: operand expected (error token is "+")\n'],
  ['declare -A m; m=([b]=2 [a]=1); for k in "${!m[@]}"; do echo $k=${m[$k]}; done', 'b=2\na=1\n'],
  ['a=(1 2 3); echo $(( ${#a[@]} * 2 ))', '6\n'],
  ['a=(x y z); echo ${a[i+1]} ${a[-2]}', 'y y\n'],
  ['declare -a a=(1 2); local z; echo $?', 'bash: local: can only be used in a function\n1\n'],
  ['declare -i x; x=3; x+=4; echo $x; declare -p x', '7\ndeclare -i x="7"\n'],
  ['a=(x y); echo ${a[1]:-def} ${a[7]:-def} ${a[7]-unset}', 'y def unset\n'],
];

describeBashCases('arrays and arithmetic, as bash 5.2 prints them', BASH_CASES);

describe('associative arrays', () => {
  it('list their keys in bash 5.2 hash order, hashing UTF-8 bytes', async () => {
    expect(await out('declare -A m; m[é]=1; m[ü]=2; m[a]=3; m[日本]=4; echo ${!m[@]}')).toBe('日本 a ü é\n');
  });
});

describe('arithmetic errors at the prompt', () => {
  // Interactive bash discards the rest of the line after an arithmetic error in an expansion
  // (checked with `bash -i`), but `(( ))` is a command that fails with status 1.
  it('ends the line after $((1/0)), with status 1', async () => {
    expect(await out('echo $((1/0)); echo after\necho $?')).toBe('bash: 1/0: division by 0 (error token is "0")\n1\n');
  });
  it('goes on after a failing (( ))', async () => {
    expect(await out('((1/0)); echo $?')).toBe('bash: ((: 1/0: division by 0 (error token is "0")\n1\n');
  });
});
