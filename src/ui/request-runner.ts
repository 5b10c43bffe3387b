/**
 * Runs the page's Run/Apply requests in a terminal, one after the other, and tells the page
 * where each stands (queued, running, done with what it printed).
 *
 * A streaming command (`kubectl get -w`, `logs -f`) never ends by itself; on a real terminal
 * the reader presses Ctrl-C before typing the next command. So a new request interrupts a
 * stream that is running (or one that starts while requests wait), the way Ctrl-C would; any
 * other command the reader typed is waited for, as typeahead would be.
 */
import { reportRequest, type TerminalRequest } from './bus.ts';
import { plainText } from './screen-tap.ts';

/** What the runner needs from the session. */
export interface RequestHost {
  busy(): boolean;
  streaming(): boolean;
  /** Ctrl-C. */
  interrupt(): void;
  /** Runs `line` as if typed at the prompt; resolves when it has finished. */
  runCommand(line: string): Promise<void>;
  /** Saves a page-written file (an Apply button) in the terminal's home directory. */
  writeFile(file: string, content: string): void;
  /** Whether the terminal's home directory has `file`. */
  hasFile(file: string): boolean;
  /** Skip long waits at once while on (a step the lesson marks to fast-forward). */
  autoSkip(on: boolean): void;
  /** Calls `cb` with each chunk the terminal shows; returns unsubscribe. */
  tap(cb: (data: string) => void): () => void;
}

/** Waits until `pred` holds, checking every `ms`. */
async function until(pred: () => boolean, ms = 50): Promise<void> {
  while (!pred()) await new Promise((r) => setTimeout(r, ms));
}

/** Longest output kept for a request's report (the terminal has all of it). */
const MAX_REPORT = 20_000;

/** The session's queue of page requests. */
export class RequestRunner {
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;
  private capturing = false;
  private captured = '';
  private interrupted = false;
  private running = false;
  /** True once the running request's first command has started (what came before is not its output). */
  private started = false;

  constructor(private readonly host: RequestHost) {}

  /** Queues `request` behind earlier ones; resolves when it has run. */
  handle(request: TerminalRequest): Promise<void> {
    this.waiting++;
    if (request.id) reportRequest({ id: request.id, state: this.waiting > 1 || this.host.busy() ? 'queued' : 'running' });
    if (this.host.streaming()) this.host.interrupt();
    const job = this.queue.then(() => this.run(request));
    this.queue = job.catch((e: unknown) => console.error(e));
    return job;
  }

  /** True while a request's commands run (their output is the request's to report). */
  get active(): boolean {
    return this.running;
  }

  /** Resolves once every queued request has run. */
  drain(): Promise<void> {
    return this.queue;
  }

  /** The session's onStreaming hook: a stream gives way at once when requests wait behind it. */
  onStreaming(): void {
    if (this.waiting > 0) this.host.interrupt();
  }

  /** The shell started a command (its output is captured from here while a request runs). */
  commandStarted(): void {
    if (!this.started) this.captured = '';
    this.started = true;
    this.capturing = true;
  }

  /** The shell finished a command. */
  commandEnded(): void {
    this.capturing = false;
  }

  /** Ctrl-C reached a command. */
  onInterrupt(): void {
    if (this.started) this.interrupted = true;
  }

  private async run(request: TerminalRequest): Promise<void> {
    this.waiting--;
    if (request.id) reportRequest({ id: request.id, state: 'running' });
    this.captured = '';
    this.started = false;
    this.interrupted = false;
    const untap = this.host.tap((d) => {
      if (this.capturing && this.captured.length < MAX_REPORT) this.captured += d;
    });
    if (request.fastForward) this.host.autoSkip(true);
    this.running = true;
    try {
      if (request.kind === 'run') {
        for (const line of request.commands) await this.type(line);
      } else if (request.kind === 'edit') {
        // The file as the terminal has it; the block's text only when there is none yet.
        await this.type(`edit ${request.file}`, () => {
          if (!this.host.hasFile(request.file)) this.host.writeFile(request.file, request.content);
        });
      } else {
        this.host.writeFile(request.file, request.content);
        await this.type(`kubectl apply -f ${request.file}`);
      }
    } finally {
      this.running = false;
      untap();
      if (request.fastForward) this.host.autoSkip(false);
      if (request.id) {
        reportRequest({
          id: request.id,
          state: 'done',
          output: plainText(this.captured).replace(/\n+$/, ''),
          ...(this.interrupted ? { interrupted: true } : {}),
        });
      }
    }
  }

  /**
   * Types `line` once the shell is free: a stream is interrupted, other commands are waited for.
   * `before` runs just before it is typed (the shell is free then).
   */
  private async type(line: string, before?: () => void): Promise<void> {
    while (this.host.busy()) {
      if (this.host.streaming()) {
        this.host.interrupt();
        await until(() => !this.host.busy());
      } else {
        await until(() => !this.host.busy() || this.host.streaming());
      }
    }
    before?.();
    await this.host.runCommand(line);
  }
}
