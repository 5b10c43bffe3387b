/**
 * One grammar, three shells: what bash reads as its extensions, busybox ash and dash read as
 * plain sh, and each words its syntax errors as that shell does (dash's checked with
 * `dash -c`, which adds `dash: 1: ` in front; bash's with `bash -c`).
 */
import { describe, expect, it } from 'vitest';
import type { SimpleCommand } from './ast.ts';
import { ASH, BASH, DASH } from './dialect.ts';
import { parse } from './parse.ts';

function simple(src: string, dialect = BASH): SimpleCommand[] {
  const r = parse(src, true, dialect);
  if (!r.ok) throw new Error(r.incomplete ? 'incomplete' : r.message);
  return r.script.flatMap((c) => [c.first, ...c.rest.map((x) => x.pipeline)]).flatMap((p) => p.commands as SimpleCommand[]);
}

function error(src: string, dialect = BASH): string {
  const r = parse(src, true, dialect);
  return r.ok ? 'parsed' : r.incomplete ? 'incomplete' : r.message;
}

describe('dialects', () => {
  it("reads bash's extensions in bash only", () => {
    expect(simple('a=(x y)')[0]!.assigns[0]!.array).toHaveLength(2);
    expect(simple('a[1]=x')[0]!.assigns[0]!.index).toBe('1');
    expect(simple('a[1]=x', ASH)[0]!.words[0]!.raw).toBe('a[1]=x');
    expect(simple('[[ -n x ]]', ASH)[0]!.words.map((w) => w.raw)).toEqual(['[[', '-n', 'x', ']]']);
    expect(simple('function f', ASH)[0]!.words.map((w) => w.raw)).toEqual(['function', 'f']);
    expect(simple("echo $'a\\tb'")[0]!.words[1]![0]).toEqual({ kind: 'lit', text: 'a\tb', quoted: true });
    expect(simple("echo $'a'", ASH)[0]!.words[1]!.raw).toBe("$'a'");
  });
  it('has `&>` in bash; in sh it is `&` then `>`', () => {
    expect(simple('echo x &>f')[0]!.redirects[0]).toMatchObject({ kind: 'both', mode: 'write' });
    const r = parse('echo x &>f', true, ASH);
    expect(r.ok && r.script.map((c) => c.background === true)).toEqual([true, false]);
  });
  it('words syntax errors as each shell does', () => {
    expect(error('if true; then :; fi fi')).toBe("bash: syntax error near unexpected token `fi'");
    expect(error('if true; then :; fi fi', ASH)).toBe('syntax error: unexpected "fi"');
    expect(error('if true; then :; fi fi', DASH)).toBe('Syntax error: "fi" unexpected');
    expect(error('echo "abc')).toBe('bash: unexpected EOF while looking for matching `"\'');
    expect(error('echo "abc', DASH)).toBe('Syntax error: Unterminated quoted string');
    expect(error('echo )', DASH)).toBe('Syntax error: ")" unexpected');
  });
});
