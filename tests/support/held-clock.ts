/**
 * Moving cluster time by hand in a test the way the page's clock driver moves it: time stands
 * still while the terminal's code is loading (a kubectl verb's module on its first run), so a
 * command never sees the cluster jump ahead while it waits for its own code.
 */

/** What the helpers need: a clock to move and the terminal's code-loading state. */
export interface HeldClock {
  cluster: { advance(ms: number): void };
  loading: { readonly active: boolean };
  /** Lets pending work (promises, the code being loaded) run: one turn of the host. */
  tick: () => Promise<void>;
}

/** Waits for any code being loaded to arrive (at most `maxTurns` host turns, then gives up). */
export async function untilLoaded(h: HeldClock, maxTurns = 1000): Promise<void> {
  for (let i = 0; i < maxTurns && h.loading.active; i++) await h.tick();
  if (h.loading.active) throw new Error('code was still loading after ' + maxTurns + ' turns');
}

/** Advances cluster time by `ms` once no code is loading. */
export async function advanceHeld(h: HeldClock, ms: number): Promise<void> {
  await untilLoaded(h);
  h.cluster.advance(ms);
}
