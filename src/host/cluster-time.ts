/**
 * Runs one command in cluster time: the single loop behind the command-line transcript, the
 * test sessions and journal replay. Cluster time is virtual there: it moves only while the
 * command waits for it, so the same input always gives the same result.
 *
 * Each turn of the host's event loop the runner looks at the command and the clock:
 *   - finished or failed            -> done (once no code is loading, not even a background job's);
 *   - interrupted                   -> give it `abandonTurns` turns to wind down, then give up;
 *   - loading code (ctx.loadCode)   -> hold: a download is not cluster time;
 *   - busy (a loop that never waits) -> hold, and interrupt after `busyTurns` such turns in a row;
 *   - next timer due by the deadline -> advance the clock to it (timer by timer, never past);
 *   - nothing due by the deadline    -> after `idleTurns` such turns, advance to the deadline and
 *                                       interrupt (`deadline`), or (`blocked`) when nothing at all is due;
 *   - `maxTurns` turns in all        -> interrupt where the clock stands (`turns`).
 * Worked example: `kubectl wait --for=condition=Ready pod/web` started at 03:00:00 with the
 * kubelet's image pull due at 03:00:02.5 and the container start at 03:00:03.1: the runner
 * advances to 02.5, then 03.1, the Pod turns Ready, `wait` prints and finishes at 03:00:03.1.
 *
 * The page has no such loop: there cluster time follows the wall clock (src/ui/realtime-driver.ts),
 * the learner presses Ctrl-C, and the same `CodeLoading` state holds the clock while code loads.
 */
import { InterruptController } from '../command/interrupt.ts';
import type { Interrupt } from '../command/contract.ts';

/** The clock the runner moves (a SimClock: `cluster.clock`). */
export interface RunnerClock {
  now(): number;
  /** Due time of the earliest pending timer, or undefined. */
  nextDue(): number | undefined;
  /** Fires every timer due at or before `t`, in order, then sets the time to `t`. */
  advanceTo(t: number): void;
}

/** Why the runner interrupted a command. */
export type InterruptReason =
  /** The deadline came (a stream limit, or the longest a host lets a command run). */
  | 'deadline'
  /** Nothing was due at all: no timer will ever wake the command. */
  | 'blocked'
  /** It kept the shell busy without waiting for `busyTurns` turns. */
  | 'busy'
  /** It ran `maxTurns` turns. */
  | 'turns';

export interface ClusterTimeOptions {
  clock: RunnerClock;
  /** The terminal's code-loading state (TerminalShell.loading). */
  loading: { readonly active: boolean };
  /** Cluster time at which the command is interrupted; read every turn (streaming may move it). */
  deadline: () => number;
  /** Lets pending promises run: one macrotask. */
  yieldToHost: () => Promise<void>;
  /** True while the command keeps the shell busy without waiting for cluster time. Default never. */
  busy?: () => boolean;
  /** Busy turns in a row after which the command is interrupted. Default unlimited. */
  busyTurns?: number;
  /** Turns with nothing due by the deadline before the runner acts on it. Default 1 (at once). */
  idleTurns?: number;
  /** Turns an interrupted command gets to finish before it is abandoned. Default 50. */
  abandonTurns?: number;
  /** Turns after which the command is interrupted whatever it does, where the clock stands. Default unlimited. */
  maxTurns?: number;
  /** Moves the clock to `t`, firing what is due (default `clock.advanceTo`; replay also settles the cluster). */
  advanceTo?: (t: number) => void;
  /** Called as the runner interrupts the command, before the interrupt fires. */
  onInterrupt?: (why: InterruptReason) => void;
}

/** How the command ended. `interruptedBy` is set when the runner interrupted it. */
export type ClusterTimeOutcome = (
  | { kind: 'finished'; status: number }
  | { kind: 'failed'; error: unknown }
  /** Interrupted and still running after `abandonTurns`: the host moves on without it. */
  | { kind: 'abandoned' }
) & { interruptedBy?: InterruptReason };

/**
 * Starts the command with `start(interrupt)` and drives cluster time for it until it ends (see
 * the module comment). Never rejects: a command that throws ends as `failed`.
 */
export async function runInClusterTime(start: (interrupt: Interrupt) => Promise<number>, o: ClusterTimeOptions): Promise<ClusterTimeOutcome> {
  const clock = o.clock;
  const advanceTo = o.advanceTo ?? ((t: number) => clock.advanceTo(t));
  const idleTurns = o.idleTurns ?? 1;
  const abandonTurns = o.abandonTurns ?? 50;
  const busyTurns = o.busyTurns ?? Infinity;
  const maxTurns = o.maxTurns ?? Infinity;
  const interrupt = new InterruptController();
  let ended: ClusterTimeOutcome | undefined;
  let interruptedBy: InterruptReason | undefined;
  const stop = (why: InterruptReason): void => {
    interruptedBy = why;
    o.onInterrupt?.(why);
    interrupt.trigger();
  };
  try {
    start(interrupt).then(
      (status) => (ended = { kind: 'finished', status }),
      (error: unknown) => (ended = { kind: 'failed', error }),
    );
  } catch (error) {
    return { kind: 'failed', error };
  }
  let afterInterrupt = 0;
  let idle = 0;
  let busy = 0;
  try {
    return await drive();
  } catch (error) {
    // The simulator itself failed while time moved (a timer threw): stop the command and report.
    interrupt.trigger();
    return { kind: 'failed', error, ...(interruptedBy ? { interruptedBy } : {}) };
  }

  async function drive(): Promise<ClusterTimeOutcome> {
    for (let turn = 0; ; turn++) {
      await o.yieldToHost();
      // A job the command started in the background may still be loading its code
      // (`kubectl port-forward ... &`): it gets its code before the host moves on, as it
      // would have had it at once had the code been there from the start.
      if (ended && !o.loading.active) return { ...ended, ...(interruptedBy ? { interruptedBy } : {}) };
      if (interrupt.interrupted) {
        if (++afterInterrupt > abandonTurns) return { kind: 'abandoned', ...(interruptedBy ? { interruptedBy } : {}) };
        continue;
      }
      if (o.loading.active) continue;
      if (o.busy?.()) {
        if (++busy >= busyTurns) stop('busy');
        continue;
      }
      busy = 0;
      const deadline = o.deadline();
      if (turn > maxTurns) {
        // A safety net, not a point in cluster time: stop where the clock is.
        stop('turns');
        continue;
      }
      const next = clock.nextDue();
      if (next === undefined || next > deadline) {
        if (++idle < idleTurns) continue;
        if (Number.isFinite(deadline)) advanceTo(deadline);
        stop(next === undefined ? 'blocked' : 'deadline');
      } else {
        idle = 0;
        advanceTo(next);
      }
    }
  }
}
