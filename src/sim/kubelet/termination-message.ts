/**
 * The termination message the kubelet reports for an exited container
 * (status.containerStatuses[].state.terminated.message): the file the container wrote at its
 * terminationMessagePath (at most 4096 bytes), or, with terminationMessagePolicy
 * FallbackToLogsOnError, an exit with an error and nothing in the file, the tail of its log
 * (the last 80 lines, at most 2048 bytes).
 */
import type { MemFs } from './mem-fs.ts';
import type { LogLine } from './log-buffer.ts';

const MAX_FILE_BYTES = 4096;
const FALLBACK_LINES = 80;
const FALLBACK_BYTES = 2048;

/** The container spec fields the message depends on. */
export interface TerminationMessageSpec {
  terminationMessagePath?: string;
  terminationMessagePolicy?: string;
}

/** Keeps the last `max` bytes of `s` (the kubelet keeps the tail of a log, the head of a file). */
function tailBytes(s: string, max: number): string {
  const bytes = new TextEncoder().encode(s);
  return bytes.length <= max ? s : new TextDecoder().decode(bytes.slice(bytes.length - max));
}

function headBytes(s: string, max: number): string {
  const bytes = new TextEncoder().encode(s);
  return bytes.length <= max ? s : new TextDecoder().decode(bytes.slice(0, max));
}

/** The message for a container that exited with `exitCode`, or undefined when there is none. */
export function terminationMessage(spec: TerminationMessageSpec, fs: MemFs | undefined, logs: readonly LogLine[], exitCode: number): string | undefined {
  const path = spec.terminationMessagePath;
  const fromFile = path && fs ? headBytes(fs.read(path) ?? '', MAX_FILE_BYTES) : '';
  if (fromFile) return fromFile;
  if (spec.terminationMessagePolicy !== 'FallbackToLogsOnError' || exitCode === 0) return undefined;
  const tail = logs
    .slice(-FALLBACK_LINES)
    .map((l) => `${l.text}\n`)
    .join('');
  return tail ? tailBytes(tail, FALLBACK_BYTES) : undefined;
}
