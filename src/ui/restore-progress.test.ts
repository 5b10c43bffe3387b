import { describe, expect, it } from 'vitest';
import { FreshStartChosen, watchRestore } from './restore-progress.ts';

const words = { restoring: 'Restoring your cluster...', restoringSlow: (p: number) => `Restoring: ${p}%` };

function setup(offerAfterMs = 3000) {
  const state = { wall: 0, cluster: 1000, out: [] as string[], offers: 0 };
  const watch = watchRestore({
    clusterNow: () => state.cluster,
    from: 1000,
    until: 11_000,
    wallNow: () => state.wall,
    write: (t) => state.out.push(t),
    words,
    offerAfterMs,
    onOffer: () => state.offers++,
    yieldToHost: async () => {},
  });
  return { state, watch };
}

describe('watchRestore', () => {
  it('says it restores, and nothing more while the restore is quick', async () => {
    const { state, watch } = setup();
    state.wall = 2000;
    state.cluster = 6000;
    await watch.yieldToHost();
    expect(state.out).toEqual(['Restoring your cluster...']);
    expect(state.offers).toBe(0);
    watch.done();
    expect(state.out.at(-1)).toBe('\r\x1b[2K');
  });

  it('after a few seconds shows how far it has got by cluster time, and offers a way out once', async () => {
    const { state, watch } = setup();
    state.wall = 3500;
    state.cluster = 3500; // a quarter of the journal's span
    await watch.yieldToHost();
    expect(state.offers).toBe(1);
    expect(watch.offered).toBe(true);
    expect(state.out.at(-1)).toBe('\r\x1b[2KRestoring: 25%');
    state.wall = 3600; // redrawn at most every 250 ms
    state.cluster = 4000;
    await watch.yieldToHost();
    expect(state.out.at(-1)).toBe('\r\x1b[2KRestoring: 25%');
    state.wall = 4000;
    state.cluster = 11_000;
    await watch.yieldToHost();
    expect(state.out.at(-1)).toBe('\r\x1b[2KRestoring: 99%'); // never 100% before it is done
    expect(state.offers).toBe(1);
  });

  it('stops the replay at its next turn once a fresh start is chosen', async () => {
    const { state, watch } = setup();
    state.wall = 5000;
    await watch.yieldToHost();
    watch.startFresh();
    await expect(watch.yieldToHost()).rejects.toBeInstanceOf(FreshStartChosen);
  });
});
