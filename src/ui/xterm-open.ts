/**
 * Puts an xterm.js terminal into a <course-terminal> element: colours matching the page's code
 * blocks, sized to the element (and refitted when it resizes), labelled for screen readers.
 */
import '@xterm/xterm/css/xterm.css';
import { Terminal as XTerm } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';

/** GitHub's dark palette (as the code blocks), every colour readable on the background. */
const THEME = {
  background: '#0d1117',
  foreground: '#e6edf3',
  cursor: '#e6edf3',
  selectionBackground: '#264f78',
  black: '#484f58',
  red: '#ff7b72',
  green: '#3fb950',
  yellow: '#d29922',
  blue: '#58a6ff',
  magenta: '#bc8cff',
  cyan: '#39c5cf',
  white: '#b1bac4',
  brightBlack: '#6e7681',
  brightRed: '#ffa198',
  brightGreen: '#56d364',
  brightYellow: '#e3b341',
  brightBlue: '#79c0ff',
  brightMagenta: '#d2a8ff',
  brightCyan: '#56d4dd',
  brightWhite: '#f0f6fc',
};

/**
 * Replaces `host`'s children (the placeholder) with an open xterm that fills it. The input
 * textarea gets `host.dataset.label` as its accessible name and the element `helpId` (keyboard
 * help) as its description.
 */
export function openXterm(host: HTMLElement, helpId: string): XTerm {
  const term = new XTerm({
    convertEol: true,
    cursorBlink: true,
    fontFamily: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace',
    // Phones: a smaller font keeps kubectl's tables from wrapping as much.
    fontSize: host.clientWidth < 560 ? 12 : 14,
    lineHeight: 1.15,
    scrollback: 5000,
    theme: THEME,
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  const mount = document.createElement('div');
  mount.className = 'terminal-xterm';
  host.replaceChildren(mount);
  term.open(mount);
  fit.fit();
  const textarea = term.textarea;
  if (textarea) {
    textarea.setAttribute('aria-label', host.dataset.label ?? 'Terminal');
    const help = document.getElementById(helpId);
    if (help) textarea.setAttribute('aria-describedby', help.id);
  }
  let pending = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => fit.fit());
  }).observe(mount);

  return term;
}
