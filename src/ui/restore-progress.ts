/**
 * What the reader sees while a saved cluster is rebuilt from its journal (session.ts): a line
 * saying so, then, once it has taken longer than a few seconds, how far it has got (by cluster
 * time: the journal runs from its first entry to the time it was saved) and a way out: Ctrl-C
 * or a "Start fresh" button. The replay gives the page a turn between steps (its
 * `yieldToHost`); this watch is that yield, so the tab never sits frozen and a choice to start
 * fresh stops the replay at its next step.
 */

/** Thrown out of the replay when the reader chose to start fresh. */
export class FreshStartChosen extends Error {
  constructor() {
    super('The reader chose to start with a fresh cluster.');
    this.name = 'FreshStartChosen';
  }
}

export interface RestoreWatchOptions {
  /** The cluster time being rebuilt (moves as the replay goes). */
  clusterNow: () => number;
  /** Cluster time of the journal's first entry, and the time it was saved. */
  from: number;
  until: number;
  /** Wall clock in ms (`performance.now`). */
  wallNow: () => number;
  /** Writes to the terminal (the progress line is rewritten in place with `\r`). */
  write: (text: string) => void;
  /** The words of the progress line. */
  words: { restoring: string; restoringSlow: (percent: number) => string };
  /** After this much wall time, the progress and the way out are shown. Default 3000. */
  offerAfterMs?: number;
  /** Called once, when the way out is first shown (the page adds its button). */
  onOffer: () => void;
  /** The page's own yield (a macrotask). */
  yieldToHost: () => Promise<void>;
}

export interface RestoreWatch {
  /** The replay's yield: gives the page a turn, updates the line, throws once a fresh start was chosen. */
  yieldToHost(): Promise<void>;
  /** The reader chose to start fresh: the replay stops at its next step. */
  startFresh(): void;
  /** True once the way out has been shown. */
  readonly offered: boolean;
  /** Clears the progress line. */
  done(): void;
}

/** How often the progress line is rewritten, in ms of wall time. */
const REDRAW_MS = 250;

/** Starts watching a restore; writes its first line at once. */
export function watchRestore(o: RestoreWatchOptions): RestoreWatch {
  const offerAfterMs = o.offerAfterMs ?? 3000;
  const started = o.wallNow();
  let drawnAt = started;
  let offered = false;
  let fresh = false;
  const span = Math.max(1, o.until - o.from);
  o.write(o.words.restoring);
  const percent = (): number => Math.max(0, Math.min(99, Math.floor(((o.clusterNow() - o.from) / span) * 100)));
  return {
    async yieldToHost() {
      await o.yieldToHost();
      if (fresh) throw new FreshStartChosen();
      const t = o.wallNow();
      if (!offered && t - started >= offerAfterMs) {
        offered = true;
        o.onOffer();
      }
      if (offered && t - drawnAt >= REDRAW_MS) {
        drawnAt = t;
        o.write(`\r\x1b[2K${o.words.restoringSlow(percent())}`);
      }
    },
    startFresh() {
      fresh = true;
    },
    get offered() {
      return offered;
    },
    done() {
      o.write('\r\x1b[2K');
    },
  };
}
