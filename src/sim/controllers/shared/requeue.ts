/**
 * Deduplicates timed requeues. A controller that asks to look at a key again "in 7 minutes"
 * on every reconcile would pile up one clock timer per event; this remembers the earliest
 * pending requeue per key and only asks for a new one when it would come sooner.
 */
export class RequeueTracker {
  private due = new Map<string, number>();

  /**
   * The `requeueAfter` to return for `key` so it is looked at `delayMs` after `now`, or
   * undefined when an earlier (or equal) requeue is already pending.
   */
  after(key: string, now: number, delayMs: number): number | undefined {
    const at = now + Math.max(0, delayMs);
    const cur = this.due.get(key);
    if (cur !== undefined && cur > now && cur <= at) return undefined;
    this.due.set(key, at);
    return Math.max(0, delayMs);
  }
}
