/**
 * Standard input as the shell hands it around: a pipe between two concurrently running stages
 * of a pipeline, and a command's input (text from a file, a heredoc or a finished pipe, or a
 * live pipe) that several commands can share and consume in turn, as the commands of a
 * `while read line; do ...; done < file` loop share the loop's input.
 *
 * SIGPIPE, cooperatively: when the reader of a pipe has stopped (`head -1` has its line,
 * `grep -q` its match, the reading stage ended), the writer's next write is dropped and stops
 * the writing stage through its interrupt (the stage ends with status 141). A write never
 * throws into the writer, since writers such as `kubectl get -w` write from watch callbacks
 * inside the simulator; only a writer that keeps writing long after it was stopped gets
 * BrokenPipe thrown at it.
 */
import type { InputStream, Interrupt } from '../command/contract.ts';
import { BrokenPipe, NoSpaceError, PIPE_CAPACITY, type InputNeed } from './pipe-buffer.ts';

/** Writes after the reader stopped that a writer may make before BrokenPipe is thrown at it. */
const WRITES_AFTER_SIGPIPE = 10_000;

/** A pipe: the writing stage's sink on one side, the reading stage's chunks on the other. */
export class Pipe {
  private chunks: string[] = [];
  private buffered = 0;
  private ended = false;
  private closed = false;
  private taken = 0;
  private afterClose = 0;
  private wake: (() => void) | undefined;
  private onEnd: (() => void)[] = [];
  /** Set once the writer was stopped because nobody reads any more. */
  broken = false;
  private readonly need: InputNeed | undefined;
  private readonly sigpipe: () => void;

  /**
   * `need`: what the reader takes before it stops (`head -n 1`), known in advance; `sigpipe`
   * stops the writing stage.
   */
  constructor(need: InputNeed | undefined, sigpipe: () => void) {
    this.need = need;
    this.sigpipe = sigpipe;
  }

  /** The writer's side. */
  readonly write = (text: string): void => {
    if (this.closed) {
      this.broken = true;
      this.sigpipe();
      if (++this.afterClose > WRITES_AFTER_SIGPIPE) throw new BrokenPipe(this.write);
      return;
    }
    text = this.cut(text);
    if (this.buffered + text.length > PIPE_CAPACITY) throw new NoSpaceError();
    if (!text) return;
    this.buffered += text.length;
    this.chunks.push(text);
    this.notify();
  };

  /** Keeps only what a reader with a known need takes; closes the pipe once it has it. */
  private cut(text: string): string {
    const need = this.need;
    if (!need) return text;
    if ('chars' in need) {
      const room = need.chars - this.taken;
      if (text.length >= room) {
        this.closed = true;
        text = text.slice(0, room);
      }
      this.taken += text.length;
      return text;
    }
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
      if (++this.taken >= need.lines) {
        this.closed = true;
        return text.slice(0, at + 1);
      }
    }
    return text;
  }

  /** The writer has finished. */
  end(): void {
    this.ended = true;
    this.notify();
    for (const f of this.onEnd.splice(0)) f();
  }

  /** Resolves when the writer has finished (or `interrupt` fires), leaving what it wrote in the pipe. */
  async finishedOrInterrupted(interrupt: Interrupt): Promise<void> {
    if (this.ended || interrupt.interrupted) return;
    await new Promise<void>((resolve) => {
      const off = interrupt.onInterrupt(() => resolve());
      this.onEnd.push(() => {
        off();
        resolve();
      });
    });
  }

  /** The reader has stopped: later writes stop the writer. */
  close(): void {
    this.closed = true;
    this.chunks = [];
    this.buffered = 0;
  }

  get finished(): boolean {
    return this.ended;
  }

  /** Everything written and not yet read. */
  take(): string {
    const s = this.chunks.length === 1 ? this.chunks[0]! : this.chunks.join('');
    this.chunks = [];
    this.buffered = 0;
    return s;
  }

  /** Resolves when there is something to read or the writer has finished (or `interrupt` fires). */
  async ready(interrupt: Interrupt): Promise<void> {
    if (this.chunks.length || this.ended || interrupt.interrupted) return;
    await new Promise<void>((resolve) => {
      const off = interrupt.onInterrupt(() => resolve());
      this.wake = () => {
        off();
        resolve();
      };
    });
  }

  private notify(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }
}

/**
 * A command's standard input: buffered text plus, for a live pipe, the pipe it comes from.
 * Commands read it as a stream (ctx.input) or as text (ctx.stdin, which takes what is left).
 */
export class ShellInput implements InputStream {
  private text: string;
  private pos = 0;
  private readonly pipe: Pipe | undefined;
  private readonly interrupt: Interrupt | undefined;

  private constructor(text: string, pipe?: Pipe, interrupt?: Interrupt) {
    this.text = text;
    this.pipe = pipe;
    this.interrupt = interrupt;
  }

  /** Input that is all there already (a file, a heredoc, a string). */
  static of(text: string): ShellInput {
    return new ShellInput(text);
  }

  /** Input read from `pipe` as its writer writes; reads end when `interrupt` fires. */
  static fromPipe(pipe: Pipe, interrupt: Interrupt): ShellInput {
    return new ShellInput('', pipe, interrupt);
  }

  /** True while more may still arrive from a running writer. */
  get live(): boolean {
    return this.pipe !== undefined && !this.pipe.finished && !this.interrupt?.interrupted;
  }

  /**
   * Waits until the writer has finished (or the reader is interrupted). What it writes stays
   * in the pipe meanwhile, so the pipe's capacity bounds it.
   */
  async waitEnd(): Promise<void> {
    if (this.live) await this.pipe!.finishedOrInterrupted(this.interrupt!);
  }

  /** What has arrived and not been read, consumed (ctx.stdin). */
  takeAvailable(): string {
    if (this.pipe) this.append(this.pipe.take());
    const rest = this.pos === 0 ? this.text : this.text.slice(this.pos);
    this.text = '';
    this.pos = 0;
    return rest;
  }

  async read(): Promise<string | null> {
    if (this.pos < this.text.length) return this.takeAvailable();
    if (!(await this.fill())) return null;
    return this.takeAvailable();
  }

  async readLine(): Promise<string | null> {
    for (;;) {
      const nl = this.text.indexOf('\n', this.pos);
      if (nl >= 0) {
        const line = this.text.slice(this.pos, nl + 1);
        this.pos = nl + 1;
        this.compact();
        return line;
      }
      if (!(await this.fill())) {
        if (this.pos >= this.text.length) return null;
        return this.takeAvailable();
      }
    }
  }

  close(): void {
    this.pipe?.close();
  }

  /** Waits for more from the pipe; false at its end (or on interrupt) with nothing new. */
  private async fill(): Promise<boolean> {
    const pipe = this.pipe;
    if (!pipe) return false;
    for (;;) {
      const chunk = pipe.take();
      if (chunk) {
        this.append(chunk);
        return true;
      }
      if (pipe.finished || this.interrupt!.interrupted) return false;
      await pipe.ready(this.interrupt!);
    }
  }

  private append(chunk: string): void {
    if (!chunk) return;
    this.compact();
    this.text += chunk;
  }

  private compact(): void {
    if (this.pos > 65_536 && this.pos > this.text.length / 2) {
      this.text = this.text.slice(this.pos);
      this.pos = 0;
    }
  }
}
