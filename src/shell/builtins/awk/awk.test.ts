import { describe, expect, it } from 'vitest';
import recorded from './mawk.json';
import { replayCase, type RecordedCase } from '../oracle.ts';
import { runTool } from '../tool-harness.ts';
import { InterruptController } from '../../../command/interrupt.ts';
import { awk } from './awk.ts';

describe("awk, against mawk 1.3.4 (Debian's and Ubuntu's awk)", () => {
  for (const c of recorded.cases as RecordedCase[]) {
    it(`awk ${c.args.join(' ')}`, async () => {
      const { out, err, code, after } = c;
      expect(await replayCase(awk, c)).toEqual(after ? { out, err, code, after } : { out, err, code });
    });
  }
});

describe('awk that never ends', () => {
  it('stops an endless loop on Ctrl-C', async () => {
    const interrupt = new InterruptController();
    let pauses = 0;
    const sleep = async (): Promise<boolean> => {
      if (++pauses === 3) interrupt.trigger();
      return !interrupt.interrupted;
    };
    const r = await runTool(awk, ['BEGIN { while (1) x++ }'], { interrupt, sleep });
    expect(r.code).toBe(130);
  });
});
