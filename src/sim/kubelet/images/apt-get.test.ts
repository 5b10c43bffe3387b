import { describe, expect, it } from 'vitest';
import { SimClock } from '../../clock/clock.ts';
import { MemFs } from '../mem-fs.ts';
import { spawn, type ProcessIO } from '../process.ts';
import { runArgv } from '../sh/run.ts';
import { aptGet } from './apt-get.ts';

function run(argv: string[], osRelease = 'VERSION_CODENAME=bookworm\n') {
  const clock = new SimClock(0);
  const fs = new MemFs();
  fs.write('/etc/os-release', osRelease);
  let out = '';
  let err = '';
  let code: number | undefined;
  const io: ProcessIO = { argv, env: { PATH: '/bin' }, fs, hostname: 'p', now: () => clock.now(), out: (s) => (out += s), err: (s) => (err += s), commands: { 'apt-get': aptGet } };
  spawn(clock, () => runArgv(argv, io), io, (c) => (code = c));
  clock.advance(0);
  return { out, err, code };
}

describe('apt-get with no reachable Debian mirror', () => {
  it('update: three tries per source of the image release, an error and a warning each, exit 0', () => {
    const r = run(['apt-get', 'update'], 'VERSION_CODENAME=trixie\n');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => l.startsWith('Ign:'))).toHaveLength(9);
    expect(r.out).toContain("Err:3 http://deb.debian.org/debian-security trixie-security InRelease\n  Could not resolve 'deb.debian.org'\n");
    expect(r.out.endsWith('Reading package lists...\n')).toBe(true);
    expect(r.err).toContain("W: Failed to fetch http://deb.debian.org/debian/dists/trixie-updates/InRelease  Could not resolve 'deb.debian.org'\n");
    expect(r.err.endsWith('W: Some index files failed to download. They have been ignored, or old ones used instead.\n')).toBe(true);
  });

  it('install finds no package in the empty lists (exit 100); upgrade has nothing to do', () => {
    const r = run(['apt-get', 'install', '-y', 'procps']);
    expect(r).toEqual({ out: 'Reading package lists...\nBuilding dependency tree...\nReading state information...\n', err: 'E: Unable to locate package procps\n', code: 100 });
    expect(run(['apt-get', 'upgrade']).out).toContain('Calculating upgrade...\n0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n');
  });

  it('rejects an unknown operation as apt-get does', () => {
    expect(run(['apt-get', 'frobnicate'])).toEqual({ out: '', err: 'E: Invalid operation frobnicate\n', code: 100 });
  });
});
