/**
 * Runs controllers deterministically. Store changes enqueue keys (deduplicated per
 * controller); a zero-delay clock timer drains the queues, round-robin by registration order
 * and FIFO per queue, so the same inputs always reconcile in the same order. Requeues are
 * clock timers, so virtual time drives them in tests and real time in the page.
 */
import type { Clock } from '../clock/clock.ts';
import type { Store } from '../store/store.ts';
import type { WatchEvent } from '../api/types.ts';
import type { Controller, WatchSpec } from './controller.ts';

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

type Entry = { c: Controller; slot: number; q: Queue; lastRun: Map<string, number>; deferred: Map<string, number> };
type Route = { entry: Entry; w: WatchSpec };

/** Watches of one resource: the ones that see every change, and the ones routed by node. */
interface ResourceRoutes {
  all: Route[];
  byNode: Map<string, Route[]>;
}

export class ControllerManager {
  private controllers: Entry[] = [];
  /** The next turn-taking position: controllers take turns in slot order. */
  private nextSlot = 0;
  private routes = new Map<string, ResourceRoutes>();
  private drainScheduled = false;
  private draining = false;
  /** The entry whose turn it is while draining (a controller added before it must not shift the turn). */
  private turn = 0;

  private clock: Clock;

  constructor(store: Store, clock: Clock) {
    this.clock = clock;
    store.subscribe((e) => {
      const r = this.routes.get(e.resource);
      if (r) {
        for (const { entry, w } of r.all) for (const k of w.keys(e)) this.enqueue(entry, k, w.coalesceMs);
        const node = e.object.spec?.nodeName;
        const routed = typeof node === 'string' ? r.byNode.get(node) : undefined;
        if (routed) for (const { entry, w } of routed) for (const k of w.keys(e)) this.enqueue(entry, k, w.coalesceMs);
      }
      if (!this.draining) this.scheduleDrain();
    });
  }

  add(c: Controller): void {
    const entry = this.insert(c, this.nextSlot++);
    for (const k of c.initialKeys?.() ?? []) entry.q.add(k);
    this.scheduleDrain();
  }

  /**
   * Keeps a turn-taking position for a controller whose code arrives later (a deferred
   * installer): controllers take turns in the order of their positions, so one added late
   * through `addAt` takes its turn where it would have had it from the start.
   */
  reserveSlot(): number {
    return this.nextSlot++;
  }

  /**
   * Adds a controller at a reserved position and hands it the changes it missed (`missed`, in
   * the order they happened), as its watches would have seen them; `initialKeys` is not asked,
   * since the controller is taken to have run from the start.
   */
  addAt(slot: number, c: Controller, missed: readonly WatchEvent[]): void {
    const entry = this.insert(c, slot);
    for (const e of missed) {
      for (const w of c.watches) {
        if (w.resource !== e.resource) continue;
        if (w.nodeName !== undefined && e.object.spec?.nodeName !== w.nodeName) continue;
        for (const k of w.keys(e)) this.enqueue(entry, k, w.coalesceMs);
      }
    }
    if (entry.q.size > 0) this.scheduleDrain();
  }

  /** Places a controller's queue and watch routes by slot, so turn order is slot order. */
  private insert(c: Controller, slot: number): Entry {
    const entry: Entry = { c, slot, q: new Queue(), lastRun: new Map(), deferred: new Map() };
    // Added during a drain ahead of the entry taking its turn: that entry keeps its turn.
    if (insertBySlot(this.controllers, entry) <= this.turn && this.draining) this.turn++;
    for (const w of c.watches) {
      let r = this.routes.get(w.resource);
      if (!r) this.routes.set(w.resource, (r = { all: [], byNode: new Map() }));
      if (w.nodeName === undefined) insertBySlot(r.all, { entry, w });
      else {
        const list = r.byNode.get(w.nodeName) ?? [];
        insertBySlot(list, { entry, w });
        r.byNode.set(w.nodeName, list);
      }
    }
    return entry;
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
        for (this.turn = 0; this.turn < this.controllers.length; this.turn++) {
          const entry = this.controllers[this.turn]!;
          const key = entry.q.take();
          if (key === undefined) continue;
          progressed = true;
          if (++n > MAX_RECONCILES_PER_DRAIN) throw new Error('controllers did not settle');
          entry.lastRun.set(key, this.clock.now());
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

  /**
   * Queues `key`, or, for a watch that coalesces, defers it to the end of the window when the
   * key was reconciled less than `window` ms ago: every change in between is then handled by
   * one reconcile, as a busy real controller handles a burst of events.
   */
  private enqueue(entry: Entry, key: string, window: number | undefined): void {
    const last = window ? entry.lastRun.get(key) : undefined;
    const now = this.clock.now();
    if (window === undefined || last === undefined || now >= last + window) {
      entry.q.add(key);
      return;
    }
    if (entry.deferred.has(key)) return;
    const timer = this.clock.setTimeout(() => {
      entry.deferred.delete(key);
      entry.q.add(key);
      this.scheduleDrain();
    }, last + window - now);
    entry.deferred.set(key, timer);
  }

  /**
   * Queues every deferred key now instead of at the end of its window; true if there were any.
   * `Cluster.settle()` uses it: "settle" means nothing is left to do at this instant.
   */
  flushDeferred(): boolean {
    let any = false;
    for (const entry of this.controllers) {
      for (const [key, timer] of entry.deferred) {
        this.clock.clearTimeout(timer);
        entry.q.add(key);
        any = true;
      }
      entry.deferred.clear();
    }
    if (any) this.scheduleDrain();
    return any;
  }

  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    this.clock.setTimeout(() => this.drain(), 0);
  }
}

/** Inserts after every item of a lower or equal slot (appending, in the usual case of the newest slot). */
function insertBySlot<T extends { slot: number } | { entry: { slot: number } }>(list: T[], item: T): number {
  const slotOf = (x: T): number => ('slot' in x ? x.slot : x.entry.slot);
  let i = list.length;
  while (i > 0 && slotOf(list[i - 1]!) > slotOf(item)) i--;
  list.splice(i, 0, item);
  return i;
}
