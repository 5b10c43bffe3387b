/**
 * Shared pieces of the robustness tests: what a crash looks like in output, and a course
 * terminal set up as the lesson page sets it up (real kubectl on a seeded cluster, the shell
 * yielding to the event loop between commands, cluster time following the wall clock), on a
 * FakeTerminal so that tests can press keys and read the screen.
 */
import { expect } from 'vitest';
import { createCluster, type Cluster } from '../../src/sim/index.ts';
import { FakeTerminal } from '../../src/shell/fake-terminal.ts';
import { createInteractiveShell, createMemoryFS, type InteractiveShell } from '../../src/host/index.ts';
import { startRealtimeDriver, type RealtimeDriver } from '../../src/ui/realtime-driver.ts';

/** Text that only an escaped JavaScript error (not a kubectl- or shell-shaped message) would print. */
export const CRASH = /\bat (Object\.|async |new )|\bat \S+ \(|TypeError|ReferenceError|RangeError|SyntaxError|undefined is not|null is not|Cannot read propert|Cannot create propert|Cannot set propert|is not a function|is not iterable|Maximum call stack|Invalid string length|Invalid array length|internal error|\[object Object\]|"undefined"|\bundefined\b|\bNaN\b|toFixed|toPrecision|digits argument/;

/** Fails when `text` shows a JavaScript error instead of a command's own message. */
export function expectNoCrash(text: string): void {
  const m = CRASH.exec(text);
  expect(m ? text.slice(Math.max(0, m.index - 200), m.index + 200) : '').toBe('');
}

/** The page's host yield: one macrotask, so timers (the clock driver) and keys get their turn. */
export const pageYield = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** Waits for `ms` of wall time. */
export const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `pred` every 10 ms until it holds; throws after `timeoutMs` of wall time. */
export async function until(pred: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!pred()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(10);
  }
}

export interface PageTerminal {
  term: FakeTerminal;
  sh: InteractiveShell;
  cluster: Cluster;
  /** Types `line` + Enter and waits until the prompt is back (or `timeoutMs` passes). */
  run(line: string, timeoutMs?: number): Promise<string>;
  /** Stops the clock driver and detaches the shell. */
  close(): void;
}

/** A lesson terminal as the page builds it, on a FakeTerminal; `files` go to the home directory. */
export function pageTerminal(opts: { seed?: number; files?: Record<string, string>; realtime?: boolean } = {}): PageTerminal {
  const term = new FakeTerminal(100, 30);
  const cluster = createCluster({ seed: opts.seed ?? 7 });
  const sh = createInteractiveShell({ terminal: term, cluster, fs: createMemoryFS(opts.files ?? {}), yieldToHost: pageYield });
  const visibility = { hidden: false, addEventListener: () => {}, removeEventListener: () => {} };
  const driver: RealtimeDriver | undefined = opts.realtime === false ? undefined : startRealtimeDriver(cluster.clock, { visibility, onError: (e) => term.write(`\r\n[driver error: ${String(e)}]\r\n`) });
  return {
    term,
    sh,
    cluster,
    async run(line, timeoutMs = 10_000) {
      const before = term.written.length;
      const done = sh.runCommand(line);
      let finished = false;
      void done.then(() => (finished = true));
      await until(() => finished, timeoutMs, `"${line.slice(0, 60)}" to finish`);
      return term.written.slice(before);
    },
    close() {
      driver?.stop();
      sh.dispose();
    },
  };
}
