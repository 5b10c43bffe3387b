import { describe, expect, it } from 'vitest';
import { createClusterReader } from '../sim/index.ts';
import { createCluster } from '../sim/index.ts';
import { checkThat, outcome } from './outcome.ts';

const cluster = createCluster({ seed: 1 });

describe('outcome', () => {
  it('shows its own label and, when failing, the first failing check\'s detail', async () => {
    const ok = { label: 'a', run: () => ({ passed: true }) };
    const bad = { label: 'b is set', run: () => ({ passed: false, detail: 'b is missing' }) };
    const silent = { label: 'c is set', run: () => ({ passed: false }) };
    expect(outcome('all is well', ok, ok).label).toBe('all is well');
    expect(await outcome('all is well', ok, ok).run(createClusterReader(cluster))).toEqual({ passed: true });
    expect(await outcome('all is well', ok, bad, silent).run(createClusterReader(cluster))).toEqual({ passed: false, detail: 'b is missing' });
    expect(await outcome('all is well', silent).run(createClusterReader(cluster))).toEqual({ passed: false, detail: 'c is set' });
  });

  it('checkThat passes on undefined and fails with the returned detail', async () => {
    expect(await checkThat('x', () => undefined).run(createClusterReader(cluster))).toEqual({ passed: true });
    expect(await checkThat('x', () => 'nope').run(createClusterReader(cluster))).toEqual({ passed: false, detail: 'nope' });
  });
});
