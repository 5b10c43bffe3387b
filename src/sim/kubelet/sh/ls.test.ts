import { describe, expect, it } from 'vitest';
import { SimClock } from '../../clock/clock.ts';
import { MemFs } from '../mem-fs.ts';
import { spawn, type ProcessIO } from '../process.ts';
import { runArgv } from './run.ts';
import { LineTerminal } from './line-terminal.ts';

function ls(args: string[], names: string[], tty: boolean): string {
  const clock = new SimClock(Date.UTC(2026, 10, 30, 3, 0, 0));
  const fs = new MemFs();
  for (const n of names) fs.write(`/d/${n}`, '');
  let out = '';
  const io: ProcessIO = { argv: [], env: { PATH: '/bin' }, fs, hostname: 'p', now: () => clock.now(), out: (s) => (out += s), err: () => {} };
  if (tty) io.terminal = new LineTerminal('busybox', true);
  spawn(clock, () => runArgv(['ls', ...args, '/d'], io), io, () => {});
  clock.advance(0);
  return out;
}

describe('busybox ls on a terminal', () => {
  it('lists names in columns two wider than the longest, as the projected-volume page shows', () => {
    expect(ls([], ['username.txt', 'password.txt'], true)).toBe('password.txt  username.txt\n');
  });

  it('fills columns top to bottom within 80 characters', () => {
    const names = Array.from({ length: 12 }, (_, i) => `file-number-${String(i).padStart(2, '0')}`);
    // 14 characters + 2 = 16 wide: 5 columns, 3 rows.
    expect(ls([], names, true).split('\n')[0]).toBe('file-number-00  file-number-03  file-number-06  file-number-09');
  });

  it('one a line without a terminal or with -1', () => {
    expect(ls([], ['b', 'a'], false)).toBe('a\nb\n');
    expect(ls(['-1'], ['b', 'a'], true)).toBe('a\nb\n');
  });
});
