/**
 * The command-line transcript: runs a script of shell lines against a fresh seeded cluster and
 * returns what a reader sees, with time made virtual so the same seed gives the same text.
 *
 * Output shape: each command's first line as `$ LINE`, each further line of it (a heredoc body,
 * a continued quote) as `> LINE`, then its stdout and stderr in the order written, then the
 * next command. Blank input lines are skipped.
 *
 * Time: the cluster clock moves only while a command waits (the host advances it to the next
 * due timer whenever the command is blocked, see src/host/cluster-time.ts) plus `stepMs` after
 * each command, the time a person takes to type the next one. A command that streams (`get -w`,
 * `logs -f`, `watch`) is interrupted after `streamLimitMs` of cluster time, as a reader would
 * stop it; one blocked with no timer pending is interrupted at once. A command that really runs
 * too long is interrupted and shows `^C`, as in a terminal: one that keeps the shell busy without
 * ever waiting for `busyTurns` event-loop turns (see BUSY_TURNS: a loop of a hundred thousand
 * commands finishes), one still running after 24 hours of cluster time, or one that took
 * `maxTurns` turns in all (see MAX_TURNS).
 *
 * Output goes to `onOutput` as it is written (the command line streams it to stdout) and is
 * also returned as one string. A JavaScript error inside a command ends that command with one
 * line, `bash: internal error: MESSAGE`, and the transcript goes on.
 */
import type { Command } from '../command/contract.ts';
import { runInClusterTime } from '../host/cluster-time.ts';
import { createTerminalShell } from '../host/terminal.ts';
import { createMemoryFS } from '../shell/fs.ts';
import { History } from '../shell/history.ts';
import { parse, readingDialect, type ParseResult } from '../shell/parse.ts';
import { createCluster, type Cluster } from '../sim/index.ts';

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
  /** Receives the transcript as it is written (default: nothing; the whole text is returned anyway). */
  onOutput?: (text: string) => void;
  /** Event-loop turns a command may keep the shell busy without waiting before it is interrupted (default BUSY_TURNS). */
  busyTurns?: number;
  /** Event-loop turns after which any command is interrupted (default MAX_TURNS). */
  maxTurns?: number;
}

const DAY = 24 * 3_600_000;
/** Turns an interrupted command gets to finish before the transcript moves on without it. */
const ABANDON_TURNS = 50;
/**
 * Consecutive turns a command may keep the shell busy without waiting before it is interrupted.
 * The shell yields every 32 loop iterations and every 64 commands, so a one-command loop
 * (`while true; do echo y; done`) gets about 160,000 iterations, a few seconds of CPU: far more
 * than any lesson's loop, and little enough that a runaway one ends soon, with `^C`.
 */
export const BUSY_TURNS = 10_000;
/** Turns with no timer pending after which a running command counts as blocked. */
const IDLE_TURNS = 3;
/**
 * Turns after which any command is interrupted (with `^C`), whatever it waits for: the net under
 * loops that wait a little each time (`while true; do sleep 0.001; done` would otherwise run
 * for 86 million iterations before the day is up). A day of `sleep 1` takes about 200,000.
 */
export const MAX_TURNS = 1_000_000;

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
  const { shell, commands, loading } = createTerminalShell({
    cluster,
    fs: createMemoryFS(opts.files),
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
  commands.set('exit', async () => {
    exited = true;
    return 0;
  });
  for (const [name, cmd] of Object.entries(opts.commands ?? {})) commands.set(name, cmd);

  let out = '';
  let generation = 0;
  const emit = (text: string): void => {
    if (!text) return;
    out += text;
    opts.onOutput?.(text);
  };
  // Background jobs write whenever they have something to say, as on a terminal.
  shell.jobOutput = (text) => emit(text);
  const endLine = (): void => {
    if (out && !out.endsWith('\n')) emit('\n');
  };

  const lines = input.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  let pending: string[] = [];
  let waitingFor: { delimiter: string; stripTabs: boolean } | undefined;
  for (let i = 0; i < lines.length && !exited; i++) {
    const line = lines[i]!;
    if (!pending.length && !line.trim()) continue;
    const marker = pending.length ? '>' : '$';
    // Jobs that ended are reported before the prompt, as bash reports them.
    // (One turn of the event loop first, so a job the last step of time ended has finished.)
    if (!pending.length && shell.jobs.size) {
      await yieldToHost();
      emit(shell.takeJobNotices());
    }
    emit(line ? `${marker} ${line}\n` : `${marker}\n`);
    pending.push(line);
    const last = i === lines.length - 1;
    if (waitingFor && !last && line !== waitingFor.delimiter && !(waitingFor.stripTabs && line.replace(/^\t+/, '') === waitingFor.delimiter)) continue;
    const source = pending.join('\n');
    let parsed: ParseResult;
    try {
      parsed = parse(source, last, readingDialect(shell.shopts));
    } catch (e) {
      parsed = { ok: false, incomplete: false, message: internalError(e) };
    }
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
    const script = parsed.script;
    const mine = generation;
    streamingSince = undefined;
    const start = clock.now();
    const outcome = await runInClusterTime(
      (interrupt) =>
        shell.execute(script, {
          interrupt,
          lines: source.split('\n').length,
          write: (text) => {
            if (mine === generation) emit(text);
          },
        }),
      {
        clock,
        loading,
        deadline: () => Math.min(start + DAY, streamingSince !== undefined ? streamingSince + streamLimitMs : Infinity),
        yieldToHost,
        busy: () => shellYielding > 0,
        busyTurns: opts.busyTurns ?? BUSY_TURNS,
        idleTurns: IDLE_TURNS,
        abandonTurns: ABANDON_TURNS,
        maxTurns: opts.maxTurns ?? MAX_TURNS,
        // Stopping a stream is what the reader asked for (see streamLimitMs); stopping a command
        // that runs too long is not, so it shows, as Ctrl-C shows in a terminal.
        onInterrupt: (why) => {
          if (why === 'busy' || why === 'turns' || (why === 'deadline' && streamingSince === undefined)) emit('^C');
        },
      },
    );
    if (outcome.kind === 'failed') emit(`${internalError(outcome.error)}\n`);
    generation++;
    endLine();
    // Code the command's objects need (a controller loaded on first use) arrives before time moves on.
    await cluster.code.ready();
    cluster.advance(stepMs);
  }
  // The end of input closes the terminal: jobs still running get SIGHUP, as at bash's exit.
  shell.hangUp();
  return out;
}

/** One line for a JavaScript error that escaped a command (never a stack trace). */
function internalError(e: unknown): string {
  return `bash: internal error: ${e instanceof Error ? e.message : String(e)}`;
}
