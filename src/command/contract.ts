/**
 * The command contract: what a command (a shell builtin, kubectl, `cluster`) is and what it
 * gets to run with. It is the neutral layer kubectl and the shell both build on, so neither
 * needs the other: the host layer (src/host) puts them side by side in one command table.
 * Hosts (the page's terminal, the command-line transcript runner, tests) build the context;
 * commands never see xterm, the DOM or Node.
 */

/** Ctrl-C, as a command sees it. (Our own type: the core compiles without DOM or Node types.) */
export interface Interrupt {
  readonly interrupted: boolean;
  /** Calls `cb` once on interrupt (at once if already interrupted); returns unsubscribe. */
  onInterrupt(cb: () => void): () => void;
}

/** The terminal's own files: a flat, in-memory file system with absolute paths. */
export interface VirtualFS {
  read(path: string): string | undefined;
  write(path: string, content: string): void;
  exists(path: string): boolean;
  isDir(path: string): boolean;
  /** Entries directly inside `dir` (names, directories suffixed with `/`), sorted. */
  list(dir: string): string[];
  remove(path: string): boolean;
  /** Every file path under `dir`, recursively, sorted. */
  walk(dir: string): string[];
  /** Creates a directory and its parents; false when a file is in the way. Optional: hosts without directories omit it. */
  mkdir?(path: string): boolean;
}

/**
 * What the shell's own builtins (cd, export, history, clear, watch) need from the shell that
 * runs them. Other commands (kubectl, images' processes) never use it; hosts other than the
 * shell leave it out.
 */
export interface ShellControl {
  /** Changes the working directory (an absolute, existing directory). */
  chdir(path: string): void;
  /** Sets (or, with undefined, removes) a shell variable, exported to later commands. */
  setEnv(name: string, value: string | undefined): void;
  /** The history list, oldest first. */
  history(): string[];
  /** Clears the history list. */
  clearHistory(): void;
  /** Clears the screen (no-op where there is none, as in transcripts). */
  clearScreen(): void;
  /** Runs a command line in this shell with the caller's interrupt; resolves to its status. */
  run(line: string, ctx: ExecContext): Promise<number>;
  /**
   * Runs one command given as words (no expansion, no re-parsing: `timeout 5 CMD ARG...`),
   * with the caller's input, output and interrupt; resolves to its status.
   */
  runArgv(argv: string[], ctx: ExecContext): Promise<number>;
}

/**
 * Standard input as a stream, for commands that handle their input as it arrives (`grep`
 * after `kubectl get -w`, `read`). A command reading it must not also read `stdin`.
 */
export interface InputStream {
  /** The next piece of input as it arrives; null at end of input (or when interrupted). */
  read(): Promise<string | null>;
  /** The next line with its `\n` (the last one may lack it); null at end of input. */
  readLine(): Promise<string | null>;
  /** Stops reading: the writer's next write ends it, as SIGPIPE ends a process. */
  close(): void;
}

/** What a command asks an editor to open (see ExecContext.edit). */
export interface EditRequest {
  /** The file's absolute path, as the editor names it (`/tmp/kubectl-edit-x1y2z.yaml`). */
  path: string;
  /** The text to start from. */
  text: string;
  /** The editor the command was asked for (`vi`, `nano`, `$KUBE_EDITOR`), for the editor's title. */
  editor?: string;
  /** True when there is no such file yet (vim then says `[New]`). */
  isNew?: boolean;
}

export interface ExecContext {
  /**
   * Everything piped or redirected into the command ('' when nothing). For a command marked
   * `readsInput`, only what has arrived so far: such a command reads `input`.
   */
  stdin: string;
  /** Standard input as a stream (present when the shell runs the command). */
  input?: InputStream;
  stdout(text: string): void;
  stderr(text: string): void;
  interrupt: Interrupt;
  fs: VirtualFS;
  /** Absolute working directory, e.g. `/home/learner`. */
  cwd: string;
  env: Record<string, string>;
  /** Terminal width in columns (80 when not a terminal). */
  cols: number;
  /**
   * Waits `ms` of cluster time. Resolves true when the time passed, false when interrupted.
   * On the page cluster time follows the wall clock; on the command line the host advances it.
   */
  sleep(ms: number): Promise<boolean>;
  /**
   * Declares that the command streams until interrupted (`get -w`, `logs -f`). Hosts with no
   * keyboard (the transcript runner) interrupt it after their stream limit.
   */
  streaming(): void;
  /**
   * Awaits `load` (a dynamic import of the command's own code) as "loading code": the host
   * holds cluster time until it settles, so a command runs at the same cluster time on first
   * use (code still downloading) as on any later use, and as a journal replay runs it. Every
   * on-demand import a command awaits goes through this (see code-loading.ts).
   */
  loadCode<T>(load: Promise<T>): Promise<T>;
  /**
   * Present only when a person types at the terminal the command reads from (not a pipe, a
   * redirect, a replay or a transcript): shows `prompt`, lets them edit a line, and resolves
   * to it (no newline), or to null at Ctrl-D on an empty line. Interactive programs (a
   * container's shell under `kubectl exec -it`) read their input through it.
   */
  readLine?(prompt: string): Promise<string | null>;
  /**
   * Present, like readLine, only when a person is at the terminal the command runs in: opens
   * the host's editor (the page's editor panel, a vi-like editor in a text terminal) on
   * `request.text` and resolves to the text as last saved, or to null when the person left
   * without saving. Editors (`vi FILE`, `kubectl edit`) use it; without it they answer as a
   * machine without an editor does.
   */
  edit?(request: EditRequest): Promise<string | null>;
  /** True when stdout goes straight to the terminal (not a pipe or file): `ls` then uses columns. */
  isTTY?: boolean;
  /** Present when the command runs inside the course shell (see ShellControl). */
  shell?: ShellControl;
}

/**
 * A runnable command: resolves to its exit status. Must not throw for user errors.
 * `readsInput`: the command reads `ctx.input` as it arrives, so in a pipeline it starts at
 * once instead of after the command before it has finished (see `streamsInput`).
 */
export type Command = ((args: string[], ctx: ExecContext) => Promise<number>) & { readsInput?: boolean };

/** Marks `cmd` as reading its input as a stream (ctx.input); returns it. */
export function streamsInput<C extends Command>(cmd: C): C {
  cmd.readsInput = true;
  return cmd;
}
