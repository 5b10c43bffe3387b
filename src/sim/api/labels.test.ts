import { describe, expect, it } from 'vitest';
import { formatLabelSelector, formatLabels, matches, parseLabelSelector, selectorFromSpec } from './labels.ts';

describe('parseLabelSelector', () => {
  it('handles equality and set-based requirements', () => {
    const s = parseLabelSelector('tier in (frontend,backend),app=web,env!=prod,!legacy,track');
    expect(matches(s, { app: 'web', tier: 'frontend', track: 'x' })).toBe(true);
    expect(matches(s, { app: 'web', tier: 'frontend', track: 'x', env: 'prod' })).toBe(false);
    expect(matches(s, { app: 'web', tier: 'frontend', track: 'x', legacy: '' })).toBe(false);
    expect(matches(s, { app: 'web', tier: 'db', track: 'x' })).toBe(false);
    expect(matches(s, { app: 'web', tier: 'frontend' })).toBe(false);
    expect(formatLabelSelector(s)).toBe('app=web,env!=prod,!legacy,tier in (backend,frontend),track');
  });
  it('accepts == and notin, and in as a value', () => {
    const s = parseLabelSelector('a==in, b notin (x)');
    expect(matches(s, { a: 'in' })).toBe(true);
    expect(matches(s, { a: 'in', b: 'x' })).toBe(false);
  });
  it('empty text selects everything', () => {
    expect(matches(parseLabelSelector(''), undefined)).toBe(true);
  });
  it('reports syntax errors as the server words them', () => {
    expect(() => parseLabelSelector('a in')).toThrow("unable to parse requirement: found '' expected: '('");
    expect(() => parseLabelSelector('a in (x')).toThrow("unable to parse requirement: found '', expected: ',' or ')'");
    expect(() => parseLabelSelector('a=b,')).toThrow("found '', expected: identifier after ','");
    expect(() => parseLabelSelector('a b')).toThrow("found 'b', expected: in, notin, =, ==, !=, gt, lt");
    expect(() => parseLabelSelector('=b')).toThrow("found '=', expected: !, identifier, or 'end of string'");
  });
  it('rejects bad label values', () => {
    expect(() => parseLabelSelector('a=-x')).toThrow(/values\[0\]\[a\]: Invalid value: "-x": a valid label must be/);
  });
});

describe('selectorFromSpec', () => {
  it('nil matches nothing, empty matches everything', () => {
    expect(matches(selectorFromSpec(undefined), { a: 'b' })).toBe(false);
    expect(matches(selectorFromSpec({}), { a: 'b' })).toBe(true);
  });
  it('combines matchLabels and matchExpressions', () => {
    const s = selectorFromSpec({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }] });
    expect(matches(s, { app: 'web', tier: 'a' })).toBe(true);
    expect(matches(s, { app: 'web' })).toBe(false);
    expect(formatLabelSelector(s)).toBe('app=web,tier in (a,b)');
  });
  it('formats as -o wide prints', () => {
    expect(formatLabelSelector({ matchLabels: { 'pod-template-hash': 'abc', app: 'web' } })).toBe('app=web,pod-template-hash=abc');
    expect(formatLabelSelector(undefined)).toBe('<none>');
    expect(formatLabels({ b: '', a: '1' })).toBe('a=1,b=');
    expect(formatLabels({})).toBe('<none>');
  });
});
