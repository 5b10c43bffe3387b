/**
 * A sorted list kept in chunks of a few hundred items, so an insert or a removal among
 * 10,000 addresses moves a few hundred references instead of thousands (one splice on a
 * 10,000-item array costs tens of microseconds), and the first `k` items come out in O(k).
 */

const MAX_CHUNK = 512;

/** Items ordered by `before`; each item is held once (identity). */
export class SortedChunks<T> {
  private chunks: T[][] = [];
  private count = 0;
  private readonly before: (a: T, b: T) => boolean;

  constructor(before: (a: T, b: T) => boolean) {
    this.before = before;
  }

  get size(): number {
    return this.count;
  }

  /** The smallest item, if any. */
  first(): T | undefined {
    return this.chunks[0]?.[0];
  }

  /** The chunk an item belongs in: the first whose last item is not before it. */
  private chunkFor(item: T): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.chunks[mid]!;
      if (this.before(c[c.length - 1]!, item)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private positionIn(chunk: T[], item: T): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(chunk[mid]!, item)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(item: T): void {
    this.count++;
    if (!this.chunks.length) {
      this.chunks.push([item]);
      return;
    }
    const ci = this.chunkFor(item);
    const chunk = this.chunks[ci]!;
    chunk.splice(this.positionIn(chunk, item), 0, item);
    if (chunk.length > MAX_CHUNK) this.chunks.splice(ci + 1, 0, chunk.splice(chunk.length >>> 1));
  }

  /** Removes the item (found by order, then identity); false when it is not held. */
  remove(item: T): boolean {
    if (!this.chunks.length) return false;
    for (let ci = this.chunkFor(item); ci < this.chunks.length; ci++) {
      const chunk = this.chunks[ci]!;
      for (let i = this.positionIn(chunk, item); i < chunk.length; i++) {
        if (chunk[i] === item) {
          chunk.splice(i, 1);
          if (!chunk.length) this.chunks.splice(ci, 1);
          this.count--;
          return true;
        }
        if (this.before(item, chunk[i]!)) return false;
      }
    }
    return false;
  }

  /** The first `k` items in order (all of them without `k`). */
  take(k = this.count): T[] {
    const out: T[] = [];
    for (const chunk of this.chunks) {
      for (const item of chunk) {
        if (out.length >= k) return out;
        out.push(item);
      }
    }
    return out;
  }
}
