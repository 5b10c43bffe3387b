/**
 * Puts an xterm.js terminal into a <course-terminal> element: colours matching the page's code
 * blocks in the page's theme (and following it when it changes), sized to the element (and
 * refitted when it resizes), labelled for screen readers.
 *
 * Width: kubectl prints tables as wide as their content, and a wrapped table cannot be read.
 * The terminal is at least MIN_COLS columns: the font shrinks (down to 12 px) to fit them, and
 * where they still do not fit (phones) the terminal is wider than its box, which scrolls
 * sideways (never the page), following the cursor as the reader types.
 *
 * Screen readers: the output's accessible copy and announcements are output-log.ts's (xterm's
 * own screen-reader mode re-renders every row on each write and slows large outputs down).
 */
import '@xterm/xterm/css/xterm.css';
import { Terminal as XTerm } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { MIN_CONTRAST, terminalTheme } from './terminal-theme.ts';
import { currentTheme, onThemeChange } from './theme.ts';
import { nextTask, step } from './start-schedule.ts';

/**
 * Replaces `host`'s children (the placeholder) with an open xterm that fills it. The input
 * textarea gets `host.dataset.label` as its accessible name and the element `helpId` (keyboard
 * help) as its description. Building the terminal, opening it on the page and fitting it to its
 * box are three tasks, with `pause()` between them.
 */
export async function openXterm(host: HTMLElement, helpId: string, pause: () => Promise<void> = nextTask): Promise<XTerm> {
  const { term, fit } = await step('xterm-new', () => newXterm(host));
  await pause();
  const mount = document.createElement('div');
  mount.className = 'terminal-xterm';
  await step('xterm-open', () => {
    host.replaceChildren(mount);
    term.open(mount);
  });
  await pause();
  await step('xterm-fit', () => fitOpened(term, fit, host, mount, helpId));
  return term;
}

/** A terminal with the course's options and the fit add-on, not yet on the page. */
function newXterm(host: HTMLElement): { term: XTerm; fit: FitAddon } {
  const term = new XTerm({
    convertEol: true,
    cursorBlink: true,
    fontFamily: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace',
    fontSize: fontFor(host.clientWidth),
    lineHeight: 1.15,
    scrollback: 5000,
    theme: terminalTheme(currentTheme()),
    minimumContrastRatio: MIN_CONTRAST,
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  return { term, fit };
}

/** Fits an opened terminal to `host`, keeps it fitted, themed and labelled. */
function fitOpened(term: XTerm, fit: FitAddon, host: HTMLElement, mount: HTMLElement, helpId: string): void {
  onThemeChange((theme) => {
    term.options.theme = terminalTheme(theme);
  });
  const refit = (): void => fitAtLeast(term, fit, host, mount);
  refit();
  term.onCursorMove(() => followCursor(term, host));
  const textarea = term.textarea;
  if (textarea) {
    textarea.setAttribute('aria-label', host.dataset.label ?? 'Terminal');
    const help = document.getElementById(helpId);
    if (help) textarea.setAttribute('aria-describedby', help.id);
  }
  let pending = 0;
  let width = host.clientWidth;
  new ResizeObserver(() => {
    // Only the box's width and height matter; the mount's own width is ours to set.
    if (host.clientWidth === width && mount.dataset.h === String(host.clientHeight)) return;
    width = host.clientWidth;
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(refit);
  }).observe(host);
}

/** Columns a kubectl table needs on common screens. */
export const MIN_COLS = 100;
/** Character width per pixel of font size (monospace fonts are close to 0.6). */
const CELL_RATIO = 0.6;
const PADDING_PX = 16 + 14; // .xterm padding + the vertical scrollbar

/** The font size that fits MIN_COLS in `width` px, between 12 and 14 px. */
export function fontFor(width: number): number {
  const fits = (width - PADDING_PX) / (MIN_COLS * CELL_RATIO);
  return Math.max(12, Math.min(14, Math.floor(fits)));
}

/** Fits the terminal to its box, but never below MIN_COLS (the box scrolls sideways then). */
function fitAtLeast(term: XTerm, fit: FitAddon, host: HTMLElement, mount: HTMLElement): void {
  const size = fontFor(host.clientWidth);
  if (term.options.fontSize !== size) term.options.fontSize = size;
  mount.style.width = '';
  mount.dataset.h = String(host.clientHeight);
  const dims = fit.proposeDimensions();
  if (!dims || !Number.isFinite(dims.cols)) return;
  if (dims.cols < MIN_COLS) {
    const cell = (host.clientWidth - PADDING_PX) / Math.max(1, dims.cols);
    mount.style.width = `${Math.ceil(MIN_COLS * cell + PADDING_PX + cell)}px`;
  }
  fit.fit();
}

/** Keeps the cursor's column in view when the terminal is wider than its box. */
function followCursor(term: XTerm, host: HTMLElement): void {
  if (host.scrollWidth <= host.clientWidth) return;
  const cell = host.scrollWidth / (term.cols + 2);
  const x = term.buffer.active.cursorX * cell;
  const margin = cell * 4;
  if (x < host.scrollLeft + margin) host.scrollLeft = Math.max(0, x - margin);
  else if (x > host.scrollLeft + host.clientWidth - margin) host.scrollLeft = x - host.clientWidth + margin;
}
