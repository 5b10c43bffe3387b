/**
 * Replays cases recorded from a real tool (scripts/record-text-tools.py) against the
 * terminal's version of it: the same output, errors, status and files, byte for byte.
 */
import type { Command } from '../../command/contract.ts';
import { runTool } from './tool-harness.ts';

/** One recorded case. */
export interface RecordedCase {
  args: string[];
  stdin?: string;
  files?: Record<string, string>;
  out: string;
  err: string;
  code: number;
  after?: Record<string, string>;
}

/** What the terminal's tool did for `c`, in the recorded shape, to compare with the recording. */
export async function replayCase(cmd: Command, c: RecordedCase): Promise<Omit<RecordedCase, 'args' | 'stdin' | 'files'>> {
  const r = await runTool(cmd, c.args, { stdin: c.stdin, files: c.files });
  const result: Omit<RecordedCase, 'args' | 'stdin' | 'files'> = { out: r.out, err: r.err, code: r.code };
  if (c.after) {
    const after: Record<string, string> = {};
    for (const p of r.fs.walk('/home/learner')) after[p.slice('/home/learner/'.length)] = r.fs.read(p) ?? '';
    result.after = after;
  }
  return result;
}
