/**
 * The controls around a started terminal, found by the terminal's id: its Reset button
 * (`button[data-reset=ID]`), its Fast-forward button (`button[data-skip=ID]`), its status line
 * (`[data-term-status=ID]`, a polite live region) and its on-screen key bar for touch screens
 * (`[data-keys=ID] button[data-key]`). Their words come from the terminal element's
 * `data-*` attributes (translated at build time, see components/Terminal.astro).
 */
import type { Terminal as XTerm } from '@xterm/xterm';
import type { WaitOffer } from './fast-forward.ts';
import { shortDuration } from './fast-forward.ts';

/** What the controls drive. */
export interface ControlledSession {
  reset(): Promise<void>;
  skip(): Promise<boolean>;
  input(data: string): void;
  onWaitOffer(cb: (offer: WaitOffer | undefined) => void): () => void;
  onSkipped(cb: (ms: number) => void): () => void;
  readonly screen: { cue(text: string | undefined): boolean };
}

/** What each key of the key bar types. */
export const KEY_SEQUENCES: Readonly<Record<string, string>> = {
  tab: '\t',
  'ctrl-c': '\x03',
  up: '\x1b[A',
  down: '\x1b[B',
  left: '\x1b[D',
  right: '\x1b[C',
  esc: '\x1b',
  pipe: '|',
  dash: '-',
};

const fill = (text: string, vars: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** Wires the controls of terminal `id` to its session. */
export function wireTerminalControls(id: string, host: HTMLElement, term: XTerm, session: ControlledSession): void {
  const sel = CSS.escape(id);
  const words = host.dataset;
  const status = document.querySelector<HTMLElement>(`[data-term-status="${sel}"]`);
  const say = (text: string): void => {
    if (status && status.textContent !== text) status.textContent = text;
  };

  const reset = document.querySelector<HTMLButtonElement>(`button[data-reset="${sel}"]`);
  if (reset) {
    reset.disabled = false;
    reset.addEventListener('click', () => {
      if (!confirm(words.resetConfirm ?? 'Reset the cluster?')) return;
      reset.disabled = true;
      void session.reset().finally(() => {
        reset.disabled = false;
        say(words.resetDone ?? '');
        term.focus();
      });
    });
  }

  const skip = document.querySelector<HTMLButtonElement>(`button[data-skip="${sel}"]`);
  skip?.addEventListener('click', () => {
    void session.skip().then(() => term.focus());
  });
  session.onSkipped((ms) => {
    if (ms > 0) say(fill(words.skipped ?? 'Skipped {time} of waiting.', { time: shortDuration(ms) }));
  });
  session.onWaitOffer((offer) => {
    if (skip) {
      skip.hidden = !offer;
      skip.disabled = !!offer?.skipping;
    }
    if (!offer) {
      session.screen.cue(undefined);
      return;
    }
    if (offer.skipping) {
      const text = words.cueSkipping ?? 'Skipping ahead...';
      session.screen.cue(`\u25b6\u25b6 ${text}`);
      say(text);
      return;
    }
    const text =
      offer.remainingMs !== undefined
        ? fill(words.cueSleep ?? 'Waiting {time}: press Ctrl-F to skip ahead.', { time: shortDuration(offer.remainingMs) })
        : fill(words.cueWait ?? 'Waiting for {time} so far: press Ctrl-F to skip ahead.', { time: shortDuration(offer.waitedMs) });
    session.screen.cue(`\u00bb ${text}`);
    say(text);
  });

  const bar = document.querySelector<HTMLElement>(`[data-keys="${sel}"]`);
  if (bar) {
    // pointerdown + preventDefault: the terminal keeps focus (and the phone its keyboard).
    bar.addEventListener('pointerdown', (e) => {
      if ((e.target as Element | null)?.closest('button[data-key]')) e.preventDefault();
    });
    bar.addEventListener('click', (e) => {
      const key = (e.target as Element | null)?.closest<HTMLButtonElement>('button[data-key]')?.dataset.key;
      const seq = key ? KEY_SEQUENCES[key] : undefined;
      if (seq === undefined) return;
      session.input(seq);
      term.focus();
    });
  }
}
