import { describe, expect, it } from 'vitest';
import { compileRegex, RegexSyntaxError } from './compile.ts';
import { Matcher } from './match.ts';
import { Pattern, RegexInterrupted } from './pattern.ts';

const m = (src: string, ignoreCase = false, word = false) => new Matcher(compileRegex(src, ignoreCase, word));
const first = (src: string, s: string) => {
  const span = m(src).exec(s);
  return span && s.slice(span.start, span.end);
};

describe('the linear-time regex engine', () => {
  it('agrees with JavaScript on which lines match', () => {
    const patterns = ['a', '^a', 'a$', 'a.c', 'a*', 'a+b', 'ab?c', '(ab|cd)+e', 'x{2,3}', '[a-c]+d', '[^a-c]', '\\d+', '\\bfoo\\b', 'a|b|c', '(a|ab)(c|bcd)', '[.]', '\\.'];
    const lines = ['', 'a', 'abc', 'xxabcd', 'abcde', 'foo bar', 'food', 'xx', 'xxx', 'cdcde', '123', 'a.c', 'abd'];
    for (const p of patterns) {
      const ours = m(p);
      const js = new RegExp(p);
      for (const l of lines) expect([p, l, ours.test(l)]).toEqual([p, l, js.test(l)]);
    }
  });

  it('finds the leftmost-longest match, as POSIX grep -o prints it', () => {
    expect(first('a|ab', 'xabc')).toBe('ab');
    expect(first('(a|ab)(c|bcd)', 'abcd')).toBe('abcd');
    expect(first('[0-9]+', 'x12y345')).toBe('12');
    expect(first('b*', 'abbb')).toBe('');
  });

  it('folds case and keeps -w matches to whole words', () => {
    expect(m('hello', true).test('HeLLo')).toBe(true);
    expect(m('ab', false, true).test('abc')).toBe(false);
    expect(m('ab', false, true).test('abc ab')).toBe(true);
  });

  it('answers (a+)+$ on forty a\'s at once, where a backtracking engine takes forever', () => {
    const t = performance.now();
    expect(m('(a+)+$').test('a'.repeat(40) + 'b')).toBe(false);
    expect(m('(a|aa)*c').test('a'.repeat(5000))).toBe(false);
    expect(m('(x+x+)+y').test('x'.repeat(2000))).toBe(false);
    expect(performance.now() - t).toBeLessThan(500);
  });

  it('refuses malformed patterns in GNU grep words', () => {
    expect(() => compileRegex('(a', false)).toThrow(RegexSyntaxError);
    expect(() => compileRegex('[a', false)).toThrow('Unmatched [');
    expect(() => compileRegex('a{3,1}', false)).toThrow('Invalid content');
    expect(() => compileRegex('a{99999}', false)).toThrow('too big');
  });
});

describe('groups and back-references', () => {
  const groups = (src: string, s: string) => {
    const p = new Pattern(src);
    const m = p.execSync(s);
    return m && Array.from({ length: p.groups + 1 }, (_, g) => (m[2 * g]! < 0 ? undefined : s.slice(m[2 * g], m[2 * g + 1])));
  };

  it('reports what each group matched, in the leftmost-longest match', () => {
    expect(groups('(a|ab)(c|bcd)(d*)', 'abcd')).toEqual(['abcd', 'a', 'bcd', '']);
    expect(groups('([a-z]+)-([0-9]+)', 'web-12')).toEqual(['web-12', 'web', '12']);
    expect(groups('(x)|(y)', 'y')).toEqual(['y', undefined, 'y']);
    expect(new Pattern('(?<base>[a-z]+)-(?<n>[0-9]+)').names).toEqual([undefined, 'base', 'n']);
  });

  it('matches back-references, case-folded with -i', async () => {
    const yes = async () => true;
    expect(await new Pattern('^(.)\\1').test('aab', yes)).toBe(true);
    expect(await new Pattern('^(.)\\1').test('abb', yes)).toBe(false);
    expect(await new Pattern('(ab)\\1', { ignoreCase: true }).test('xAbaB', yes)).toBe(true);
    expect(() => new Pattern('(a)\\2')).toThrow('Invalid back reference');
  });

  it('runs an exponential back-reference search in slices that an interrupt stops', async () => {
    let slices = 0;
    const pause = async () => ++slices < 5;
    await expect(new Pattern('^(a*)*\\1b$').exec('a'.repeat(40) + 'c', 0, pause)).rejects.toThrow(RegexInterrupted);
    expect(slices).toBe(5);
  });
});
