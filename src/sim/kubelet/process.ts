/**
 * Container processes on the cluster clock. A program is a generator: it runs synchronously
 * until it yields an effect (`sleep` for some cluster time, or `pause` until signalled) and
 * returns its exit code. Generators, not async functions, because promise continuations would
 * run only after `clock.advance()` returns, while a `sleep 1` loop must wake at every second
 * inside one long advance.
 */
import type { PidSignal, PodProcess } from './shared-pids.ts';
import type { ProcessUser } from './identity.ts';
import type { Clock } from '../clock/clock.ts';
import type { MemFs } from './mem-fs.ts';
import type { FetchResult, HttpHandler } from './http.ts';
import type { PodDns } from '../network/pod-dns.ts';
import type { CommandFn } from './sh/commands.ts';
import type { LineTerminal } from './sh/line-terminal.ts';

export type Effect = { sleep: number } | { pause: true };

export type ProgramGen = Generator<Effect, number, void>;

export interface ProcessIO {
  argv: string[];
  env: Record<string, string>;
  fs: MemFs;
  /** The Pod name, as `hostname` prints it. */
  hostname: string;
  now(): number;
  /** Writes text to stdout / stderr; lines end at `\n`, a trailing partial line is kept. */
  out(text: string): void;
  err(text: string): void;
  /**
   * What to run on SIGTERM. Unset = ignored, as for a PID 1 without a handler (the kubelet
   * then kills it when the grace period ends). Programs set it to shut down cleanly.
   */
  onTerm?: () => ProgramGen;
  /** Executables the image has beyond the busybox-style ones (curl, nginx), by name. */
  commands?: Record<string, CommandFn>;
  /**
   * Declares a listening TCP port; `http` answers requests (no handler = not HTTP). Probes
   * and clients (wget, curl) consult these.
   */
  listen?(port: number, http?: HttpHandler): void;
  /**
   * The image's own program for argv (a server), which `exec` in a shell script replaces the
   * shell with; undefined when argv is not one (set by the kubelet).
   */
  execProgram?(argv: string[]): ProgramGen | undefined;
  /**
   * Makes an HTTP request from inside the container (set by the kubelet). `hostHeader` is the
   * Host header sent (default: `host`, with `:port` when not 80).
   */
  fetch?(host: string, port: number, path: string, agent: string, hostHeader?: string): FetchResult;
  /** The Pod's view of cluster DNS (nslookup, dig), set by the kubelet. */
  dns?: PodDns;
  /** Whether the image's /bin/sh is dash (its `echo` interprets backslash escapes and knows only `-n`). */
  dash?: boolean;
  /** Whether the image's tools are GNU coreutils (their error wording), not busybox applets. */
  coreutils?: boolean;
  /** False when the image has no procps tools (`ps`, `top`: the bare Debian images). */
  procps?: boolean;
  /** The container's main process argv, as `ps` lists it (set for `kubectl exec`). */
  mainArgv?: string[];
  /** Signals the container's main process (PID 1), as `kill 1` in `kubectl exec` does. */
  signalMain?(sig: 'TERM' | 'KILL' | 'INT'): void;
  /** The Pod's shared PID namespace (spec.shareProcessNamespace), as an exec'd `ps` and `kill` see it. */
  pids?: SharedPids;
  /** A terminal a bare `sh` reads its lines from (`exec -it`, a `stdin: true` container). */
  terminal?: LineTerminal;
  /** The user the process runs as (from the securityContext; root when unset). */
  readonly user?: ProcessUser;
  /**
   * The memory the program holds now, in bytes, beyond its image's idle size (a memory hog such
   * as `stress --vm`). Set by the kubelet: past the container's memory limit the kernel's OOM
   * killer ends the container (exit 137, reason OOMKilled); metrics read it as working set.
   */
  allocate?(bytes: number): void;
}

export type Program = (io: ProcessIO) => ProgramGen;

/** The processes of a shared PID namespace, for an exec session in it (see shared-pids.ts). */
export interface SharedPids {
  /** The PID the exec'd command runs as. */
  readonly self: number;
  list(): PodProcess[];
  /** Takes a PID for a command the session starts. */
  next(): number;
  /** False when there is no process `pid`. */
  signal(pid: number, sig: PidSignal): boolean;
}

export interface ProcessHandle {
  signal(sig: 'TERM' | 'KILL'): void;
  /** Ends the process at once with `code`: a signal's default action on a process that is not PID 1. */
  terminate(code: number): void;
  readonly exited: boolean;
}

/** Exit code of a process killed by SIGKILL (128 + 9). */
export const KILLED_EXIT_CODE = 137;

/**
 * Starts `program` on the next clock tick. `onExit` is called once, from a clock timer, with
 * the exit code (137 after SIGKILL).
 */
export function spawn(clock: Clock, program: Program, io: ProcessIO, onExit: (code: number) => void): ProcessHandle {
  let gen: ProgramGen | undefined;
  let timer: number | undefined;
  let exited = false;
  let terminating = false;

  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    onExit(code);
  };
  const step = () => {
    timer = undefined;
    if (exited) return;
    let r: IteratorResult<Effect, number>;
    try {
      gen ??= program(io);
      r = gen.next();
    } catch (e) {
      io.err(`${e instanceof Error ? e.message : String(e)}\n`);
      finish(1);
      return;
    }
    if (r.done) {
      finish(r.value);
      return;
    }
    const eff = r.value;
    if ('sleep' in eff) timer = clock.setTimeout(step, eff.sleep);
  };
  timer = clock.setTimeout(step, 0);
  // A shell paused on its terminal resumes when a line arrives.
  io.terminal?.setWaker(() => {
    if (!exited && timer === undefined) timer = clock.setTimeout(step, 0);
  });

  return {
    get exited() {
      return exited;
    },
    terminate(code) {
      finish(code);
    },
    signal(sig) {
      if (exited) return;
      if (sig === 'KILL') {
        finish(KILLED_EXIT_CODE);
        return;
      }
      if (terminating || !io.onTerm) return;
      terminating = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      gen = io.onTerm();
      timer = clock.setTimeout(step, 0);
    },
  };
}
