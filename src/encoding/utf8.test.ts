import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8.ts';

describe('utf8Bytes', () => {
  it('encodes 1- to 4-byte sequences as TextEncoder does', () => {
    for (const s of ['', 'web', 'é', 'ø-€', '日本語', '😀 x', '\u007f\u0080\u07ff\u0800\uffff']) {
      expect([...utf8Bytes(s)]).toEqual([...new TextEncoder().encode(s)]);
    }
  });
});
