import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl events', () => {
  it('lists events with the Kind capitalised, oldest first', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx');
    c.advance(5000);
    const lines = (await run('events --for pod/web')).stdout.split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN   TYPE     REASON      OBJECT    MESSAGE$/);
    expect(lines[1]).toMatch(/^5s          Normal   Scheduled   Pod\/web   Successfully assigned default\/web to kind-worker2?$/);
  });

  it('says when there are none', async () => {
    const { run } = await kindSession();
    await run('create ns empty');
    expect(await run('events -n empty')).toEqual({ stdout: '', stderr: 'No events found in empty namespace.\n', code: 0 });
  });
});
