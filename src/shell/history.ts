/**
 * Command history: the list `history` prints and Up/Down walk, persisted through a
 * HistoryStore (the page keeps it in localStorage; the command line keeps none).
 *
 * Stored shape: an array of command lines, oldest first, e.g. ["kubectl get pods", "ls"];
 * a multi-line command (a heredoc) is one entry with embedded newlines.
 */

/** Where history lives between sessions. `save` gets the whole list each time. */
export interface HistoryStore {
  load(): string[];
  save(lines: string[]): void;
}

/** Most entries kept (bash's HISTSIZE default is 500; a course session needs no more). */
export const HISTORY_LIMIT = 1000;

/** The history list plus the Up/Down navigation state of the line being edited. */
export class History {
  private entries: string[];
  private readonly store: HistoryStore | undefined;
  /** Index into entries while navigating; entries.length means "the new line". */
  private pos: number;
  /** The line being typed before navigation started, restored when Down goes past the end. */
  private draft = '';

  constructor(store?: HistoryStore) {
    this.store = store;
    let loaded: string[] = [];
    try {
      const l = store?.load();
      if (Array.isArray(l)) loaded = l.filter((e) => typeof e === 'string');
    } catch {
      loaded = [];
    }
    this.entries = loaded.slice(-HISTORY_LIMIT);
    this.pos = this.entries.length;
  }

  list(): string[] {
    return [...this.entries];
  }

  /** Records a run line: blank lines and repeats of the previous entry are not added. */
  add(line: string): void {
    this.pos = this.entries.length;
    this.draft = '';
    if (!line.trim() || this.entries[this.entries.length - 1] === line) return;
    this.entries.push(line);
    if (this.entries.length > HISTORY_LIMIT) this.entries.splice(0, this.entries.length - HISTORY_LIMIT);
    this.pos = this.entries.length;
    this.persist();
  }

  clear(): void {
    this.entries = [];
    this.pos = 0;
    this.persist();
  }

  /** Up: the previous entry, or undefined at the oldest. `current` is the line as typed now. */
  previous(current: string): string | undefined {
    if (this.pos === 0) return undefined;
    if (this.pos === this.entries.length) this.draft = current;
    return this.entries[--this.pos];
  }

  /** Down: the next entry, the saved draft after the newest, or undefined when already there. */
  next(): string | undefined {
    if (this.pos >= this.entries.length) return undefined;
    this.pos++;
    return this.pos === this.entries.length ? this.draft : this.entries[this.pos];
  }

  /** Forgets navigation (a new prompt starts at the newest entry). */
  reset(): void {
    this.pos = this.entries.length;
    this.draft = '';
  }

  private persist(): void {
    try {
      this.store?.save([...this.entries]);
    } catch {
      // Storage full or unavailable: history still works for this session.
    }
  }
}
