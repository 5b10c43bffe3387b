/**
 * What a screen reader hears of the terminal. xterm draws on a canvas-like grid that screen
 * readers cannot follow (its own screen-reader mode re-renders every row on every write, which
 * makes large outputs several times slower), so the terminal keeps an accessible copy:
 * - a polite live region that says, when a typed command ends, what it printed: all of it when
 *   short, else its line count and first lines; a streaming command (`get -w`) is announced
 *   every few seconds with its new lines;
 * - a list of the output, line by line (the last MAX_LINES lines), grouped by command, that
 *   the reader moves through with the screen reader's reading keys (reached from the
 *   "Read the output line by line" link after the terminal).
 * Commands started by a Run button are not announced here: the button's own report says
 * what it ran and what came back (code-buttons.ts); their lines still go to the list.
 */
import { plainText } from './screen-tap.ts';

/** Lines kept in the list. */
const MAX_LINES = 500;
/** Lines read out before "and N more". */
const SPOKEN_LINES = 3;
/** A stream's new lines are announced at most this often. */
const STREAM_EVERY_MS = 4000;

export interface OutputLogOptions {
  /** The polite live region. */
  live: HTMLElement;
  /** The list (`<ol>`) of output lines. */
  list: HTMLElement;
  /** Words, from the terminal's data attributes. */
  words: DOMStringMap;
}

/** One terminal's accessible output. */
export interface OutputLog {
  /** The shell started `line`; `quiet` when a Run button started it (the button reports). */
  commandStarted(line: string, quiet: boolean): void;
  /** Output written while the command runs. */
  write(data: string): void;
  /** The command ended. */
  commandEnded(): void;
}

const fill = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** What is said about `lines` (a command's output, or a stream's new lines). */
export function summarise(words: DOMStringMap, lines: string[]): string {
  if (!lines.length) return words.logEmpty ?? 'No output.';
  if (lines.length <= SPOKEN_LINES) return lines.join('; ');
  return fill(words.logLong ?? '{n} lines, starting: {text}. Read them line by line after the terminal.', {
    n: lines.length,
    text: lines.slice(0, SPOKEN_LINES).join('; '),
  });
}

/** Starts keeping the accessible copy in `o.list` and announcing in `o.live`. */
export function createOutputLog(o: OutputLogOptions): OutputLog {
  let raw = '';
  let group: HTMLElement | undefined;
  let quiet = false;
  let streamTimer: ReturnType<typeof setTimeout> | undefined;
  let spokenUpTo = 0;
  let count = 0;

  const linesOf = (text: string): string[] =>
    plainText(text)
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim());

  const say = (text: string): void => {
    // Same text twice in a row is not announced again unless the region changes.
    o.live.textContent = o.live.textContent === text ? `${text}\u00a0` : text;
  };

  const trim = (): void => {
    while (count > MAX_LINES && o.list.firstElementChild) {
      const first = o.list.firstElementChild as HTMLElement;
      const items = first.querySelectorAll('li').length;
      first.remove();
      count -= items;
    }
  };

  /** Puts the command's output so far into its group of the list. */
  const flush = (): string[] => {
    const lines = linesOf(raw);
    if (!group) return lines;
    const ol = group.querySelector('ol')!;
    for (let i = ol.children.length; i < lines.length; i++) {
      const li = document.createElement('li');
      li.textContent = lines[i]!;
      ol.append(li);
      count++;
    }
    trim();
    return lines;
  };

  return {
    commandStarted(line, isQuiet) {
      raw = '';
      quiet = isQuiet;
      spokenUpTo = 0;
      group = document.createElement('li');
      const title = document.createElement('p');
      title.textContent = fill(o.words.logCommand ?? '$ {line}', { line: line.split('\n')[0]! });
      group.append(title, document.createElement('ol'));
      o.list.append(group);
      count++;
    },
    write(data) {
      if (!group || raw.length > 200_000) return;
      raw += data;
      // A long-running command (a stream): say its new lines every few seconds.
      if (quiet || streamTimer !== undefined) return;
      streamTimer = setTimeout(() => {
        streamTimer = undefined;
        if (!group) return;
        const lines = flush();
        if (lines.length > spokenUpTo) say(summarise(o.words, lines.slice(spokenUpTo)));
        spokenUpTo = lines.length;
      }, STREAM_EVERY_MS);
    },
    commandEnded() {
      clearTimeout(streamTimer);
      streamTimer = undefined;
      const lines = flush();
      if (!quiet) say(summarise(o.words, lines.slice(spokenUpTo)));
      group = undefined;
      raw = '';
    },
  };
}
