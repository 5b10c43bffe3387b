/**
 * The Run and Apply buttons of code blocks (see components/CodeBlock.astro). One delegated
 * click listener for the page; the commands come from the button's data-run attribute (built
 * at compile time), the manifest from the block's own text.
 */
import { defaultTerminalId, sendToTerminal } from './bus.ts';

/** Installs the page's click handler once. */
export function initCodeButtons(): void {
  const w = window as Window & { __courseCodeButtons?: boolean };
  if (w.__courseCodeButtons) return;
  w.__courseCodeButtons = true;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[data-run], button[data-apply]');
    if (!(button instanceof HTMLButtonElement)) return;
    const block = button.closest('.code-block');
    const terminalId = block?.getAttribute('data-terminal') || defaultTerminalId();
    if (!terminalId) return;
    const run = button.getAttribute('data-run');
    if (run !== null) {
      sendToTerminal(terminalId, { kind: 'run', commands: JSON.parse(run) as string[] });
    } else {
      const content = (block?.querySelector('pre')?.textContent ?? '').replace(/\n*$/, '\n');
      sendToTerminal(terminalId, { kind: 'apply', file: button.getAttribute('data-apply')!, content });
    }
    const terminal = document.getElementById(terminalId);
    const panel = terminal?.closest('.terminal-panel') ?? terminal;
    // The terminal docks beside the text on wide screens (already visible) and sits in the
    // flow on narrow ones: bring it on screen either way, without moving focus from the text.
    panel?.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  });
}
