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
import { createKubectl } from '../../src/kubectl/index.ts';
import { isLoadingOnDemand } from '../../src/kubectl/cli/on-demand.ts';
import { isLoadingBuiltin } from '../../src/shell/on-demand.ts';
import { createCommands } from '../../src/shell/commands.ts';
import { createMemoryFS } from '../../src/shell/fs.ts';
import { clockSleep, InterruptController } from '../../src/shell/interrupt.ts';
import { Shell } from '../../src/shell/shell.ts';

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
  const shell = new Shell({
    fs,
    commands: createCommands(cluster, createKubectl(cluster)),
    sleep: (ms, interrupt) => clockSleep(cluster.clock, ms, interrupt),
    onStreaming: () => onStreaming(),
  });

  async function run(line: string): Promise<CommandResult> {
    let output = '';
    let stdout = '';
    let stderr = '';
    const interrupt = new InterruptController();
    let streamed = false;
    onStreaming = () => {
      if (streamed) return;
      streamed = true;
      cluster.clock.setTimeout(() => interrupt.trigger(), STREAM_LIMIT_MS);
    };
    let done = false;
    let status = 0;
    let failure: unknown;
    shell
      .run(line, {
        interrupt,
        write: (text, stream) => {
          output += text;
          if (stream === 'stdout') stdout += text;
          else stderr += text;
        },
      })
      .then(
        (s) => {
          status = s;
          done = true;
        },
        (e: unknown) => {
          failure = e;
          done = true;
        },
      );
    const start = cluster.now();
    let turnsSinceInterrupt = 0;
    for (;;) {
      await macrotask();
      if (done) break;
      if (interrupt.interrupted) {
        // Give an interrupted command a few turns to wind down, then stop waiting for it.
        if (++turnsSinceInterrupt > 50) {
          failure ??= new Error(`command did not finish after Ctrl-C: ${line}`);
          break;
        }
        continue;
      }
      // Waiting for code that loads on first use is not waiting for cluster time.
      if (isLoadingBuiltin() || isLoadingOnDemand()) continue;
      const next = cluster.clock.nextDue();
      if (next === undefined || next - start > HANG_LIMIT_MS) {
        if (!streamed) output += `[session: blocked after ${Math.round((cluster.now() - start) / 1000)}s of cluster time; Ctrl-C]\n`;
        interrupt.trigger();
        continue;
      }
      cluster.clock.advanceTo(next);
    }
    onStreaming = () => {};
    if (failure !== undefined) throw failure;
    cluster.advance(STEP_MS);
    return { output, stdout, stderr, exitCode: streamed && interrupt.interrupted ? 0 : status, streamed };
  }

  return { cluster, run };
}
