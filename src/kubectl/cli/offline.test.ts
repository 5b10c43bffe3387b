import { describe, expect, it, vi } from 'vitest';
import { kindSession } from '../testing.ts';

// The help texts' chunk cannot be fetched, as in a browser offline with nothing cached.
vi.mock('../help/texts-full.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/texts-full.js');
});

describe('kubectl offline, with parts of it never downloaded', () => {
  it('says in one line which part could not be loaded, and keeps working without it', async () => {
    const { run } = await kindSession();
    const r = await run('get --help');
    // (vitest words the import failure its own way; the line around it is kubectl's.)
    expect(r).toMatchObject({ stdout: '', code: 1 });
    expect(r.stderr).toMatch(/^error: could not load kubectl's help texts: [^\n]+\n$/);
    expect((await run('get ns default -o name')).stdout).toBe('namespace/default\n');
    // Tried again, not remembered as failed.
    expect((await run('rollout')).stderr).toMatch(/^error: could not load kubectl's help texts: /);
  });
});
