import { describe, expect, it } from 'vitest';
import { grep } from './grep.ts';
import { runTool } from './tool-harness.ts';

const stdin = 'a\nb\nc\nab\n';

describe('grep with several patterns', () => {
  it('matches a line when any -e pattern matches, as GNU grep does', async () => {
    expect((await runTool(grep, ['-e', 'a', '-e', 'c'], { stdin })).out).toBe('a\nc\nab\n');
    expect((await runTool(grep, ['-i', '-e', 'A', '-e', 'C'], { stdin })).out).toBe('a\nc\nab\n');
    expect((await runTool(grep, ['-c', '--regexp=b', '-e', 'c'], { stdin })).out).toBe('3\n');
  });

  it('applies -x and -F to each pattern', async () => {
    expect((await runTool(grep, ['-x', '-e', 'a', '-e', 'b'], { stdin })).out).toBe('a\nb\n');
    expect((await runTool(grep, ['-F', '-e', 'a.b', '-e', 'zz'], { stdin: 'a.b\naxb\n' })).out).toBe('a.b\n');
  });

  it('reads a pattern with newlines as one pattern per line', async () => {
    expect((await runTool(grep, ['a\nc'], { stdin })).out).toBe('a\nc\nab\n');
  });
});
