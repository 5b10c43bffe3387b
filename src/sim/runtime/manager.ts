/**
 * Runs controllers deterministically. Store changes enqueue keys (deduplicated per
 * controller); a zero-delay clock timer drains the queues, round-robin by registration order
 * and FIFO per queue, so the same inputs always reconcile in the same order. Requeues are
 * clock timers, so virtual time drives them in tests and real time in the page.
 */
import type { Clock } from '../clock/clock.ts';
import type { Store } from '../store/store.ts';
import type { Controller } from './controller.ts';

/** Safety bound on reconciles per drain: a controller fighting itself must not freeze the page. */
const MAX_RECONCILES_PER_DRAIN = 2_000_000;

class Queue {
  private items: string[] = [];
  private head = 0;
  private members = new Set<string>();
  add(key: string): void {
    if (this.members.has(key)) return;
    this.members.add(key);
    this.items.push(key);
  }
  take(): string | undefined {
    if (this.head >= this.items.length) return undefined;
    const k = this.items[this.head++]!;
    this.members.delete(k);
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return k;
  }
  get size(): number {
    return this.items.length - this.head;
  }
}

export class ControllerManager {
  private controllers: { c: Controller; q: Queue }[] = [];
  private drainScheduled = false;
  private draining = false;

  private clock: Clock;

  constructor(store: Store, clock: Clock) {
    this.clock = clock;
    store.subscribe((e) => {
      for (const entry of this.controllers) {
        for (const w of entry.c.watches) {
          if (w.resource !== e.resource) continue;
          for (const k of w.keys(e)) entry.q.add(k);
        }
      }
      if (!this.draining) this.scheduleDrain();
    });
  }

  add(c: Controller): void {
    const q = new Queue();
    this.controllers.push({ c, q });
    for (const k of c.initialKeys?.() ?? []) q.add(k);
    this.scheduleDrain();
  }

  /** Whether any queue holds work. */
  busy(): boolean {
    return this.controllers.some((e) => e.q.size > 0);
  }

  /** Drains every queue now (also what the scheduled zero-delay timer does). */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    this.drainScheduled = false;
    try {
      let n = 0;
      let progressed = true;
      while (progressed) {
        progressed = false;
        for (const entry of this.controllers) {
          const key = entry.q.take();
          if (key === undefined) continue;
          progressed = true;
          if (++n > MAX_RECONCILES_PER_DRAIN) throw new Error('controllers did not settle');
          const res = entry.c.reconcile(key);
          if (res?.requeueAfter !== undefined) {
            this.clock.setTimeout(() => {
              entry.q.add(key);
              this.scheduleDrain();
            }, res.requeueAfter);
          }
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    this.clock.setTimeout(() => this.drain(), 0);
  }
}
