import { describe, expect, it } from 'vitest';
import recorded from './gnu-sed.json';
import { replayCase, type RecordedCase } from '../oracle.ts';
import { runTool } from '../tool-harness.ts';
import { InterruptController } from '../../../command/interrupt.ts';
import { sed } from './sed.ts';

describe('sed, against GNU sed 4.9', () => {
  for (const c of recorded.cases as RecordedCase[]) {
    it(`sed ${c.args.join(' ')}`, async () => {
      const { out, err, code, after } = c;
      expect(await replayCase(sed, c)).toEqual(after ? { out, err, code, after } : { out, err, code });
    });
  }
});

describe('sed on patterns that backtrack', () => {
  it('a back-reference that backtracks exponentially runs in slices that Ctrl-C stops', async () => {
    const interrupt = new InterruptController();
    let slices = 0;
    // Each pause between slices counts; the learner presses Ctrl-C at the twentieth.
    const sleep = async (): Promise<boolean> => {
      if (++slices === 20) interrupt.trigger();
      return !interrupt.interrupted;
    };
    const r = await runTool(sed, ['-n', '/^\\(a*\\)*\\1b$/p'], { stdin: 'a'.repeat(40) + 'c\n', interrupt, sleep });
    expect([r.code, slices]).toEqual([130, 20]);
  });

  it('answers (a+)+$ on a long line at once', async () => {
    const r = await runTool(sed, ['-E', 's/(a+)+$/X/'], { stdin: 'a'.repeat(5000) + 'b\n' });
    expect(r.out).toBe('a'.repeat(5000) + 'b\n');
  });

  it('stops an endless loop of branches on Ctrl-C', async () => {
    const interrupt = new InterruptController();
    let pauses = 0;
    const sleep = async (): Promise<boolean> => {
      if (++pauses === 3) interrupt.trigger();
      return !interrupt.interrupted;
    };
    const r = await runTool(sed, [':a;ba'], { stdin: 'x\n', interrupt, sleep });
    expect(r.code).toBe(130);
  });
});
