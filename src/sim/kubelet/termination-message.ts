/**
 * The termination message the kubelet reports for an exited container
 * (status.containerStatuses[].state.terminated.message): the file the container wrote at its
 * terminationMessagePath (at most 4096 bytes), or, with terminationMessagePolicy
 * FallbackToLogsOnError, an exit with an error and nothing in the file, the tail of its log
 * (the last 80 lines, at most 2048 bytes).
 */
import type { MemFs } from './mem-fs.ts';
import type { LogLine } from './log-buffer.ts';
import { utf8Bytes } from '../../encoding/utf8.ts';

const MAX_FILE_BYTES = 4096;
const FALLBACK_LINES = 80;
const FALLBACK_BYTES = 2048;

/** The container spec fields the message depends on. */
export interface TerminationMessageSpec {
  terminationMessagePath?: string;
  terminationMessagePolicy?: string;
}

/** The characters of `s` that fit in `max` UTF-8 bytes, from the end (`fromEnd`) or the start. */
function fitBytes(s: string, max: number, fromEnd: boolean): string {
  const chars = [...s];
  if (fromEnd) chars.reverse();
  let bytes = 0;
  let n = 0;
  for (const ch of chars) {
    bytes += utf8Bytes(ch).length;
    if (bytes > max) break;
    n++;
  }
  const kept = chars.slice(0, n);
  return (fromEnd ? kept.reverse() : kept).join('');
}

/** The message for a container that exited with `exitCode`, or undefined when there is none. */
export function terminationMessage(spec: TerminationMessageSpec, fs: MemFs | undefined, logs: readonly LogLine[], exitCode: number): string | undefined {
  const path = spec.terminationMessagePath;
  const fromFile = path && fs ? fitBytes(fs.read(path) ?? '', MAX_FILE_BYTES, false) : '';
  if (fromFile) return fromFile;
  if (spec.terminationMessagePolicy !== 'FallbackToLogsOnError' || exitCode === 0) return undefined;
  const tail = logs
    .slice(-FALLBACK_LINES)
    .map((l) => `${l.text}\n`)
    .join('');
  return tail ? fitBytes(tail, FALLBACK_BYTES, true) : undefined;
}
