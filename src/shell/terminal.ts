/**
 * The only thing the shell knows about a screen: a byte sink, a key source and a size. The
 * page adapts xterm to it; tests use a fake; the command line adapts a TTY.
 */
export interface Terminal {
  /** Writes text as-is (the shell already uses `\r\n` line endings and ANSI sequences). */
  write(data: string): void;
  /** Subscribes to raw keyboard input (as xterm's onData delivers it); returns unsubscribe. */
  onData(cb: (data: string) => void): () => void;
  readonly cols: number;
  readonly rows: number;
}
