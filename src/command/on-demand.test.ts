import { describe, expect, it } from 'vitest';
import { lazyModule, onDemand } from './on-demand.ts';

describe('code on first use', () => {
  it('downloads once for every caller, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = lazyModule(async () => {
      calls++;
      if (fail) throw new Error('offline');
      return { n: calls };
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('offline');
    expect(calls).toBe(1);
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(calls).toBe(2);
  });

  it('reads the module synchronously once loaded, and says what is missing before', async () => {
    const printer = onDemand('the demo printer', async () => ({ print: (s: string) => `<${s}>` }));
    expect(() => printer.get()).toThrow('the demo printer is not loaded');
    await printer.load();
    expect(printer.get().print('x')).toBe('<x>');
  });
});
