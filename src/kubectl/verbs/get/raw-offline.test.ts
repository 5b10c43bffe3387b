import { describe, expect, it, vi } from 'vitest';
import { kindSession } from '../../testing.ts';

// get --raw's code cannot be fetched the first time (a browser offline, nothing cached).
let failures = 1;
vi.mock('./raw.ts', async (original) => {
  if (failures > 0) {
    failures--;
    throw new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/raw.js');
  }
  return original();
});

describe('kubectl get --raw with its code not fetched', () => {
  it('says so in one kubectl line, and fetches it on the next run', async () => {
    const { run } = await kindSession();
    const failed = await run('get --raw /version');
    expect(failed).toMatchObject({ stdout: '', code: 1 });
    expect(failed.stderr).toMatch(/^error: could not load kubectl's raw request code: [^\n]+\n$/);
    expect((await run('get --raw /version')).stdout).toMatch(/"gitVersion": "v1\.32\.\d+"/);
  });
});
