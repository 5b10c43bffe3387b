/**
 * The command-line transcript: runs a script of shell lines against a fresh seeded cluster and
 * returns what a reader sees, with time made virtual so the same seed gives the same text.
 *
 * Output shape: each command's first line as `$ LINE`, each further line of it (a heredoc body,
 * a continued quote) as `> LINE`, then its stdout and stderr in the order written, then the
 * next command. Blank input lines are skipped.
 *
 * Time: the cluster clock moves only while a command waits (the host advances it to the next
 * due timer whenever the command is blocked) plus `stepMs` after each command, the time a
 * person takes to type the next one. A command that streams (`get -w`, `logs -f`, `watch`) is
 * interrupted after `streamLimitMs` of cluster time; one blocked with no timer pending is
 * interrupted at once; nothing waits past 24 hours of cluster time.
 */
import { isLoadingOnDemand } from '../kubectl/cli/on-demand.ts';
import { isLoadingBuiltin } from '../shell/on-demand.ts';
import { createKubectl } from '../kubectl/index.ts';
import { createCluster, type Cluster } from '../sim/index.ts';
import { createCommands } from '../shell/commands.ts';
import { createMemoryFS } from '../shell/fs.ts';
import { History } from '../shell/history.ts';
import { InterruptController, clockSleep } from '../shell/interrupt.ts';
import { parse } from '../shell/parse.ts';
import { Shell } from '../shell/shell.ts';
import type { Command } from '../shell/exec.ts';

export interface TranscriptOptions {
  /** Cluster seed (default 1). */
  seed?: number;
  /** Cluster preset (default the simulator's default, `kind`). */
  preset?: string;
  /** Cluster time that passes after each command (default 1000 ms). */
  stepMs?: number;
  /** Cluster time after which a streaming command is interrupted (default 10 s). */
  streamLimitMs?: number;
  /** The terminal's files before the first command (see createMemoryFS). */
  files?: Record<string, string>;
  /** Use this cluster instead of creating one (seed and preset are then ignored). */
  cluster?: Cluster;
  /** Commands to add to (or replace in) the table, e.g. test doubles. */
  commands?: Record<string, Command>;
  /** Lets pending promises run (default: one macrotask through setImmediate). */
  yieldToHost?: () => Promise<void>;
}

const DAY = 24 * 3_600_000;
/** Turns an interrupted command gets to finish before the transcript moves on without it. */
const ABANDON_TURNS = 50;
/** Consecutive turns a command may keep the shell busy without waiting before it is interrupted. */
const BUSY_TURNS = 300;
/** Turns with no timer pending after which a running command counts as blocked. */
const IDLE_TURNS = 3;

const macrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `input` (shell lines, `\n`-separated) and returns the transcript. */
export async function runTranscript(input: string, opts: TranscriptOptions = {}): Promise<string> {
  const cluster = opts.cluster ?? createCluster({ seed: opts.seed ?? 1, preset: opts.preset });
  const clock = cluster.clock;
  const stepMs = opts.stepMs ?? 1000;
  const streamLimitMs = opts.streamLimitMs ?? 10_000;
  const yieldToHost = opts.yieldToHost ?? macrotask;
  const history = new History();
  let streamingSince: number | undefined;
  let shellYielding = 0;
  let exited = false;
  const commands = createCommands(cluster, createKubectl(cluster));
  commands.set('exit', async () => {
    exited = true;
    return 0;
  });
  for (const [name, cmd] of Object.entries(opts.commands ?? {})) commands.set(name, cmd);
  const shell = new Shell({
    fs: createMemoryFS(opts.files),
    commands,
    sleep: (ms, interrupt) => clockSleep(clock, ms, interrupt),
    cols: () => 80,
    history: { list: () => history.list(), clear: () => history.clear() },
    onStreaming: () => {
      streamingSince ??= clock.now();
    },
    // While the shell merely lets the event loop run (long scripts and loops do, every few
    // commands) it is not waiting for cluster time: the clock must not move for it.
    yieldToHost: async () => {
      shellYielding++;
      try {
        await yieldToHost();
      } finally {
        shellYielding--;
      }
    },
  });

  let out = '';
  let generation = 0;
  const emit = (text: string): void => {
    out += text;
  };
  const endLine = (): void => {
    if (out && !out.endsWith('\n')) out += '\n';
  };

  const lines = input.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  let pending: string[] = [];
  let waitingFor: { delimiter: string; stripTabs: boolean } | undefined;
  for (let i = 0; i < lines.length && !exited; i++) {
    const line = lines[i]!;
    if (!pending.length && !line.trim()) continue;
    const marker = pending.length ? '>' : '$';
    emit(line ? `${marker} ${line}\n` : `${marker}\n`);
    pending.push(line);
    const last = i === lines.length - 1;
    if (waitingFor && !last && line !== waitingFor.delimiter && !(waitingFor.stripTabs && line.replace(/^\t+/, '') === waitingFor.delimiter)) continue;
    const source = pending.join('\n');
    const parsed = parse(source, last);
    if (!parsed.ok && parsed.incomplete) {
      waitingFor = parsed.heredoc;
      continue;
    }
    pending = [];
    waitingFor = undefined;
    if (source.trim()) history.add(source);
    if (!parsed.ok) {
      emit(parsed.message + '\n');
      shell.status = 2;
      continue;
    }
    for (const w of parsed.warnings) emit(w + '\n');
    const interrupt = new InterruptController();
    const mine = generation;
    streamingSince = undefined;
    const run = shell.execute(parsed.script, {
      interrupt,
      write: (text) => {
        if (mine === generation) emit(text);
      },
    });
    await drive(run, interrupt);
    generation++;
    endLine();
    cluster.advance(stepMs);
  }
  return out;

  /** Advances cluster time while `run` is blocked, until it settles (or is given up on). */
  async function drive(run: Promise<number>, interrupt: InterruptController): Promise<void> {
    let settled = false;
    void run.then(
      () => (settled = true),
      (e: unknown) => {
        settled = true;
        emit(`bash: ${e instanceof Error ? e.message : String(e)}\n`);
      },
    );
    const start = clock.now();
    let turnsSinceInterrupt = 0;
    let idleTurns = 0;
    let busyTurns = 0;
    for (;;) {
      await yieldToHost();
      if (settled) return;
      if (interrupt.interrupted) {
        if (++turnsSinceInterrupt > ABANDON_TURNS) return;
        continue;
      }
      // Waiting for code that loads on first use is not waiting for cluster time either.
      if (isLoadingBuiltin() || isLoadingOnDemand()) continue;
      if (shellYielding) {
        // Busy (a loop that never waits): stop it after a while, as a reader would.
        if (++busyTurns >= BUSY_TURNS) interrupt.trigger();
        continue;
      }
      busyTurns = 0;
      const now = clock.now();
      const next = clock.nextDue();
      const deadline = Math.min(start + DAY, streamingSince !== undefined ? streamingSince + streamLimitMs : Infinity);
      if (next === undefined || next > deadline) {
        // A busy command (a loop with no sleep) never waits on a timer either: give it a few
        // turns to reach one before deciding it is blocked.
        if (++idleTurns < IDLE_TURNS) continue;
        if (deadline > now) clock.advanceTo(deadline);
        interrupt.trigger();
      } else {
        idleTurns = 0;
        clock.advanceTo(next);
      }
    }
  }
}
