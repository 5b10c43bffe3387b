/**
 * The shell's background jobs (`cmd &`), as bash keeps them: numbered from 1 (the next number
 * is one more than the highest still in the table), the most recent one current (`+`) and
 * the one before it previous (`-`), each with a process id for `$!` and `kill PID`. A job
 * that ends is reported once, before the next prompt (`[1]+  Done                    sleep 5`),
 * unless `wait` or `fg` collected it.
 */
import { InterruptController } from '../command/interrupt.ts';

/** Signals `kill` sends, by name, with their numbers and how bash reports a job they ended. */
export const SIGNALS: Record<string, { number: number; report: string }> = {
  HUP: { number: 1, report: 'Hangup' },
  INT: { number: 2, report: 'Interrupt' },
  QUIT: { number: 3, report: 'Quit' },
  KILL: { number: 9, report: 'Killed' },
  TERM: { number: 15, report: 'Terminated' },
};

export interface Job {
  readonly id: number;
  readonly pid: number;
  /** The command as bash prints it, without the `&`. */
  readonly text: string;
  /** Stops the job (Ctrl-C in the foreground, `kill`, the terminal going away). */
  readonly interrupt: InterruptController;
  /** Resolves to the job's status when it ends. */
  readonly done: Promise<number>;
  /** Set when it ended. */
  status?: number;
  /** The signal that stopped it, when one did. */
  signal?: string;
  /** Collected by `wait` or `fg`: not reported at the prompt. */
  collected?: boolean;
}

/** Where new process ids come from; shared by a shell and the subshells it starts. */
export interface PidSource {
  next: number;
}

/** The job table of one shell. */
export class JobTable {
  private jobs: Job[] = [];
  /** Job ids, most recently made current last. */
  private recency: number[] = [];
  private readonly pids: PidSource;
  /** `$!`: the process id of the last job started ('' before the first). */
  lastPid = '';

  constructor(pids: PidSource) {
    this.pids = pids;
  }

  /** Starts a job running `run` with its own interrupt; returns it at once. */
  start(text: string, run: (interrupt: InterruptController) => Promise<number>): Job {
    const id = this.jobs.reduce((max, j) => Math.max(max, j.id), 0) + 1;
    const pid = this.pids.next++;
    const interrupt = new InterruptController();
    const job: Job = {
      id,
      pid,
      text,
      interrupt,
      done: run(interrupt).then(
        (status) => (job.status = job.signal ? 128 + SIGNALS[job.signal]!.number : status),
        () => (job.status = 1),
      ),
    };
    this.jobs.push(job);
    this.recency.push(id);
    this.lastPid = String(pid);
    return job;
  }

  /** The jobs still in the table, by number. */
  list(): Job[] {
    return [...this.jobs].sort((a, b) => a.id - b.id);
  }

  get size(): number {
    return this.jobs.length;
  }

  /** `+` for the current job, `-` for the previous one, a space for the others. */
  mark(job: Job): string {
    const n = this.recency.length;
    if (this.recency[n - 1] === job.id) return '+';
    if (this.recency[n - 2] === job.id) return '-';
    return ' ';
  }

  /**
   * The job a jobspec names: `%N`, `%%`, `%+`, `%-`, `%NAME` (a command starting so), `%?TEXT`;
   * undefined when none, with `current` for an empty spec (`fg`).
   */
  find(spec: string | undefined): Job | undefined {
    if (spec === undefined || spec === '%%' || spec === '%+' || spec === '%') return this.byId(this.recency[this.recency.length - 1]);
    if (spec === '%-') return this.byId(this.recency[this.recency.length - 2] ?? this.recency[this.recency.length - 1]);
    const body = spec.startsWith('%') ? spec.slice(1) : spec;
    if (/^\d+$/.test(body)) return this.byId(Number(body));
    if (body.startsWith('?')) return this.jobs.find((j) => j.text.includes(body.slice(1)));
    return this.jobs.find((j) => j.text.startsWith(body));
  }

  byPid(pid: number): Job | undefined {
    return this.jobs.find((j) => j.pid === pid);
  }

  private byId(id: number | undefined): Job | undefined {
    return id === undefined ? undefined : this.jobs.find((j) => j.id === id);
  }

  /** Sends `signal` to a job: it is interrupted and, once it ends, reported with the signal's name. */
  kill(job: Job, signal: string): void {
    if (job.status !== undefined) return;
    job.signal ??= signal;
    job.interrupt.trigger();
  }

  /** Takes a job out of the table without a report (`wait`, `fg`). */
  collect(job: Job): void {
    job.collected = true;
    this.remove(job);
  }

  /** The line `jobs` prints for a job. */
  line(job: Job): string {
    const running = job.status === undefined;
    return `[${job.id}]${this.mark(job)}  ${describe(job).padEnd(24)}${job.text}${running ? ' &' : ''}\n`;
  }

  /** Reports of the jobs that ended since the last call (what bash prints before a prompt), removing them. */
  takeNotices(): string {
    const ended = this.list().filter((j) => j.status !== undefined);
    let out = '';
    for (const j of ended) out += this.line(j);
    for (const j of ended) this.remove(j);
    return out;
  }

  /** The terminal goes away: every job gets SIGHUP and leaves the table without a report. */
  hangUp(): void {
    for (const j of this.jobs) this.kill(j, 'HUP');
    this.jobs = [];
    this.recency = [];
  }

  private remove(job: Job): void {
    this.jobs = this.jobs.filter((j) => j !== job);
    this.recency = this.recency.filter((id) => id !== job.id);
  }
}

/** `Running`, `Done`, `Exit 2`, `Terminated`, `Killed`...: a job's state as bash words it. */
function describe(job: Job): string {
  if (job.status === undefined) return 'Running';
  if (job.signal) return SIGNALS[job.signal]!.report;
  return job.status === 0 ? 'Done' : `Exit ${job.status}`;
}
