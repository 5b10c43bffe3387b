/**
 * The interactive command line: the course shell over a raw-mode TTY, with cluster time
 * following the wall clock (as the page's real-time driver does).
 */
import { createInteractiveShell, createMemoryFS, createTerminalCommands, kubectlOn, type Terminal } from '../host/index.ts';
import { createCluster } from '../sim/index.ts';

/** How often cluster time catches up with the wall clock. */
const TICK_MS = 50;

/** Runs the shell on this process's terminal until Ctrl-D on an empty line or `exit`. */
export function runInteractive(opts: { seed: number; preset?: string }): Promise<number> {
  return new Promise((resolve) => {
    const cluster = createCluster({ seed: opts.seed, preset: opts.preset });
    const kubectl = kubectlOn(cluster);
    const commands = createTerminalCommands(cluster, kubectl);
    const stdin = process.stdin;
    const stdout = process.stdout;
    let stop = (): void => {};
    // While the editor is open it takes every key (the shell sees none).
    let editorKeys: ((data: string) => void) | undefined;
    commands.set('exit', async () => {
      setImmediate(() => stop());
      return 0;
    });
    const terminal: Terminal = {
      write: (data) => void stdout.write(data),
      onData: (cb) => {
        const listener = (chunk: string): void => {
          if (editorKeys) return editorKeys(chunk);
          // Ctrl-D on an empty prompt leaves, as in bash.
          if (chunk === '\x04' && !shell.busy && lineIsEmpty) return stop();
          cb(chunk);
        };
        stdin.on('data', listener);
        return () => void stdin.off('data', listener);
      },
      get cols() {
        return stdout.columns || 80;
      },
      get rows() {
        return stdout.rows || 24;
      },
    };
    // Tracks whether anything is typed on the current line, for Ctrl-D (approximate: any
    // printable key since the last Enter or Ctrl-C/Ctrl-U counts).
    let lineIsEmpty = true;
    stdin.on('data', (chunk: string) => {
      if (/[\r\n\x03\x15]$/.test(chunk)) lineIsEmpty = true;
      else if (chunk !== '\x04') lineIsEmpty = false;
    });
    stdin.setRawMode?.(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    stdout.write('Simulated Kubernetes 1.32 cluster. Type "help" for what this shell offers; Ctrl-D leaves.\r\n');
    const shell = createInteractiveShell({
      terminal,
      cluster,
      fs: createMemoryFS(),
      kubectl,
      commands,
      yieldToHost: () => new Promise((r) => setImmediate(r)),
      // `vi FILE` and `kubectl edit` open a vi-like editor on this terminal.
      edit: (request) =>
        import('../host/editor/vi/vi-session.ts').then(({ runViEditor }) =>
          runViEditor(
            {
              write: (data) => void stdout.write(data),
              takeKeys: (cb) => {
                editorKeys = cb;
                return () => (editorKeys = undefined);
              },
              get cols() {
                return stdout.columns || 80;
              },
              get rows() {
                return stdout.rows || 24;
              },
            },
            request,
          ),
        ),
    });
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = Math.floor(now - last);
      if (elapsed <= 0) return;
      last += elapsed;
      // Cluster time stands still while a command's code loads, as on the page.
      if (shell.loading.active) return;
      try {
        cluster.advance(elapsed);
      } catch (e) {
        stdout.write(`\r\nsim: cluster error: ${e instanceof Error ? e.message : String(e)}\r\n`);
      }
    }, TICK_MS);
    stop = () => {
      clearInterval(timer);
      shell.dispose();
      stdout.write('\x1b[?2004l\r\n');
      stdin.setRawMode?.(false);
      stdin.pause();
      resolve(0);
    };
  });
}
