import { describe, expect, it } from 'vitest';
import { wrap } from './render.ts';

describe('wrap (go-wordwrap)', () => {
  it('breaks greedily and keeps line breaks', () => {
    expect(wrap('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
    expect(wrap('aa\n\nbb', 5)).toEqual(['aa', '', 'bb']);
  });

  it('keeps a run of spaces inside a line and drops it where the line breaks', () => {
    expect(wrap('aa.  bb', 10)).toEqual(['aa.  bb']);
    expect(wrap('aaaa.  bb', 6)).toEqual(['aaaa.', 'bb']);
    expect(wrap('aaaaa.  bb', 6)).toEqual(['aaaaa.', 'bb']);
  });

  it('leaves a word longer than the width whole, on its own line', () => {
    expect(wrap('see https://example.com/long/path', 10)).toEqual(['see', 'https://example.com/long/path']);
  });
});
