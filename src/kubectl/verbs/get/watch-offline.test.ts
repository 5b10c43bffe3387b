import { describe, expect, it, vi } from 'vitest';
import { kindSession } from '../../testing.ts';

// get -w's code cannot be fetched the first time (a browser offline, nothing cached).
let failures = 1;
vi.mock('./watch.ts', async (original) => {
  if (failures > 0) {
    failures--;
    throw new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/watch.js');
  }
  return original();
});

describe('kubectl get -w with its code not fetched', () => {
  it('says so in one line before reading anything, and fetches it on the next run', async () => {
    const { run } = await kindSession();
    const failed = await run('get ns -w', { streamFor: 1000 });
    expect(failed).toMatchObject({ stdout: '', code: 1 });
    // (vitest words the import failure its own way; the line around it is kubectl's.)
    expect(failed.stderr).toMatch(/^error: could not load kubectl's watch code: [^\n]+\n$/);
    expect((await run('get ns default -w', { streamFor: 1000 })).stdout).toMatch(/^NAME +STATUS +AGE\ndefault +Active/);
  });
});
