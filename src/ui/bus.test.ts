import { beforeEach, describe, expect, it } from 'vitest';
import { hasQueued, publishSession, sendToTerminal, serveTerminal, whenSession, WAKE_EVENT, type SessionHandle, type TerminalRequest } from './bus.ts';

describe('terminal bus', () => {
  let woken: string[];
  beforeEach(() => {
    woken = [];
    const g = globalThis as Record<string, unknown>;
    g.window = {};
    g.CustomEvent = class extends Event {};
    g.document = {
      getElementById: (id: string) => ({ dispatchEvent: (e: Event) => void (e.type === WAKE_EVENT && woken.push(id)) }),
      querySelector: () => null,
    };
  });

  it('queues requests until the terminal serves them, then delivers in order', () => {
    const got: TerminalRequest[] = [];
    sendToTerminal('t1', { kind: 'run', commands: ['a'] });
    sendToTerminal('t2', { kind: 'run', commands: ['other'] });
    sendToTerminal('t1', { kind: 'apply', file: 'p.yaml', content: 'x' });
    expect(hasQueued('t1')).toBe(true);
    expect(woken).toEqual(['t1', 't2', 't1']);
    serveTerminal('t1', (r) => got.push(r));
    expect(got).toEqual([
      { kind: 'run', commands: ['a'] },
      { kind: 'apply', file: 'p.yaml', content: 'x' },
    ]);
    expect(hasQueued('t1')).toBe(false);
    expect(hasQueued('t2')).toBe(true);
    sendToTerminal('t1', { kind: 'run', commands: ['b'] });
    expect(got).toHaveLength(3);
  });

  it('hands the session to those waiting and to later callers', () => {
    const session = { cluster: {}, onClusterChange: () => () => {} } as unknown as SessionHandle;
    const seen: unknown[] = [];
    whenSession('t1', (s) => seen.push(s));
    expect(seen).toEqual([]);
    publishSession('t1', session);
    whenSession('t1', (s) => seen.push(s));
    expect(seen).toEqual([session, session]);
  });
});
