/**
 * `[[ ]]`, `(( ))`, `complete` and `source <(kubectl completion bash)`, run as transcripts. The
 * expected outputs are what bash 5.2 prints for the same lines (checked with `bash` on a script).
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import { runTranscript } from '../cli/transcript.ts';
import '../kubectl/verbs/index.ts';

/** What `lines` print, without the echoed command lines. */
async function out(lines: string): Promise<string> {
  const text = await runTranscript(lines, { cluster: new Cluster({ seed: 1 }), files: {} });
  return text
    .split('\n')
    .filter((l) => !l.startsWith('$ ') && !l.startsWith('> '))
    .join('\n');
}

describe('[[ ]] and (( ))', () => {
  it('tests strings, patterns, numbers, files and regexes as bash does', async () => {
    const lines =
      '[[ -z "" ]] && echo z1; [[ -n "" ]] || echo n1\n[[ abc == a* ]]; echo $?; [[ abc == "a*" ]]; echo $?; [[ \'a*\' == "a*" ]]; echo $?\np=\'a?c\'; [[ abc == $p ]]; echo $?; [[ abc == "$p" ]]; echo $?; [[ abc != *b* ]]; echo $?\nx=5; [[ $x -lt 10 && ( $x -eq 4 || -n $x ) ]]; echo $?; [[ ! $x -gt 3 ]]; echo $?\n[[ 1+1 -eq 2 ]]; echo $?; [[ a < b ]]; echo $?; [[ b > c ]]; echo $?\n[[ -f /nonexistent ]]; echo $?; [[ -d / ]]; echo $?\n[[ abc123 =~ [0-9]+ ]]; echo $? $BASH_REMATCH\n[[ x ]]; echo $?; [[ "" ]]; echo $?\nu=; [[ ${u-} == "" && ${v:-d} = d ]]; echo $?\nif [[ $(echo builtin) = "builtin" ]]; then echo yes; else echo no; fi\n(( 3 > 2 )); echo $?; (( 0 )); echo $?; ((2 * 3 - 6)); echo $?\nf() { [[ $1 == -*=* ]] && echo flag || echo plain; }; f --a=b; f -x\ntype f';
    expect(await out(lines)).toBe(
      'z1\nn1\n0\n1\n0\n0\n1\n1\n0\n1\n0\n0\n1\n1\n0\n0 123\n0\n1\n0\nyes\n0\n1\n1\nflag\nplain\nf is a function\nf () \n{ \n    [[ $1 == -*=* ]] && echo flag || echo plain\n}\n',
    );
  });

  it("refuses malformed conditionals with bash's messages", async () => {
    expect(await out('[[ -n ]]\n[[ a b ]]\n[[ ( a ]]\n[[ a == b ) ]]\necho $?')).toBe(
      "bash: unexpected argument `]]' to conditional unary operator\nbash: conditional binary operator expected\nbash: unexpected token `]]', expected `)'\nbash: syntax error in conditional expression: unexpected token `)'\n2\n",
    );
  });
});

describe('complete and compopt', () => {
  it('record and print specifications as bash does', async () => {
    const lines =
      'complete -o nospace -o default -F f k; complete -p k; complete -W "a b" -o bashdefault j; complete -p j\n' +
      'complete -f -F g -W "x y" -X "*.o" -P pre -S suf -C cmd -G "*.c" m; complete -p m\n' +
      'complete -p nope; echo $?; compopt -o nospace; echo $?; compopt +o default k; complete -p k; complete -r k; complete -p k; complete -o bogus x; echo $?';
    expect(await out(lines)).toBe(
      "complete -o default -o nospace -F f k\ncomplete -o bashdefault -W 'a b' j\ncomplete -f -G '*.c' -W 'x y' -P 'pre' -S 'suf' -X '*.o' -C 'cmd' -F g m\n" +
        'bash: complete: nope: no completion specification\n1\nbash: compopt: not currently executing completion function\n1\n' +
        'complete -o nospace -F f k\nbash: complete: k: no completion specification\nbash: complete: bogus: invalid option name\n2\n',
    );
  });
});

describe('source <(kubectl completion bash)', () => {
  it('defines the completion functions and registers them for kubectl', async () => {
    expect(await out('source <(kubectl completion bash)\necho $?\ntype -t __start_kubectl\ncomplete -p kubectl\ntype -t compopt')).toBe(
      '0\nfunction\ncomplete -o default -F __start_kubectl kubectl\nbuiltin\n',
    );
  });
});

describe('parameter operators', () => {
  it('give lengths, substrings, unset-only defaults and prompt values as bash does', async () => {
    expect(
      await out(
        's=hello; echo ${#s} ${s:1} ${s:1:3} ${s: -2} ${s:0:-1} "${s:10}"x\nu=; echo "[${u-d}] [${v-d}] [${u:-d}]"\nlastParam=abc; lastChar=${lastParam:$((${#lastParam}-1)):1}; echo $lastChar\nPS1="% "; echo "${PS1@P}"\nn=3; echo ${s:n} ${s:n-2:1}',
      ),
    ).toBe('5 ello ell lo hell x\n[] [d] [d]\nc\n% \nlo e\n');
  });
});

describe('bracket expressions in patterns', () => {
  it('match sets, ranges, negations and classes in case, [[ ]] and file names as bash does', async () => {
    const lines =
      "for w in a b x 5 Z '-' ']' ; do case $w in [abc]) echo \"$w abc\";; [!x0-9]) echo \"$w notx\";; *) echo \"$w other\";; esac; done\n" +
      "[[ 7 == [[:digit:]] ]]; echo $?; [[ q == [[:digit:]] ]]; echo $?; [[ ab == [a-c][!a] ]]; echo $?; [[ '[a]' == \"[a]\" ]]; echo $?; [[ ']' == []] ]]; echo $?; [[ '[' == [ ]]; echo $?\n" +
      'touch a1 b2 c3\necho [ab]? [!a]2 [[:alpha:]]3 x[ [z]';
    expect(await out(lines)).toBe(
      'a abc\nb abc\nx other\n5 other\nZ notx\n- notx\n] notx\n0\n1\n0\n0\n0\n0\na1 b2 b2 c3 x[ [z]\n',
    );
  });
});
