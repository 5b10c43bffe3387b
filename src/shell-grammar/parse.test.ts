import { describe, expect, it } from 'vitest';
import type { SimpleCommand, Word } from './ast.ts';
import { parse } from './parse.ts';

/** Words of a command with quotes removed and variables shown as $NAME. */
function text(w: Word): string {
  return w.map((p) => (p.kind === 'lit' ? p.text : p.kind === 'var' ? `$${p.name}` : `$(${p.source})`)).join('');
}

function commands(src: string): SimpleCommand[] {
  const r = parse(src, true);
  if (!r.ok) throw new Error(r.incomplete ? 'incomplete' : r.message);
  return r.script.flatMap((c) => [c.first, ...c.rest.map((x) => x.pipeline)]).flatMap((p) => p.commands) as SimpleCommand[];
}

function argv(src: string): string[][] {
  return commands(src).map((c) => c.words.map(text));
}

describe('parse: words and quotes', () => {
  it('splits on blanks and keeps quoted blanks', () => {
    expect(argv(`echo  a 'b c' "d  e" f\\ g`)).toEqual([['echo', 'a', 'b c', 'd  e', 'f g']]);
  });
  it('joins adjacent quoted and unquoted pieces into one word', () => {
    expect(argv(`echo a"b"'c'd`)).toEqual([['echo', 'abcd']]);
  });
  it('keeps backslashes inside single quotes and only special ones in double quotes', () => {
    expect(argv(`echo '\\n' "\\$x \\q"`)).toEqual([['echo', '\\n', '$x \\q']]);
  });
  it('marks variables quoted or not', () => {
    const [cmd] = commands(`echo $A "$B" \${C} '$D'`);
    const parts = cmd!.words.slice(1).map((w) => w[0]);
    expect(parts).toEqual([
      { kind: 'var', name: 'A', quoted: false },
      { kind: 'var', name: 'B', quoted: true },
      { kind: 'var', name: 'C', quoted: false },
      { kind: 'lit', text: '$D', quoted: true },
    ]);
  });
  it('reads $(...) with nested parentheses and quotes', () => {
    const [cmd] = commands(`echo $(kubectl get pods -o jsonpath='{.items[0].metadata.name}' | tr -d "()")`);
    expect(cmd!.words[1]![0]).toMatchObject({ kind: 'sub', source: `kubectl get pods -o jsonpath='{.items[0].metadata.name}' | tr -d "()"` });
  });
  it('drops comments', () => {
    expect(argv('echo a # not this')).toEqual([['echo', 'a']]);
    expect(argv('echo a#b')).toEqual([['echo', 'a#b']]);
  });
  it('takes NAME=value before the command as an assignment', () => {
    const [cmd] = commands('A=1 B="x y" env');
    expect(cmd!.assigns.map((a) => [a.name, text(a.value)])).toEqual([
      ['A', '1'],
      ['B', 'x y'],
    ]);
    expect(cmd!.words.map(text)).toEqual(['env']);
  });
});

describe('parse: operators', () => {
  it('builds pipelines and and-or chains', () => {
    const r = parse('a | b && c || d; e', true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.script).toHaveLength(2);
    expect(r.script[0]!.first.commands).toHaveLength(2);
    expect(r.script[0]!.rest.map((x) => x.op)).toEqual(['&&', '||']);
  });
  it('reports a misplaced operator like bash', () => {
    expect(parse('| grep x', true)).toEqual({ ok: false, incomplete: false, message: "bash: syntax error near unexpected token `|'" });
    expect(parse('echo a ;; echo b', true)).toMatchObject({ message: "bash: syntax error near unexpected token `;;'" });
  });
  it('asks for more input after a trailing pipe or && interactively', () => {
    expect(parse('kubectl get pods |', false)).toEqual({ ok: false, incomplete: true });
    expect(parse('true &&', false)).toEqual({ ok: false, incomplete: true });
    expect(parse('true &&', true)).toMatchObject({ message: 'bash: syntax error: unexpected end of file' });
  });
  it('marks a chain ended by & as a background job, and & separates chains', () => {
    const r = parse('sleep 5 & echo next; kubectl port-forward svc/web 8080:80 &', true);
    expect(r.ok && r.script.map((c) => c.background ?? false)).toEqual([true, false, true]);
    expect(parse('sleep 1 & ;', true)).toMatchObject({ message: "bash: syntax error near unexpected token `;'" });
    expect(parse('& echo', true)).toMatchObject({ message: "bash: syntax error near unexpected token `&'" });
  });
  it('refuses what the terminal does not run with a clear message', () => {
    expect(parse('coproc cat', true)).toMatchObject({ ok: false, message: expect.stringContaining('not supported') });
  });
});

describe('parse: redirections', () => {
  it('reads file redirections with optional descriptors', () => {
    const [cmd] = commands('kubectl get pods > out.txt 2>&1 < in.txt 2>>err.log');
    expect(cmd!.redirects).toEqual([
      { kind: 'file', fd: 1, mode: 'write', target: [{ kind: 'lit', text: 'out.txt', quoted: false }] },
      { kind: 'dup', fd: 2, to: 1 },
      { kind: 'file', fd: 0, mode: 'read', target: [{ kind: 'lit', text: 'in.txt', quoted: false }] },
      { kind: 'file', fd: 2, mode: 'append', target: [{ kind: 'lit', text: 'err.log', quoted: false }] },
    ]);
    expect(cmd!.words.map(text)).toEqual(['kubectl', 'get', 'pods']);
  });
  it('reads &> and >&2', () => {
    const [cmd] = commands('echo x &> all.txt >&2');
    expect(cmd!.redirects.map((r) => r.kind)).toEqual(['both', 'dup']);
  });
  it('needs a target', () => {
    expect(parse('echo >', true)).toMatchObject({ message: "bash: syntax error near unexpected token `newline'" });
    expect(parse('echo > | x', true)).toMatchObject({ message: "bash: syntax error near unexpected token `|'" });
  });
});

describe('parse: here-documents', () => {
  it('takes the body from the following lines', () => {
    const [cmd] = commands("cat > f.yaml <<'EOF'\na: $X\n  b\nEOF");
    expect(cmd!.redirects[1]).toEqual({ kind: 'heredoc', fd: 0, doc: { delimiter: 'EOF', expand: false, stripTabs: false, body: 'a: $X\n  b\n' } });
  });
  it('expands unless the delimiter is quoted', () => {
    const [cmd] = commands('cat <<EOF\n$X\nEOF');
    expect(cmd!.redirects[0]).toMatchObject({ doc: { expand: true, body: '$X\n' } });
  });
  it('strips leading tabs with <<-', () => {
    const [cmd] = commands('cat <<-EOF\n\tone\n\t\ttwo\n\tEOF');
    expect(cmd!.redirects[0]).toMatchObject({ doc: { body: 'one\ntwo\n' } });
  });
  it('works in a pipeline and keeps commands after the body', () => {
    const r = parse('cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF\necho done', true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.script).toHaveLength(2);
    expect((r.script[0]!.first.commands as SimpleCommand[]).map((c) => c.words.map(text))).toEqual([['cat'], ['kubectl', 'apply', '-f', '-']]);
  });
  it('asks for more lines until the delimiter, naming it', () => {
    expect(parse('cat <<EOF\nline', false)).toEqual({ ok: false, incomplete: true, heredoc: { delimiter: 'EOF', stripTabs: false } });
    expect(parse('cat <<EOF', false)).toMatchObject({ incomplete: true });
  });
  it('ends an unfinished body at end of script with bash warning', () => {
    const r = parse('cat <<EOF\nline', true);
    expect(r).toMatchObject({ ok: true, warnings: ["bash: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')"] });
  });
});

describe('parse: unfinished quotes', () => {
  it('asks for more input interactively', () => {
    expect(parse('echo "abc', false)).toEqual({ ok: false, incomplete: true, openQuote: '"' });
    expect(parse("echo 'abc", false)).toEqual({ ok: false, incomplete: true, openQuote: "'" });
    expect(parse("echo $'abc", false)).toEqual({ ok: false, incomplete: true });
    expect(parse('echo "$(echo \'a', false)).toEqual({ ok: false, incomplete: true });
    expect(parse('echo abc \\', false)).toEqual({ ok: false, incomplete: true });
  });
  it('is an error at end of script, like bash', () => {
    expect(parse('echo "abc', true)).toEqual({ ok: false, incomplete: false, message: 'bash: unexpected EOF while looking for matching `"\'' });
  });
  it('continues a quote over several lines', () => {
    expect(argv('echo "a\nb"')).toEqual([['echo', 'a\nb']]);
  });
  it('joins lines ending in a backslash', () => {
    expect(argv('kubectl get \\\npods')).toEqual([['kubectl', 'get', 'pods']]);
  });
});

describe('parse: compound commands', () => {
  it('reads for, while, until, if and groups', () => {
    const r = parse(
      'for i in a "b c"; do echo $i; done; while false; do :; done; until true; do :; done; if a; then b; elif c; then d; else e; fi; { x; y; }',
      true,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const kinds = r.script.map((c) => c.first.commands[0]!.kind);
    expect(kinds).toEqual(['for', 'while', 'while', 'if', 'group']);
    const loop = r.script[0]!.first.commands[0]!;
    expect(loop.kind === 'for' && loop.words.map(text)).toEqual(['a', 'b c']);
    const ifc = r.script[3]!.first.commands[0]!;
    expect(ifc.kind === 'if' && [ifc.branches.length, ifc.otherwise?.length]).toEqual([2, 1]);
  });
  it('spreads a loop over lines and asks for more until done', () => {
    expect(parse('for i in 1 2\ndo\n  echo $i\n', false)).toEqual({ ok: false, incomplete: true });
    expect(parse('for i in 1 2\ndo\n  echo $i\ndone', false)).toMatchObject({ ok: true });
    expect(parse('if true; then echo x', true)).toMatchObject({ message: 'bash: syntax error: unexpected end of file' });
  });
  it('takes redirections after a compound command', () => {
    const r = parse('for i in 1; do echo; done > out.txt', true);
    expect(r.ok && r.script[0]!.first.commands[0]!.kind === 'for' && r.script[0]!.first.commands[0]!.redirects.length).toBe(1);
  });
  it('rejects misplaced reserved words and bad loop names', () => {
    expect(parse('done', true)).toMatchObject({ message: "bash: syntax error near unexpected token `done'" });
    expect(parse('for 1x in a; do :; done', true)).toMatchObject({ message: "bash: `1x': not a valid identifier" });
    expect(parse('while; do :; done', true)).toMatchObject({ message: "bash: syntax error near unexpected token `;'" });
  });
  it('reads $((...)) as arithmetic', () => {
    const [cmd] = commands('echo $(( (1+2) * 3 ))');
    expect(cmd!.words[1]![0]).toEqual({ kind: 'arith', source: ' (1+2) * 3 ', quoted: false });
  });
});

/** What real bash 5.2 prints for each syntax error (`bash -c`, without its `line 1:` prefix). */
describe('parse: functions, case and subshells', () => {
  it('parses NAME() { ...; } and function NAME { ...; }', () => {
    const r = parse('f() { echo hi; }; function g { :; }; function h() ( echo sub )', true);
    expect(r.ok && r.script.map((c) => c.first.commands[0]!.kind)).toEqual(['function', 'function', 'function']);
  });
  it('gives bash syntax errors for broken definitions', () => {
    expect(parse('f() echo hi', true)).toMatchObject({ message: "bash: syntax error near unexpected token `echo'" });
    expect(parse('f() { }', true)).toMatchObject({ message: "bash: syntax error near unexpected token `}'" });
    expect(parse('function', true)).toMatchObject({ message: "bash: syntax error near unexpected token `newline'" });
    expect(parse('f(', true)).toMatchObject({ message: "bash: syntax error near unexpected token `newline'" });
  });
  it('waits for the body of a function on the next line', () => {
    expect(parse('f()', false)).toEqual({ ok: false, incomplete: true });
    expect(parse('f() {\necho hi', false)).toEqual({ ok: false, incomplete: true });
  });
  it('parses case items with alternatives, ;; ;& ;;& and an optional (', () => {
    const r = parse('case $x in (a|b) echo ab;; c) echo c;& *) ;;& esac', true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.script[0]!.first.commands[0]!;
    expect(c.kind === 'case' && c.items.map((it) => [it.patterns.map(text), it.end])).toEqual([
      [['a', 'b'], ';;'],
      [['c'], ';&'],
      [['*'], ';;&'],
    ]);
  });
  it('gives bash syntax errors for broken case commands', () => {
    expect(parse('case x in', true)).toMatchObject({ message: 'bash: syntax error: unexpected end of file' });
    expect(parse('case x in a) echo;; esac esac', true)).toMatchObject({ message: "bash: syntax error near unexpected token `esac'" });
    expect(parse('esac', true)).toMatchObject({ message: "bash: syntax error near unexpected token `esac'" });
    expect(parse('case', false)).toMatchObject({ message: "bash: syntax error near unexpected token `newline'" });
    expect(parse('case x in\na)', false)).toEqual({ ok: false, incomplete: true });
  });
  it('parses ( list ) as a subshell and waits for its )', () => {
    const r = parse('(cd /tmp; ls) > out', true);
    expect(r.ok && r.script[0]!.first.commands[0]).toMatchObject({ kind: 'subshell', redirects: [{ kind: 'file' }] });
    expect(parse('(echo hi', true)).toMatchObject({ message: 'bash: syntax error: unexpected end of file' });
  });
  it('reads <(cmd) as a word', () => {
    const [cmd] = commands('diff <(kubectl get pods) <(echo x)');
    expect(cmd!.words.slice(1).map((w) => w[0])).toEqual([
      { kind: 'procsub', source: 'kubectl get pods', quoted: false },
      { kind: 'procsub', source: 'echo x', quoted: false },
    ]);
  });
});
