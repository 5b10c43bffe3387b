import { describe, expect, it } from 'vitest';
import recorded from './jq-1.6.json';
import { replayCase, type RecordedCase } from '../oracle.ts';
import { runTool } from '../tool-harness.ts';
import { jq } from './jq.ts';

/**
 * The recordings come from jq 1.6, the jq on this machine. The terminal's jq is 1.7, which
 * words a few messages differently; those cases carry 1.7's text here (jq 1.7.1's
 * src/jv.c and src/main.c: `Cannot index array with "foo"`, `jq: parse error: ...` with
 * status 2).
 */
const JQ_17: Record<string, Partial<RecordedCase>> = {
  '.foo': { err: 'jq: error (at <stdin>:1): Cannot index array with "foo"\n' },
  '.-{"a":1,}\n': { err: 'jq: parse error: Expected another key-value pair at line 1, column 8\n', code: 2 },
  '.-{"a" 1}\n': { err: 'jq: parse error: Expected separator between values at line 1, column 7\n', code: 2 },
  '.-nope\n': { err: 'jq: parse error: Invalid literal at line 2, column 0\n', code: 2 },
  '-n .a ]': {
    err: 'jq: error: syntax error, unexpected INVALID_CHARACTER, expecting $end (Unix shell quoting issues?) at <top-level>, line 1:\n.a ]\njq: 1 compile error\n',
  },
  '-n [1,2': { err: 'jq: error: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:\n[1,2\njq: 1 compile error\n' },
  // jq 1.7 keeps the literal 1e3 as written only when it is printed unchanged; the simulator prints the canonical number, as 1.6 does.
};

/** Filters the terminal's jq leaves out (input_filename has no files here; 1.6's `$__loc__`, `@sh` on arrays print the same). */
const SKIP = new Set(['input_filename']);

describe('jq, against jq 1.6 where 1.7 prints the same, and 1.7 where it differs', () => {
  for (const c of recorded.cases as RecordedCase[]) {
    const name = c.args.join(' ');
    if (SKIP.has(name)) continue;
    it(`jq ${name}`, async () => {
      const over = JQ_17[name] ?? JQ_17[`${name}-${c.stdin ?? ''}`] ?? {};
      const want = { out: over.out ?? c.out, err: over.err ?? c.err, code: over.code ?? c.code };
      expect(await replayCase(jq, c)).toEqual(want);
    });
  }
});

describe('jq 1.7 behaviour', () => {
  it('reports where in the input a filter failed, by line', async () => {
    const r = await runTool(jq, ['.a[]'], { stdin: '{}\n' });
    expect(r).toMatchObject({ out: '', err: 'jq: error (at <stdin>:1): Cannot iterate over null\n', code: 5 });
  });
  it('goes on with the next input after an error, and exits 5', async () => {
    const r = await runTool(jq, ['.a'], { stdin: '{"a":1}\n[2]\n{"a":3}\n' });
    expect(r).toMatchObject({ out: '1\n3\n', err: 'jq: error (at <stdin>:2): Cannot index array with "a"\n', code: 5 });
  });
  it('reads its filter from the words and its input from files', async () => {
    const r = await runTool(jq, ['-r', '.metadata.name', 'pod.json'], { files: { 'pod.json': '{"metadata":{"name":"web"}}' } });
    expect(r).toMatchObject({ out: 'web\n', code: 0 });
    expect(await runTool(jq, ['.', 'nope.json'])).toMatchObject({ err: 'jq: error: Could not open nope.json: No such file or directory\n', code: 2 });
  });
  it('stops a filter that never ends on Ctrl-C', async () => {
    let pauses = 0;
    const r = await runTool(jq, ['-n', 'range(1e9)'], { sleep: async () => ++pauses < 3 });
    expect(r.code).toBe(130);
  });
  it('stops a filter that works without an output past its step budget, and the next input still runs', async () => {
    const r = await runTool(jq, ['-n', 'reduce range(1e9) as $i (0; .+1)']);
    expect(r.code).toBe(5);
    expect(r.err).toMatch(/^jq: error \(at <unknown>\): stopped after 1000000 steps without an output/);
    expect(await runTool(jq, ['-n', 'reduce range(1000) as $i (0; .+1)'])).toMatchObject({ out: '1000\n', code: 0 });
  }, 60_000);
});
