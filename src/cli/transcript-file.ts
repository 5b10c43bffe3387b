/**
 * The transcript file format tests and readers share: optional header lines (`# seed: N`,
 * `# preset: NAME`, `# ips: normalise`), then a session exactly as the command line prints it:
 * `$ cmd` lines, `> ` continuation lines right after them, and expected output.
 *
 * Caveat: an output line starting with `> ` right after a command line reads as a continuation.
 */

/** One transcript file, parsed. */
export interface TranscriptCase {
  seed: number;
  preset: string | undefined;
  ips: boolean;
  input: string;
  expected: string;
}

/** Splits a transcript file into its header options, the input to replay and the expected output. */
export function readCase(text: string): TranscriptCase {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  let seed = 1;
  let preset: string | undefined;
  let ips = false;
  while (lines.length && /^# (seed|preset|ips):/.test(lines[0]!)) {
    const [, key, value] = /^# (\w+): *(.*)$/.exec(lines.shift()!)!;
    if (key === 'seed') seed = Number(value);
    else if (key === 'preset') preset = value!.trim();
    else ips = value!.trim() === 'normalise';
  }
  const input: string[] = [];
  let inCommand = false;
  for (const line of lines) {
    if (line === '$' || line.startsWith('$ ')) {
      input.push(line.slice(2));
      inCommand = true;
    } else if (inCommand && (line === '>' || line.startsWith('> '))) input.push(line.slice(2));
    else inCommand = false;
  }
  return { seed, preset, ips, input: input.join('\n') + '\n', expected: lines.join('\n') + '\n' };
}

