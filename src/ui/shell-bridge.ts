/**
 * The page's way to the course shell: `createInteractiveShell` from src/shell/interactive.ts
 * when that module is present, else a minimal line-mode shell (typing, Backspace, Enter,
 * Ctrl-C; no history or completion) over the same interpreter, commands and kubectl, so the
 * terminal works in every build.
 */
import type { Cluster } from '../sim/index.ts';
import type { Terminal } from '../shell/terminal.ts';
import type { MemoryFS } from '../shell/fs.ts';
import { Shell } from '../shell/shell.ts';
import { createCommands } from '../shell/commands.ts';
import { clockSleep, InterruptController } from '../shell/interrupt.ts';
import { createKubectl } from '../kubectl/index.ts';

/** Saved command history (the shell loads it once and saves after each line). */
export interface HistoryStore {
  load(): string[];
  save(lines: string[]): void;
}

export interface InteractiveShellOptions {
  terminal: Terminal;
  cluster: Cluster;
  fs: MemoryFS;
  history: HistoryStore;
  prompt: string;
}

/** A shell attached to a terminal (the contract of src/shell/interactive.ts). */
export interface InteractiveShell {
  /** Runs `line` as if typed at the prompt; resolves when it has finished and the prompt is back. */
  runCommand(line: string): Promise<void>;
  /** Ctrl-C: stops the running command. */
  interrupt(): void;
  dispose(): void;
  readonly busy: boolean;
}

type Factory = (opts: InteractiveShellOptions) => InteractiveShell;

const found = import.meta.glob<{ createInteractiveShell: Factory }>('../shell/interactive.ts', { eager: true });
const real = Object.values(found)[0]?.createInteractiveShell;

/** True when the full interactive shell (history, completion, line editing) is in the build. */
export const hasFullShell = typeof real === 'function';

function createLineShell(opts: InteractiveShellOptions): InteractiveShell {
  const { terminal, cluster, fs, prompt } = opts;
  const history = opts.history.load();
  const shell = new Shell({
    fs,
    commands: createCommands(cluster, createKubectl(cluster)),
    sleep: (ms, interrupt) => clockSleep(cluster.clock, ms, interrupt),
    cols: () => terminal.cols,
    history: { list: () => history, clear: () => void history.splice(0) },
    clearScreen: () => terminal.write('\x1b[2J\x1b[3J\x1b[H'),
    yieldToHost: () => new Promise((r) => setTimeout(r, 0)),
  });
  let buffer = '';
  let current: InterruptController | undefined;
  let disposed = false;
  const out = (t: string) => terminal.write(t.replace(/\r?\n/g, '\r\n'));

  const exec = async (line: string): Promise<void> => {
    if (line.trim()) {
      history.push(line);
      opts.history.save(history);
    }
    current = new InterruptController();
    try {
      await shell.run(line, { write: (t) => out(t), interrupt: current });
    } catch (e) {
      out(`bash: ${e instanceof Error ? e.message : String(e)}\n`);
    } finally {
      current = undefined;
    }
    if (!disposed) terminal.write(prompt);
  };

  const off = terminal.onData((data) => {
    for (const ch of data) {
      if (ch === '\x03') {
        if (current) current.trigger();
        else {
          terminal.write('^C\r\n' + prompt);
          buffer = '';
        }
      } else if (current) {
        continue;
      } else if (ch === '\r') {
        terminal.write('\r\n');
        const line = buffer;
        buffer = '';
        void exec(line);
      } else if (ch === '\x7f') {
        if (buffer) {
          buffer = buffer.slice(0, -1);
          terminal.write('\b \b');
        }
      } else if (ch >= ' ') {
        buffer += ch;
        terminal.write(ch);
      }
    }
  });
  terminal.write(prompt);
  return {
    async runCommand(line) {
      if (buffer) terminal.write('\b \b'.repeat(buffer.length));
      buffer = '';
      terminal.write(line.replace(/\n/g, '\r\n> ') + '\r\n');
      await exec(line);
    },
    interrupt() {
      current?.trigger();
    },
    dispose() {
      disposed = true;
      off();
      current?.trigger();
    },
    get busy() {
      return current !== undefined;
    },
  };
}

/** Attaches a shell to a terminal: the full one when available, else the line-mode one. */
export const createInteractiveShell: Factory = real ?? createLineShell;
