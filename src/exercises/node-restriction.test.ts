import { describe, expect, it } from 'vitest';
import { restrictionProblem } from './node-restriction.ts';

const KEY = 'gpu.homelab/tier';
const BIG = ['large', 'xlarge'];
const required = (...terms: { key: string; operator: string; values?: string[] }[][]) => ({
  affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms.map((matchExpressions) => ({ matchExpressions })) } } },
});

describe('restrictionProblem', () => {
  it('accepts a nodeSelector for an allowed value, and a required In over allowed values', () => {
    expect(restrictionProblem({ nodeSelector: { [KEY]: 'xlarge' } }, KEY, BIG)).toBeUndefined();
    expect(restrictionProblem(required([{ key: KEY, operator: 'In', values: ['large', 'xlarge'] }]), KEY, BIG)).toBeUndefined();
    expect(restrictionProblem(required([{ key: 'other', operator: 'Exists' }, { key: KEY, operator: 'In', values: ['large'] }]), KEY, BIG)).toBeUndefined();
  });

  it('rejects a selector for another value, a term that admits other values, an OR with a free term, and nothing at all', () => {
    expect(restrictionProblem({ nodeSelector: { [KEY]: 'small' } }, KEY, BIG)).toMatch(/small/);
    expect(restrictionProblem(required([{ key: KEY, operator: 'In', values: ['large', 'small'] }]), KEY, BIG)).toMatch(/admits/);
    expect(restrictionProblem(required([{ key: KEY, operator: 'In', values: ['large'] }], [{ key: 'other', operator: 'Exists' }]), KEY, BIG)).toMatch(/admits/);
    expect(restrictionProblem(required([{ key: KEY, operator: 'NotIn', values: ['small'] }]), KEY, BIG)).toMatch(/admits/);
    expect(restrictionProblem({}, KEY, BIG)).toMatch(/nothing/);
    expect(restrictionProblem(undefined, KEY, BIG)).toMatch(/nothing/);
  });
});
