/**
 * The Run, Apply and Edit buttons of code blocks (see components/CodeBlock.astro); Edit opens
 * the manifest's file, as the terminal has it, in the terminal's editor (`edit FILE`). One delegated
 * click listener for the page; the commands come from the button's data-run attribute (built
 * at compile time), the manifest from the block's own text.
 *
 * Each button shows where its request stands (`data-state`: queued, running, done) and says
 * it to screen readers: what it ran and what came back (its `.code-report` live region). A
 * click while its request is queued or running is ignored. The page never scrolls: the page's
 * terminal is beside the text (wide screens) or floats at the bottom of the screen (narrow).
 */
import { defaultTerminalId, REQUEST_STATE_EVENT, sendToTerminal, type RequestStateDetail } from './bus.ts';
import { revealDock } from './terminal-dock.ts';

/** Lines of output read out after a Run before "and N more lines". */
const SPOKEN_LINES = 3;

let counter = 0;

const fill = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** What a screen reader hears when a button's commands are done. */
export function spokenReport(words: Record<string, string | undefined>, what: string, detail: RequestStateDetail): string {
  const lines = (detail.output ?? '').split('\n').filter((l) => l.trim());
  const head = lines.slice(0, SPOKEN_LINES).join('; ');
  const parts = [fill(words.reportRan ?? 'Ran {what}.', { what })];
  if (!lines.length) parts.push(words.reportEmpty ?? 'No output.');
  else if (lines.length <= SPOKEN_LINES) parts.push(fill(words.reportOutput ?? 'Output: {text}', { text: head }));
  else parts.push(fill(words.reportLong ?? 'Output, {n} lines, starting: {text}. The rest is in the terminal.', { n: lines.length, text: head }));
  if (detail.interrupted) parts.push(words.reportInterrupted ?? 'Stopped.');
  return parts.join(' ');
}

/** What a button runs, in words (its data-what, else its first command). */
function whatOf(button: HTMLButtonElement): string {
  if (button.dataset.what) return button.dataset.what;
  const run = button.dataset.run;
  if (run) return (JSON.parse(run) as string[])[0]?.split('\n')[0] ?? '';
  if (button.dataset.edit) return `edit ${button.dataset.edit}`;
  return button.dataset.apply ? `kubectl apply -f ${button.dataset.apply}` : '';
}

function setState(button: HTMLButtonElement, state: string): void {
  button.dataset.state = state;
  button.setAttribute('aria-busy', String(state === 'queued' || state === 'running'));
}

/**
 * The floating terminal may have just opened over the button: scroll the page by just enough
 * to keep the button above it (never more, and not at all when it is clear).
 */
function keepAboveDock(button: HTMLElement): void {
  requestAnimationFrame(() => {
    const dock = document.querySelector<HTMLElement>('.terminal-dock.docked');
    if (!dock || getComputedStyle(dock).position !== 'fixed') return;
    const top = dock.getBoundingClientRect().top;
    const bottom = button.getBoundingClientRect().bottom;
    if (bottom > top - 8) window.scrollBy({ top: bottom - top + 8, behavior: 'instant' });
  });
}

/** Copies the button's block to the clipboard and says so (on the button, and to screen readers). */
async function copyBlock(button: HTMLButtonElement): Promise<void> {
  const block = button.closest('.code-block');
  const text = (block?.querySelector('pre')?.textContent ?? '').replace(/\n+$/, '\n');
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    return; // no clipboard (insecure context, refused): the text stays selectable
  }
  button.dataset.done = '';
  const report = block?.querySelector<HTMLElement>('.code-report');
  if (report) report.textContent = button.dataset.copied ?? 'Copied';
  setTimeout(() => delete button.dataset.done, 2000);
}

/** Installs the page's click handler once. */
export function initCodeButtons(): void {
  const w = window as Window & { __courseCodeButtons?: boolean };
  if (w.__courseCodeButtons) return;
  w.__courseCodeButtons = true;
  const byRequest = new Map<string, HTMLButtonElement>();

  window.addEventListener(REQUEST_STATE_EVENT, (event) => {
    const detail = (event as CustomEvent<RequestStateDetail>).detail;
    const button = byRequest.get(detail.id);
    if (!button) return;
    setState(button, detail.state);
    const report = button.parentElement?.querySelector<HTMLElement>('.code-report');
    // The page's words (once per lesson, [data-code-words]), the button's own over them.
    const words = { ...document.querySelector<HTMLElement>('[data-code-words]')?.dataset, ...button.dataset };
    if (detail.state === 'done') {
      byRequest.delete(detail.id);
      const what = whatOf(button);
      if (report) report.textContent = spokenReport(words, what, detail);
    } else if (report) {
      report.textContent = fill(detail.state === 'queued' ? (words.reportQueued ?? 'Waiting for the terminal: {what}') : (words.reportRunning ?? 'Running {what}'), {
        what: whatOf(button),
      });
    }
  });

  document.addEventListener('click', (event) => {
    const copy = (event.target as Element | null)?.closest?.('button[data-copy]');
    if (copy instanceof HTMLButtonElement) {
      void copyBlock(copy);
      return;
    }
    const button = (event.target as Element | null)?.closest?.('button[data-run], button[data-apply], button[data-edit]');
    if (!(button instanceof HTMLButtonElement)) return;
    if (button.dataset.state === 'queued' || button.dataset.state === 'running') return;
    const block = button.closest('.code-block');
    const terminalId = block?.getAttribute('data-terminal') || defaultTerminalId();
    if (!terminalId) return;
    const id = `r${++counter}`;
    byRequest.set(id, button);
    setState(button, 'queued');
    const fastForward = block?.hasAttribute('data-fast-forward') ?? false;
    const run = button.getAttribute('data-run');
    if (run !== null) {
      sendToTerminal(terminalId, { kind: 'run', commands: JSON.parse(run) as string[], id, fastForward });
    } else {
      const content = (block?.querySelector('pre')?.textContent ?? '').replace(/\n*$/, '\n');
      const edit = button.getAttribute('data-edit');
      if (edit !== null) sendToTerminal(terminalId, { kind: 'edit', file: edit, content, id });
      else sendToTerminal(terminalId, { kind: 'apply', file: button.getAttribute('data-apply')!, content, id, fastForward });
    }
    // The page's own terminal is on screen already (beside the text, or floating at the
    // bottom): open it if collapsed, never scroll. Another terminal is brought into view.
    if (revealDock(terminalId)) keepAboveDock(button);
    else {
      const terminal = document.getElementById(terminalId);
      const panel = terminal?.closest('.terminal-panel') ?? terminal;
      panel?.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    }
  });
}
