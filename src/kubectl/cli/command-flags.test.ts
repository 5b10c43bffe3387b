import { describe, expect, it, vi } from 'vitest';
import { createCodeLoading } from '../../command/code-loading.ts';
import type { ExecContext } from '../../command/contract.ts';
import { flagLinesReady } from '../help/flag-lines.ts';
import { kindSession, memoryFS, words } from '../testing.ts';

// The chunk of the flag lines of the commands that load on first use cannot be fetched the
// first time it is asked for (a browser offline, nothing cached), and arrives the next time.
let failures = 1;
vi.mock('../help/flag-table-more.ts', async (original) => {
  if (failures > 0) {
    failures--;
    throw new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/flag-table-more.js');
  }
  return original();
});

describe('the flags of commands that load on first use', () => {
  it('are fetched before the line is read; a failed fetch is one line naming the command, and the next run fetches them', async () => {
    const { run } = await kindSession();
    // get's flags are there from the start.
    expect((await run('get ns default -o name --show-kind')).stdout).toBe('namespace/default\n');
    expect(flagLinesReady('run')).toBe(false);
    const failed = await run('run web --image=nginx:1.27');
    expect(failed).toMatchObject({ stdout: '', code: 1 });
    // (vitest words the import failure its own way; the line around it is kubectl's.)
    expect(failed.stderr).toMatch(/^error: could not load kubectl's "run" command: [^\n]+\n$/);
    expect(await run('run web --image=nginx:1.27 --nosuch')).toEqual({
      stdout: '',
      stderr: "error: unknown flag: --nosuch\nSee 'kubectl run --help' for usage.\n",
      code: 1,
    });
    expect(flagLinesReady('run')).toBe(true);
    expect(await run('run web --image=nginx:1.27')).toEqual({ stdout: 'pod/web created\n', stderr: '', code: 0 });
  });

  it('hold the terminal in "loading code" while they download, and name unknown commands from them', async () => {
    const { k } = await kindSession();
    const loading = createCodeLoading();
    let out = '';
    const ctx: ExecContext = {
      stdin: '',
      stdout: (t) => void (out += t),
      stderr: (t) => void (out += t),
      interrupt: { interrupted: false, onInterrupt: () => () => {} },
      fs: memoryFS(),
      cwd: '/',
      env: {},
      cols: 80,
      sleep: async () => true,
      streaming: () => {},
      loadCode: loading.loadCode,
    };
    const p = k.run(words('-n default crate deploy web'), ctx);
    expect(loading.active).toBe(true);
    expect(await p).toBe(1);
    expect(loading.active).toBe(false);
    expect(out).toBe('error: unknown command "crate" for "kubectl"\n\nDid you mean this?\n\tcreate\n');
  });
});
