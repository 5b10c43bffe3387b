import { describe, expect, it } from 'vitest';
import { createLocalPorts } from './local-ports.ts';

const ok = (body: string) => () => ({ status: 200, body });

describe('local ports', () => {
  it('binds per address and family, a wildcard covering its family', () => {
    const p = createLocalPorts();
    const v4 = p.listen('127.0.0.1', 8080, ok('v4'))!;
    expect(p.listen('127.0.0.1', 8080, ok('again'))).toBeUndefined();
    expect(p.listen('0.0.0.0', 8080, ok('wild'))).toBeUndefined();
    expect(p.listen('::1', 8080, ok('v6'))).toBeDefined();
    expect(p.connect('127.0.0.1', 8080)?.('/', '')).toEqual({ status: 200, body: 'v4' });
    expect(p.connect('10.0.0.5', 8080)).toBeUndefined();
    v4.close();
    expect(p.connect('127.0.0.1', 8080)).toBeUndefined();
    p.listen('0.0.0.0', 8080, ok('wild'));
    expect(p.connect('127.0.0.1', 8080)?.('/', '')).toEqual({ status: 200, body: 'wild' });
    expect(p.listen('127.0.0.1', 8080, ok('specific'))).toBeUndefined();
  });

  it('hands out free ephemeral ports in the kernel range, the same sequence each time', () => {
    const a = createLocalPorts();
    const b = createLocalPorts();
    const first = a.ephemeralPort();
    expect(b.ephemeralPort()).toBe(first);
    a.listen('127.0.0.1', first, ok(''));
    const seen = new Set([first]);
    for (let i = 0; i < 500; i++) {
      const port = a.ephemeralPort();
      expect(port).toBeGreaterThanOrEqual(32768);
      expect(port).toBeLessThanOrEqual(60999);
      seen.add(port);
    }
    expect(seen.size).toBe(501);
  });
});
