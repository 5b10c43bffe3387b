/**
 * Exact-output tests of the learner's shell against bash 5.2. Each case is a line and what bash
 * 5.2 prints for it (`bash -c '{ LINE; } 2>&1'`, with bash's `line N: ` left out as the
 * interactive shell does). The simulated shell must print exactly that; and where bash 5.2 is
 * installed (it is on the course's development machines and CI image), the recorded text is
 * checked against the real bash too, so an expectation cannot drift from what bash prints.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../src/sim/index.ts';
import { runTranscript } from '../../src/cli/transcript.ts';

/** What the learner's shell prints for `line` (several lines allowed), without the echoed command lines. */
export async function simOut(line: string, files: Record<string, string> = {}): Promise<string> {
  const text = await runTranscript(line, { cluster: new Cluster({ seed: 1 }), files });
  return text
    .split('\n')
    .filter((l) => !l.startsWith('$ '))
    .join('\n');
}

let bashVersion: string | null | undefined;

/** Whether a bash 5.2 is on this machine to compare with. */
export function hasBash52(): boolean {
  if (bashVersion === undefined) {
    try {
      bashVersion = execFileSync('bash', ['-c', 'echo $BASH_VERSION'], { encoding: 'utf8' }).trim();
    } catch {
      bashVersion = null;
    }
  }
  return bashVersion?.startsWith('5.2.') === true;
}

/**
 * What real bash prints for `line` run as `bash -c '{ LINE; } 2>&1'` in an empty temporary
 * directory with a plain environment, `bash: line N: ` shortened to `bash: `.
 */
export function realBash(line: string, env: Record<string, string> = {}): string {
  let out: string;
  const dir = mkdtempSync(join(tmpdir(), 'bash-oracle-'));
  try {
    out = execFileSync('bash', ['-c', `{ ${line}\n} 2>&1`], {
      encoding: 'utf8',
      cwd: dir,
      env: { PATH: '/usr/bin:/bin', HOME: '/home/learner', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out.replace(/^bash: line \d+: /gm, 'bash: ');
}

/** A case: [line, what bash 5.2 prints]; a third item says why real bash is not asked (it differs only by not being interactive). */
export type BashCase = [line: string, expected: string, notAsked?: string];

/** One test per case: the simulated shell prints `expected`, and so does bash 5.2 when present. */
export function describeBashCases(title: string, cases: BashCase[]): void {
  describe(title, () => {
    for (const [line, expected, notAsked] of cases) {
      it(line, async () => {
        expect(await simOut(line)).toBe(expected);
        if (notAsked === undefined && hasBash52()) expect(realBash(line)).toBe(expected);
      });
    }
  });
}
