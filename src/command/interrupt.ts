/** Ctrl-C plumbing: one controller per command line; commands see its read-only side (Interrupt). */
import type { Interrupt } from './contract.ts';

/** An Interrupt that its owner can trigger (once); listeners run at most once. */
export class InterruptController implements Interrupt {
  private listeners = new Set<() => void>();
  private fired = false;

  get interrupted(): boolean {
    return this.fired;
  }

  onInterrupt(cb: () => void): () => void {
    if (this.fired) {
      cb();
      return () => {};
    }
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** Fires every listener once; later calls do nothing. */
  trigger(): void {
    if (this.fired) return;
    this.fired = true;
    const ls = [...this.listeners];
    this.listeners.clear();
    for (const l of ls) {
      try {
        l();
      } catch {
        // A listener's failure must not keep Ctrl-C from reaching the others.
      }
    }
  }
}

/** An Interrupt that fires when `parent` does or when its own controller is triggered. */
export function childInterrupt(parent: Interrupt): InterruptController {
  const child = new InterruptController();
  parent.onInterrupt(() => child.trigger());
  return child;
}

/** Cluster-time sleep: resolves true after `ms` on `clock`, false as soon as `interrupt` fires. */
export function clockSleep(
  clock: { setTimeout(fn: () => void, ms: number): number; clearTimeout(id: number): void },
  ms: number,
  interrupt: Interrupt,
): Promise<boolean> {
  return new Promise((resolve) => {
    if (interrupt.interrupted) return resolve(false);
    let off: () => void = () => {};
    const id = clock.setTimeout(() => {
      off();
      resolve(true);
    }, ms);
    off = interrupt.onInterrupt(() => {
      clock.clearTimeout(id);
      resolve(false);
    });
  });
}
