/**
 * The containers' sh reads the shared shell grammar in busybox ash's (or dash's) dialect:
 * what it runs, what it refuses, and its arithmetic, which is the shared one.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../clock/clock.ts';
import { MemFs } from '../mem-fs.ts';
import { spawn, type ProcessIO } from '../process.ts';
import { runArgv } from './run.ts';

function sh(script: string, dash = false): { out: string; err: string; code: number | undefined } {
  const clock = new SimClock(Date.UTC(2026, 10, 30, 3, 9, 11));
  const result = { out: '', err: '', code: undefined as number | undefined };
  const io: ProcessIO = {
    argv: [],
    env: { PATH: '/bin' },
    fs: new MemFs(),
    hostname: 'mypod',
    now: () => clock.now(),
    out: (s) => (result.out += s),
    err: (s) => (result.err += s),
    dash,
  };
  spawn(
    clock,
    () => runArgv(['sh', '-c', script], io),
    io,
    (c) => (result.code = c),
  );
  clock.advance(0);
  return result;
}

describe("the containers' sh on the shared grammar", () => {
  it('runs loops, conditions, groups, pipes and redirections as before', () => {
    const r = sh('for i in 1 2; do if [ $i = 2 ]; then echo two; else echo one; fi; done; { echo a; echo b; } | wc -l; (echo x) >/dev/null 2>&1; echo $?');
    expect(r.out).toBe('one\ntwo\n2\n0\n');
  });
  it('has the arithmetic ash has: assignments, ++ and the C operators', () => {
    expect(sh('i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; echo $i $((i += 2)) $((i++)) $i $((i > 3 ? 10 : 20)) $((1 << 4))').out).toBe('3 5 5 6 10 16\n');
  });
  it('reports an arithmetic error as before', () => {
    const r = sh('echo $((1/0))');
    expect(r.err).toBe('sh: arithmetic syntax error\n');
    expect(r.code).toBe(2);
  });
  it('words syntax errors as busybox does', () => {
    expect(sh('if true; then echo x; fi fi').err).toBe('sh: syntax error: unexpected "fi"\n');
    expect(sh('echo "abc').err).toBe('sh: syntax error: unterminated quoted string\n');
    expect(sh('while true; do').err).toBe('sh: syntax error: unexpected end of file\n');
  });
  it('words syntax errors as dash does in a dash image (dash itself adds the line number)', () => {
    // dash -c 'echo )' prints: dash: 1: Syntax error: ")" unexpected
    expect(sh('echo )', true).err).toBe('sh: Syntax error: ")" unexpected\n');
  });
  it("has none of bash's extensions: [[ is a command, arrays and <( ) are not words", () => {
    expect(sh('[[ 1 = 1 ]]').err).toBe('sh: [[: not found\n');
    expect(sh('a=(x y)').err).toBe('sh: syntax error: unexpected "("\n');
  });
});
