import { describe, expect, it } from 'vitest';
import { SimClock } from '../../clock/clock.ts';
import { MemFs } from '../mem-fs.ts';
import { spawn, type ProcessIO } from '../process.ts';
import { runArgv } from './run.ts';

function sh(script: string | string[], opts: { advance?: number; files?: Record<string, string> } = {}) {
  const clock = new SimClock(Date.UTC(2026, 10, 30, 3, 9, 11));
  const fs = new MemFs();
  for (const [p, c] of Object.entries(opts.files ?? {})) fs.write(p, c);
  let out = '';
  let err = '';
  let code: number | undefined;
  const io: ProcessIO = {
    argv: [],
    env: { PATH: '/bin', GREETING: 'hello world' },
    fs,
    hostname: 'mypod',
    now: () => clock.now(),
    out: (s) => (out += s),
    err: (s) => (err += s),
  };
  const argv = typeof script === 'string' ? ['sh', '-c', script] : script;
  const proc = spawn(clock, () => runArgv(argv, io), io, (c) => (code = c));
  clock.advance(opts.advance ?? 0);
  return {
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    get code() {
      return code;
    },
    proc,
    clock,
    fs,
  };
}

describe('sh', () => {
  it('echo, variables, quoting, $? and exit codes', () => {
    expect(sh('echo "$GREETING" \'$GREETING\' ${GREETING}!').out).toBe('hello world $GREETING hello world!\n');
    expect(sh('false; echo $?; true && echo yes || echo no; false || echo fallback').out).toBe('1\nyes\nfallback\n');
    expect(sh('exit 3').code).toBe(3);
    expect(sh('echo -n a; echo -e "b\\tc"').out).toBe('ab\tc\n');
    expect(sh('X=5; printf "%s-%d\\n" "$X" 42').out).toBe('5-42\n');
    expect(sh('echo ${MISSING:-default} ${#GREETING}').out).toBe('default 11\n');
  });

  it('loops, conditions and arithmetic', () => {
    expect(sh('i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done').out).toBe('0\n1\n2\n');
    expect(sh('for x in a b c; do echo $x; done').out).toBe('a\nb\nc\n');
    expect(sh('if [ "a" = "b" ]; then echo same; elif [ 2 -gt 1 ]; then echo bigger; else echo no; fi').out).toBe('bigger\n');
    expect(sh('n=0; until [ $n -ge 2 ]; do n=$((n+1)); done; echo $n').out).toBe('2\n');
    expect(sh('for i in 1 2 3 4; do if [ $i = 3 ]; then break; fi; echo $i; done').out).toBe('1\n2\n');
  });

  it('sleeps on the cluster clock and prints busybox dates', () => {
    const r = sh('while true; do date; sleep 5; done', { advance: 10_000 });
    expect(r.out).toBe('Mon Nov 30 03:09:11 UTC 2026\nMon Nov 30 03:09:16 UTC 2026\nMon Nov 30 03:09:21 UTC 2026\n');
    expect(r.code).toBeUndefined();
  });

  it('a runaway loop yields instead of freezing', () => {
    const r = sh('while true; do echo x; done', { advance: 1_000 });
    expect(r.code).toBeUndefined();
    const lines = r.out.split('\n').length;
    expect(lines).toBeGreaterThan(100);
    expect(lines).toBeLessThan(100_000);
    r.proc.signal('KILL');
  });

  it('files, redirections, command substitution, pipes and unknown commands', () => {
    const r = sh('echo hi > /tmp/a; echo there >> /tmp/a; cat /tmp/a; echo "host=$(hostname)"; cat /etc/cfg/key | grep v', {
      files: { '/etc/cfg/key': 'value\nother\n' },
    });
    expect(r.out).toBe('hi\nthere\nhost=mypod\nvalue\n');
    const bad = sh('foo; echo $?');
    expect(bad.err).toBe('sh: foo: not found\n');
    expect(bad.out).toBe('127\n');
    expect(sh('cat /nope').err).toBe("cat: can't open '/nope': No such file or directory\n");
    expect(sh('if true; then echo').err).toMatch(/^sh: syntax error/);
  });

  it('runs a bare command argv and ignores SIGTERM unless trapped', () => {
    const r = sh(['sleep', '3600']);
    r.proc.signal('TERM');
    r.clock.advance(1000);
    expect(r.proc.exited).toBe(false);
    const t = sh("trap 'echo bye; exit 0' TERM; while true; do sleep 1; done");
    t.proc.signal('TERM');
    t.clock.advance(10);
    expect(t.out).toBe('bye\n');
    expect(t.code).toBe(0);
  });
});
