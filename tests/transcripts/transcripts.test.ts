/**
 * Transcript tests: every `*.txt` here is a session as the command line prints it (`$ cmd`,
 * `> ` continuation lines, expected output). Each runs on a fresh cluster (seed from an
 * optional first line `# seed: N`, preset from `# preset: NAME`) and must print the same,
 * after normaliseTranscript (ages, generated suffixes, hashes, uids, times).
 *
 * Caveat of the format: an output line starting with `> ` right after a command line is read as
 * a continuation of that command.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTranscript } from '../../src/cli/transcript.ts';
import { normaliseTranscript } from '../../src/cli/normalise.ts';
import { readCase } from '../../src/cli/transcript-file.ts';
import { Cluster, presetNames } from '../../src/sim/index.ts';

const DIR = import.meta.dirname;

const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();

describe('transcripts', () => {
  it('finds transcript files', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(file, async () => {
      const c = readCase(readFileSync(join(DIR, file), 'utf8'));
      // Before the simulator has presets, shell-only transcripts still run on a bare cluster.
      const cluster = presetNames().length ? undefined : new Cluster({ seed: c.seed });
      const actual = await runTranscript(c.input, { seed: c.seed, preset: c.preset, cluster });
      expect(normaliseTranscript(actual, { ips: c.ips })).toBe(normaliseTranscript(c.expected, { ips: c.ips }));
    });
  }
});
