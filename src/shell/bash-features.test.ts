/**
 * Brace expansion, functions, case, read, aliases, source and process substitution, run as a
 * transcript. The expected outputs are what bash 5.2 prints for the same lines (checked with
 * `bash -c` and an interactive bash on a terminal).
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import { runTranscript } from '../cli/transcript.ts';

/** The output of `lines` (each command line as `$ LINE`, then what it printed). */
async function run(lines: string, files: Record<string, string> = {}): Promise<string> {
  return runTranscript(lines, { cluster: new Cluster({ seed: 1 }), files });
}

/** What `lines` print, without the echoed command lines. */
async function out(lines: string, files: Record<string, string> = {}): Promise<string> {
  return (await run(lines, files))
    .split('\n')
    .filter((l) => !l.startsWith('$ ') && !l.startsWith('> '))
    .join('\n');
}

describe('brace expansion', () => {
  it('expands lists, sequences, padding, steps and nesting as bash does', async () => {
    const line =
      'echo {a,b}c {01..10} {a..e} {1..10..2} x{a,b{1,2}}y {5..1} {a} {} "{a,b}" {1..3}{a,b} {-2..2} {1..a} a{,b} {z..w..2} {01..3} {1..-1} \\{a,b\\} {a,"b c"} {$HOME,x}';
    expect(await out(line)).toBe(
      'ac bc 01 02 03 04 05 06 07 08 09 10 a b c d e 1 3 5 7 9 xay xb1y xb2y 5 4 3 2 1 {a} {} {a,b} 1a 1b 2a 2b 3a 3b -2 -1 0 1 2 {1..a} a ab z x 01 02 03 1 0 -1 {a,b} a b c /home/learner x\n',
    );
  });
  it('is not done in assignments, and gives words to loops', async () => {
    expect(await out('x={a,b}; echo $x\nfor n in nginx{1..3}; do echo $n; done')).toBe('{a,b}\nnginx1\nnginx2\nnginx3\n');
  });
  it('refuses a sequence too long to hold instead of exhausting memory', async () => {
    expect(await out('echo {1..100000000}; echo after')).toBe('bash: brace expansion: more than 100000 words\n');
  });
});

describe('functions', () => {
  it('takes $1.., $#, $@ and $* and shift', async () => {
    expect(await out('f() { echo "$#:$1:$2:$@"; shift; echo "$*"; }; f a "b c" d')).toBe('3:a:b c:a b c d\nb c d\n');
  });
  it('gives "$@" one word per argument', async () => {
    expect(await out('f() { for a in "$@"; do echo "[$a]"; done; }; f "x y" z; f')).toBe('[x y]\n[z]\n');
  });
  it('keeps local variables local and return sets the status', async () => {
    expect(await out('f() { local x=2; echo $x; return 3; }; x=1; f; echo "$? $x"')).toBe('2\n3 1\n');
    expect(await out('f() { return 300; }; f; echo $?')).toBe('44\n');
    expect(await out('function g { echo in g; }; g')).toBe('in g\n');
  });
  it('refuses local and return outside a function with bash messages', async () => {
    expect(await out('return 1; echo $?\nlocal x; echo $?')).toBe(
      "bash: return: can only `return' from a function or sourced script\n1\nbash: local: can only be used in a function\n1\n",
    );
  });
  it('prints a function with type as bash does', async () => {
    const body =
      'h() { if true; then echo a; else echo b; fi; for i in 1 2; do echo $i; done; while false; do :; done; case $1 in a|b) echo ab;; *) echo other;; esac; x=1 y=2 cmd > out 2>&1; { echo g; }; }';
    expect(await out(`${body}\ntype h`)).toBe(
      [
        'h is a function',
        'h () ',
        '{ ',
        '    if true; then',
        '        echo a;',
        '    else',
        '        echo b;',
        '    fi;',
        '    for i in 1 2;',
        '    do',
        '        echo $i;',
        '    done;',
        '    while false; do',
        '        :;',
        '    done;',
        '    case $1 in ',
        '        a | b)',
        '            echo ab',
        '        ;;',
        '        *)',
        '            echo other',
        '        ;;',
        '    esac;',
        '    x=1 y=2 cmd > out 2>&1;',
        '    { ',
        '        echo g',
        '    }',
        '}',
        '',
      ].join('\n'),
    );
    expect(await out('f() { echo hi; ls -l "$1" | grep x; }; type f')).toBe('f is a function\nf () \n{ \n    echo hi;\n    ls -l "$1" | grep x\n}\n');
  });
  it('stops runaway recursion with a nesting error', async () => {
    expect(await out('f() { f; }; f; echo $?')).toBe('bash: f: maximum function nesting level exceeded (200)\n1\n');
  });
});

describe('case', () => {
  it('runs the first item whose glob matches', async () => {
    expect(await out('for p in web-1 db-0 api x; do case $p in db*) echo "$p db";; web-*|api) echo "$p web";; *) echo "$p other";; esac; done')).toBe(
      'web-1 web\ndb-0 db\napi web\nx other\n',
    );
  });
  it('matches quoted pattern characters literally and falls through with ;&', async () => {
    expect(await out('case "a*" in "a*") echo literal;; esac; case ab in a\\*) echo no;; a?) echo yes;; esac')).toBe('literal\nyes\n');
    expect(await out('case a in a) echo one;& b) echo two;; c) echo three;; esac')).toBe('one\ntwo\n');
    expect(await out('case a in a) echo one;;& b) echo two;; *) echo any;; esac')).toBe('one\nany\n');
  });
});

describe('read', () => {
  it('splits on IFS, the last name taking the rest', async () => {
    expect(await out('read -r a b <<< "one two three"; echo "[$a][$b]"')).toBe('[one][two three]\n');
    expect(await out('IFS=: read a b <<< "x:y:z"; echo $a-$b')).toBe('x-y:z\n');
    expect(await out('read x <<< "  lead  trail  "; echo "[$x]"')).toBe('[lead  trail]\n');
    expect(await out('read <<< "  r  "; echo "[$REPLY]"')).toBe('[  r  ]\n');
  });
  it('removes backslashes unless -r, and gives 1 at end of input', async () => {
    expect(await out('printf "a\\\\\\\\b\\n" | { read x; echo "$x"; }')).toBe('ab\n');
    expect(await out('printf "a\\\\\\\\b\\n" | { read -r x; echo "$x"; }')).toBe('a\\b\n');
    expect(await out('read y < /dev/null; echo $?')).toBe('1\n');
    expect(await out('read 1x <<< a; echo $?')).toBe("bash: read: `1x': not a valid identifier\n1\n");
  });
  it('reads a file or a pipe a line at a time in a while loop', async () => {
    expect(await out('while read -r first rest; do echo "[$first][$rest]"; done < f.txt', { 'f.txt': 'a b c\nd e\n' })).toBe('[a][b c]\n[d][e]\n');
    expect(await out('printf "l1\\nl2" | while read l; do echo "<$l>"; done')).toBe('<l1>\n');
    expect(await out('seq 3 | while read n; do echo "n=$n"; done')).toBe('n=1\nn=2\nn=3\n');
  });
  it('runs pipeline stages in subshells, as bash does', async () => {
    expect(await out('echo x | read v; echo "[$v]"')).toBe('[]\n');
  });
});

describe('alias, source and process substitution', () => {
  it('defines, lists, expands and removes aliases', async () => {
    expect(await out('alias k2=kubectl; alias ll="ls -l"; alias; alias k2; alias nope; unalias nope; unalias k2; alias')).toBe(
      "alias k2='kubectl'\nalias ll='ls -l'\nalias k2='kubectl'\nbash: alias: nope: not found\nbash: unalias: nope: not found\nalias ll='ls -l'\n",
    );
    expect(await out('alias a="it\'s"; alias a\nunalias')).toBe("alias a='it'\\''s'\nunalias: usage: unalias [-a] name [name ...]\n");
    expect(await out('alias kv="kubectl version"\nkv --client\nalias two="echo a; echo b"\ntwo c\ntype kv')).toBe(
      "Client Version: v1.32.5\nKustomize Version: v5.5.0\na\nb c\nkv is aliased to `kubectl version'\n",
    );
  });
  it('sources files with arguments, and . too', async () => {
    expect(await out('source s.sh one; . s.sh two; source; source nope', { 's.sh': 'echo sourced $1\nf() { echo from f; }\n' })).toBe(
      'sourced one\nsourced two\nbash: source: filename argument required\nsource: usage: source filename [arguments]\nbash: nope: No such file or directory\n',
    );
    expect(await out('source s.sh; f; type -t f; echo ok', { 's.sh': 'f() { echo from f; }\nreturn 4\necho never\n' })).toBe('from f\nfunction\nok\n');
  });
  it('gives <(cmd) as a file a command reads, and source <(...) works', async () => {
    expect(await out('cat <(echo from procsub); echo <(true)')).toBe('from procsub\n/dev/fd/63\n');
    expect(await out("source <(echo 'alias kk=kubectl'); alias kk")).toBe("alias kk='kubectl'\n");
    expect(await out('while read l; do echo "got $l"; done < <(printf "a\\nb\\n")')).toBe('got a\ngot b\n');
    expect(await out('cat <(echo a) <(echo b)')).toBe('a\nb\n');
  });
  it("keeps a subshell's directory and variables to itself", async () => {
    expect(await out('(cd /tmp; X=1; pwd); pwd; echo "[$X]"; echo $(cd /; pwd) $PWD')).toBe('/tmp\n/home/learner\n[]\n/ /home/learner\n');
  });
});
