/**
 * bash's parameter-expansion operators: removing a prefix or suffix (`#`, `##`, `%`, `%%`),
 * replacing (`/`, `//`, `/#`, `/%`), the alternate, assigning and error forms (`:+`, `+`,
 * `:=`, `=`, `:?`, `?`) and case changes (`^`, `^^`, `,`, `,,`), on scalars and on arrays'
 * elements. The expected outputs are what bash 5.2.15 prints for the same line
 * (`bash -c '{ LINE; } 2>&1'`, with bash's `line 1: ` left out as the interactive shell does).
 */
import { describe, expect, it } from 'vitest';
import { describeBashCases, hasBash52, realBash, simOut as out, type BashCase } from '../../tests/support/bash-oracle.ts';

/** [line, what bash 5.2 prints] */
const BASH_CASES: BashCase[] = [
  ['ab1=1 ab2=2; abc=(x); echo ${!ab*}; printf "[%s]" "${!ab@}" "${!ab*}"; echo; echo ${!zz*}x; echo ${#!ab*}', 'ab1 ab2 abc\n[ab1][ab2][abc][ab1 ab2 abc]\nx\nbash: ${#!ab*}: bad substitution\n'],
  ['x=ab1; ab1=v; echo ${!x}; echo ${!x:-d} ${!x/v/w}; echo ${!nosuch}z; echo next $?', 'v\nv w\nbash: nosuch: invalid indirect expansion\n'],
  ['x="a[1]"; a=(p q); echo ${!x} ${!x^^}; y=1; set -- one two; echo ${!y} ${!#}; n="bad name"; echo ${!n}; echo after', 'q Q\none two\nbash: bad name: invalid variable name\n'],
  ['printf -v v "%03d" 7; echo $v; printf -v a[2] "%s-" x y; declare -p a; readonly r; printf -v r x; echo $?', '007\ndeclare -a a=([2]="x-y-")\nbash: r: readonly variable\n1\n'],
  [
    'printf -v; echo $?; printf -v 1x a; echo $?; printf -v q; echo $?',
    'bash: printf: -v: option requires an argument\nprintf: usage: printf [-v var] format [arguments]\n2\nbash: printf: `1x\': not a valid identifier\n2\nprintf: usage: printf [-v var] format [arguments]\n2\n',
  ],
  ['printf "[%s]" ${u:-"a  b"}; echo; printf "[%s]" ${u:-x "a  b" $v}; echo', '[a  b]\n[x][a  b]\n'],
  ['f(){ printf "[%s]" ${1+"$@"}; echo; }; f p "q r"; f; printf "[%s]" ${u:="a  b"}; echo', '[p][q r]\n[]\n[a][b]\n'],
  ['x=1; v="m  n"; printf "[%s]" ${x:+"a  b"c} ${u:+"z"} ${u:-$v} ${u:-""} ${u:-"*"}; echo', '[a  bc][m][n][][*]\n'],
  ['a=(x); printf "[%s]" ${a[3]:-"p  q"} ${a[0]:+"r  s"} "${u:-"a  b"}"; echo', '[p  q][r  s][a  b]\n'],
  [
    'x=abcABC; echo ${x~} ${x~~} ${x^[ab]} ${x^^[ac]} ${x,,[A-B]} ${x,[A]} ${x^^[!a]} ${x^^?} ${x^^*} ${x^^ab} ${x^^"b"}',
    'AbcABC ABCabc AbcABC AbCABC abcabC abcABC aBCABC ABCABC ABCABC abcABC aBcABC\n',
  ],
  ['x=abcABC; y=ABC; p="[bc]"; a=(ab cd); echo ${y,[A]} ${y,,[A-B]} ${x^^$p} ${a[@]^^[ac]} ${x^^[}', 'aBC abC aBCABC Ab Cd abcABC\n'],
  ['x=foo.tar.gz; echo ${x%%.*} ${x#*.} ${x/o/0} ${x//o/0} ${x^^}', 'foo tar.gz f0o.tar.gz f00.tar.gz FOO.TAR.GZ\n'],
  ['x=foo.tar.gz; echo ${x%.*} ${x##*.} ${x#f} ${x%z} ${x##nomatch} ${x%%}', 'foo.tar gz oo.tar.gz foo.tar.g foo.tar.gz foo.tar.gz\n'],
  ['p=/usr/local/bin/kubectl; echo ${p##*/} ${p%/*} ${p#/*/} ${p%%/b*}', 'kubectl /usr/local/bin local/bin/kubectl /usr/local\n'],
  ['x=aXbXc; echo ${x/X/-} ${x//X/-} ${x/#a/S} ${x/%c/E} ${x/#X/S} ${x/%X/E} ${x/X} ${x//X}', 'a-bXc a-b-c SXbXc aXbXE aXbXc aXbXc abXc abc\n'],
  ['x=abc; echo ${x/#/[} ${x/%/]} "${x//?/.}" ${x//[ab]/_}', '[abc abc] ... __c\n'],
  ['x=hello; echo ${x^} ${x^^} ${x,} ${x,,}; y=WORLD; echo ${y,} ${y,,} ${y^}', 'Hello HELLO hello hello\nwORLD world WORLD\n'],
  ['x=set; e=; echo "[${x:+yes}] [${e:+yes}] [${u:+yes}] [${e+yes}] [${u+yes}]"', '[yes] [] [] [yes] []\n'],
  ['echo ${n:=default}; echo $n; e=; echo ${e=x}[$e] ${e:=y} $e', 'default\ndefault\n[] y y\n'],
  [
    'a=(one.txt two.txt three.md); echo ${a[@]%.*} ${a[@]/t/T} ${a[@]^^} ${a[*]#t}',
    'one two three one.Txt Two.txt Three.md ONE.TXT TWO.TXT THREE.MD one.txt wo.txt hree.md\n',
  ],
  ['a=(x y); echo "${a[@]/#/-}"; for w in "${a[@]/%/!}"; do echo "<$w>"; done', '-x -y\n<x!>\n<y!>\n'],
  ['x=foo; echo ${x:+"$x bar"} ${x/o/"*"}', 'foo bar f*o\n'],
  ['x=\'a*b*c\'; echo ${x/"*"/-} ${x//\\*/+} ${x#*"*"} ${x%"*"*}; echo "${u:-"q"}"', 'a-b*c a+b+c b*c a*b\nq\n'],
  ['d=; H=/h; echo "${d:-$H}" ${u-x y} ${d:-$H/x} ${#u}', '/h x y /h/x 0\n'],
  ['x=abc; echo ${x:?oops}; e=; echo ${e?}', 'abc\n\n'],
  ['a=(p); echo ${a[1]:=x}; declare -p a; b=(); echo ${b:=y}; declare -p b', 'x\ndeclare -a a=([0]="p" [1]="x")\ny\ndeclare -a b=([0]="y")\n'],
  ['declare -A m; echo ${m[k]:=v}; declare -p m; declare -i n; echo ${n:=2+3} $n', 'v\ndeclare -A m=([k]="v" )\n5 5\n'],
];

describeBashCases('parameter operators, as bash 5.2 prints them', BASH_CASES);

describe('${NAME:?word} at the prompt', () => {
  it('prints `bash: NAME: word` and ends the line, with status 1', async () => {
    expect(await out('echo ${u:?is required}; echo after')).toBe('bash: u: is required\n');
    expect(await out('echo ${u:?is required}\necho $?')).toBe('bash: u: is required\n1\n');
  });
  it("has bash's messages when the word is empty", async () => {
    expect(await out('echo ${u:?}')).toBe('bash: u: parameter null or not set\n');
    expect(await out('echo ${u?}')).toBe('bash: u: parameter not set\n');
  });
});

describe('$RANDOM', () => {
  it("draws bash 5.2's numbers once seeded", async () => {
    const line = 'RANDOM=5; echo $RANDOM $RANDOM $RANDOM; RANDOM=0; echo $RANDOM $RANDOM; RANDOM=1; echo $RANDOM $((RANDOM%10))';
    expect(await out(line)).toBe('18498 29338 982\n20814 24386\n16807 1\n');
    if (hasBash52()) expect(realBash(line)).toBe('18498 29338 982\n20814 24386\n16807 1\n');
  });
  it('is the same in every fresh terminal, and differs in a subshell without changing the parent', async () => {
    const first = await out('echo $RANDOM $RANDOM');
    expect(first).toMatch(/^\d+ \d+\n$/);
    expect(await out('echo $RANDOM $RANDOM')).toBe(first);
    const [a, b, c] = (await out('RANDOM=5; echo $RANDOM; echo $(echo $RANDOM); echo $RANDOM')).split('\n');
    expect([a, c]).toEqual(['18498', '29338']);
    expect(b).not.toBe('29338');
  });
});
