/**
 * What the interactive shell has yet to process, in order: keys, runs of lines (a paste, or a
 * lesson's "run this" request) and callbacks. Kept as a list with a moving head so that a
 * 10 MB paste of short lines is consumed in linear time.
 */
import type { Key } from './keys.ts';

export type InputItem =
  | { kind: 'key'; key: Key }
  /** `submitLast`: press Enter after the last line too (runCommand); a paste leaves it typed. */
  | { kind: 'lines'; lines: string[]; next: number; submitLast: boolean; replace: boolean }
  | { kind: 'callback'; fn: () => void };

/** FIFO of input items. */
export class InputQueue {
  private items: InputItem[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: InputItem): void {
    this.items.push(item);
  }

  peek(): InputItem | undefined {
    return this.items[this.head];
  }

  shift(): InputItem | undefined {
    const item = this.items[this.head];
    if (item === undefined) return undefined;
    this.items[this.head++] = undefined as unknown as InputItem;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Empties the queue, running pending callbacks so that nobody waits forever. */
  drop(): void {
    const rest = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    for (const item of rest) if (item.kind === 'callback') item.fn();
  }
}
