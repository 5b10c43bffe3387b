import { describe, expect, it } from 'vitest';
import { createCluster } from '../sim/index.ts';
import { cpuAnswer, nameAnswer } from './answers.ts';
import { checkAnswer, exerciseDone } from './run-checks.ts';

const cluster = createCluster({ seed: 1 });

describe('nameAnswer', () => {
  const q = nameAnswer('Which?', () => ['cart-5d8c7b9f4-kx2lp']);
  it('accepts the name with spaces, quotes, a kind prefix or another case', async () => {
    for (const a of ['cart-5d8c7b9f4-kx2lp', '  cart-5d8c7b9f4-kx2lp\n', '"cart-5d8c7b9f4-kx2lp"', 'pod/cart-5d8c7b9f4-kx2lp', 'Cart-5D8C7B9F4-KX2LP']) {
      expect((await checkAnswer(q, cluster, a)).passed, a).toBe(true);
    }
  });
  it('rejects another name, an empty answer, and says why it cannot be answered', async () => {
    expect((await checkAnswer(q, cluster, 'cart')).passed).toBe(false);
    expect(await checkAnswer(q, cluster, '  ')).toEqual({ passed: false, detail: 'no answer yet' });
    const gone = nameAnswer('Which?', () => ({ problem: 'reset the exercise' }));
    expect(await checkAnswer(gone, cluster, 'x')).toEqual({ passed: false, detail: 'reset the exercise' });
  });
});

describe('cpuAnswer', () => {
  const q = cpuAnswer('How much?', () => 5400);
  it('compares in millicores, whatever the spelling', async () => {
    for (const a of ['5400m', '5.4', '5.4 CPUs', ' 5400m cores']) expect((await checkAnswer(q, cluster, a)).passed, a).toBe(true);
    expect((await checkAnswer(q, cluster, '8')).passed).toBe(false);
    expect((await checkAnswer(q, cluster, 'lots')).detail).toMatch(/not an amount of CPU/);
  });
});

describe('exerciseDone', () => {
  const pass = { label: 'ok', run: () => ({ passed: true }) };
  it('needs every check, and the answer when there is a question', async () => {
    expect(await exerciseDone({ checks: [pass] }, cluster)).toBe(true);
    expect(await exerciseDone({ checks: [] }, cluster)).toBe(false);
    const answer = nameAnswer('Which?', () => ['a']);
    expect(await exerciseDone({ checks: [pass], answer }, cluster)).toBe(false);
    expect(await exerciseDone({ checks: [pass], answer }, cluster, 'a')).toBe(true);
  });
});
