/**
 * A container's log as the kubelet keeps it: timestamped lines, bounded (oldest dropped), with
 * followers that get each new line as it is written, and attached readers that get each write
 * as it happens (an attach sees `OK!OK!` before any newline; the log waits for the line to end).
 */

/** One write of a container's process, as an attached reader receives it. */
export type RawWrite = (stream: 'stdout' | 'stderr', text: string) => void;

export const MAX_LOG_LINES = 10_000;

export interface LogLine {
  time: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

export class LogBuffer {
  private lines: LogLine[] = [];
  private partial: Record<'stdout' | 'stderr', { time: number; text: string } | undefined> = { stdout: undefined, stderr: undefined };
  private followers = new Set<(l: LogLine) => void>();
  private attached = new Set<RawWrite>();

  /** Appends text; complete lines (ending in `\n`) become log lines, the rest waits. */
  write(stream: 'stdout' | 'stderr', text: string, time: number): void {
    for (const a of this.attached) a(stream, text);
    // A line written in many pieces (`OK!` per request) grows without rescanning what it holds.
    const held = this.partial[stream];
    if (held && !text.includes('\n')) return void (held.text += text);
    let buf = (this.partial[stream]?.text ?? '') + text;
    const started = this.partial[stream]?.time ?? time;
    let first = true;
    for (;;) {
      const i = buf.indexOf('\n');
      if (i < 0) break;
      this.push({ time: first ? started : time, stream, text: buf.slice(0, i) });
      first = false;
      buf = buf.slice(i + 1);
    }
    this.partial[stream] = buf ? { time: first ? started : time, text: buf } : undefined;
  }

  /** Flushes partial lines (the process ended). */
  close(): void {
    for (const s of ['stdout', 'stderr'] as const) {
      const p = this.partial[s];
      if (p) this.push({ time: p.time, stream: s, text: p.text });
      this.partial[s] = undefined;
    }
  }

  all(): readonly LogLine[] {
    return this.lines;
  }

  follow(cb: (l: LogLine) => void): () => void {
    this.followers.add(cb);
    return () => this.followers.delete(cb);
  }

  /** The text written since the last complete line of `stream` (not yet a log line). */
  pending(stream: 'stdout' | 'stderr'): string {
    return this.partial[stream]?.text ?? '';
  }

  /** Calls `cb` with every later write, partial lines included; returns unsubscribe. */
  attach(cb: RawWrite): () => void {
    this.attached.add(cb);
    return () => this.attached.delete(cb);
  }

  private push(l: LogLine): void {
    this.lines.push(l);
    if (this.lines.length > MAX_LOG_LINES * 1.2) this.lines = this.lines.slice(-MAX_LOG_LINES);
    for (const f of this.followers) f(l);
  }
}
