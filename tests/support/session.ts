/**
 * A terminal session for tests: the course shell with kubectl on a fresh simulated cluster,
 * run one command line at a time, each giving its output and exit status (which the
 * command-line transcript, a single string, does not). Time follows the transcript runner's
 * rules (src/cli/transcript.ts), so a session prints what a transcript of the same lines
 * prints: cluster time moves while a command waits (`kubectl wait`, `sleep`, `delete` waiting
 * for a Pod to go), timer by timer, plus STEP_MS after each command (typing the next one); a
 * command that streams (`logs -f`, `get -w`) is stopped as a reader would stop it with Ctrl-C,
 * after STREAM_LIMIT_MS; a command blocked with no timer pending is interrupted at once.
 */
import { createCluster, type Cluster } from '../../src/sim/index.ts';
import { runInClusterTime } from '../../src/host/cluster-time.ts';
import { createTerminalShell } from '../../src/host/terminal.ts';
import { createMemoryFS } from '../../src/shell/fs.ts';

/** How long a streaming command runs before the session presses Ctrl-C (cluster time). */
export const STREAM_LIMIT_MS = 10_000;
/** Cluster time that passes after each command, as in the transcript runner. */
export const STEP_MS = 1000;
/** Cluster time after which a command that has not finished is taken to hang and interrupted. */
export const HANG_LIMIT_MS = 15 * 60_000;

export interface CommandResult {
  /** stdout and stderr interleaved in the order written. */
  output: string;
  stdout: string;
  stderr: string;
  /** The line's exit status; 0 for a streaming command the session stopped. */
  exitCode: number;
  /** Set when the command streamed and was stopped after STREAM_LIMIT_MS. */
  streamed: boolean;
}

export interface Session {
  cluster: Cluster;
  /** Runs one command line (heredocs included) to completion. */
  run(line: string): Promise<CommandResult>;
}

export interface SessionOptions {
  seed: number;
  preset?: string;
  /** Files in the home directory, name (or absolute path) to content. */
  files?: Record<string, string>;
}

const macrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Opens a session on `createCluster({seed, preset})` with `files` in /home/learner. */
export async function openSession(opts: SessionOptions): Promise<Session> {
  const cluster = createCluster({ seed: opts.seed, ...(opts.preset ? { preset: opts.preset } : {}) });
  const fs = createMemoryFS(opts.files ?? {});
  let onStreaming: () => void = () => {};
  const { shell, loading } = createTerminalShell({ cluster, fs, onStreaming: () => onStreaming() });

  async function run(line: string): Promise<CommandResult> {
    let output = '';
    let stdout = '';
    let stderr = '';
    let streamedAt: number | undefined;
    onStreaming = () => {
      streamedAt ??= cluster.now();
    };
    const start = cluster.now();
    const outcome = await runInClusterTime(
      (interrupt) =>
        shell.run(line, {
          interrupt,
          write: (text, stream) => {
            output += text;
            if (stream === 'stdout') stdout += text;
            else stderr += text;
          },
        }),
      {
        clock: cluster.clock,
        loading,
        // A streaming command is stopped STREAM_LIMIT_MS after it started streaming.
        deadline: () => Math.min(start + HANG_LIMIT_MS, streamedAt === undefined ? Infinity : streamedAt + STREAM_LIMIT_MS),
        yieldToHost: macrotask,
        onInterrupt: () => {
          if (streamedAt === undefined) output += `[session: blocked after ${Math.round((cluster.now() - start) / 1000)}s of cluster time; Ctrl-C]\n`;
        },
      },
    );
    onStreaming = () => {};
    if (outcome.kind === 'failed') throw outcome.error;
    if (outcome.kind === 'abandoned') throw new Error(`command did not finish after Ctrl-C: ${line}`);
    await cluster.code.ready();
    cluster.advance(STEP_MS);
    const streamed = streamedAt !== undefined;
    return { output, stdout, stderr, exitCode: streamed && outcome.interruptedBy ? 0 : outcome.status, streamed };
  }

  return { cluster, run };
}
