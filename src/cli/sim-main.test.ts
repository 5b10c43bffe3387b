import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, 'sim-main.ts');

/** Starts `npm run sim` as the command line runs it, with `input` piped in. */
function start(input: string): { out: () => string; err: () => string; exit: Promise<number | null>; signal: (s: NodeJS.Signals) => void } {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', MAIN], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin.end(input);
  return {
    out: () => out,
    err: () => err,
    exit: new Promise((resolve) => child.on('close', (code) => resolve(code))),
    signal: (s) => void child.kill(s),
  };
}

describe('npm run sim', () => {
  it('streams the transcript as it goes and keeps it on SIGINT, ending with ^C', async () => {
    const p = start('echo start\nwhile true; do echo y; done\necho never\n');
    const t0 = Date.now();
    while (!p.out().includes('y\ny\n') && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
    p.signal('SIGINT');
    expect(await p.exit).toBe(130);
    expect(p.out()).toMatch(/^\$ echo start\nstart\n\$ while true; do echo y; done\n(y\n)+y?\^C\n$/);
    expect(p.err()).toBe('');
  }, 30_000);
});
