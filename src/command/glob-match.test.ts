import { describe, expect, it } from 'vitest';
import { compileGlob, globMatch, globMatches } from './glob-match.ts';

describe('globMatch', () => {
  it('matches stars and question marks as bash does', () => {
    const cases: [string, string, boolean][] = [
      ['*', '', true],
      ['*', 'abc', true],
      ['a*', 'abc', true],
      ['*c', 'abc', true],
      ['a*c', 'ac', true],
      ['a*c', 'ab', false],
      ['a?c', 'abc', true],
      ['a?c', 'ac', false],
      ['*.yaml', 'pod.yaml', true],
      ['*.yaml', 'pod.yml', false],
      ['**', 'x', true],
      ['a*b*c', 'aXbYc', true],
      ['a*b*c', 'aXcYb', false],
      ['*ab*ab*', 'xabyab', true],
      ['*aba', 'aba', true],
      ['ab*ba', 'aba', false],
      ['plain', 'plain', true],
      ['plain', 'plainer', false],
    ];
    for (const [p, n, want] of cases) expect([p, n, globMatch(p, n)]).toEqual([p, n, want]);
  });

  it('leaves quoted wildcards literal', () => {
    const g = compileGlob('a*b', (i) => i !== 1);
    expect(globMatches(g, 'a*b')).toBe(true);
    expect(globMatches(g, 'axb')).toBe(false);
  });

  it('answers at once where a backtracking regex would not', () => {
    const name = 'a'.repeat(5000);
    const t = performance.now();
    expect(globMatch('*a'.repeat(40) + 'b', name)).toBe(false);
    expect(globMatch('************c', 'x'.repeat(255))).toBe(false);
    expect(performance.now() - t).toBeLessThan(200);
  });
});

describe('bracket expressions', () => {
  it('match sets, ranges, negations and classes; an unclosed [ is literal', () => {
    expect(globMatch('[abc]x', 'bx')).toBe(true);
    expect(globMatch('[!abc]x', 'bx')).toBe(false);
    expect(globMatch('[a-c]*[[:digit:]]', 'c-long-9')).toBe(true);
    expect(globMatch('[]]', ']')).toBe(true);
    expect(globMatch('x[', 'x[')).toBe(true);
    expect(globMatch('*[0-9]*[0-9]*[0-9]b', 'a'.repeat(5000) + '1a2a3b')).toBe(true);
  });
});

describe('extended patterns (extglob)', () => {
  it('match as bash 5.2 matches them in [[ == ]]', () => {
    const patterns = ['*(ab)', '+(ab)', '?(a)b', '@(a|ab)*(b)', '!(a*)', '*(a|b)a', '+(@(a|b)b)', '!(*.b)'];
    // One digit per pattern, from bash: [[ $s == $p ]] with extglob on.
    const expected: Record<string, string> = { '': '10001001', a: '00010101', ab: '11110011', abab: '11000011', aba: '00000101', 'a.b': '00000000', xyz: '00001001' };
    for (const [s, bits] of Object.entries(expected)) {
      const got = patterns.map((p) => (globMatches(compileGlob(p, undefined, true), s) ? '1' : '0')).join('');
      expect(`${s}:${got}`).toBe(`${s}:${bits}`);
    }
  });

  it('stay plain text without extglob, and when a group does not close', () => {
    expect(globMatches(compileGlob('@(a|b)'), '@(a|b)')).toBe(true);
    expect(globMatches(compileGlob('@(a|b)'), 'a')).toBe(false);
    expect(globMatches(compileGlob('@(a', undefined, true), '@(a')).toBe(true);
  });

  it('take polynomial time on nested repetition', () => {
    const started = Date.now();
    expect(globMatches(compileGlob('*(*(a))b', undefined, true), 'a'.repeat(200))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
