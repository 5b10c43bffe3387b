import { describe, expect, it, vi } from 'vitest';
import { flagLinesReady } from '../help/flag-lines.ts';
import { kindSession } from '../testing.ts';

describe('Tab completion before the flags of a command have loaded', () => {
  it("completes the command's words at once, starts fetching its flags, and completes them once there", async () => {
    const { k } = await kindSession();
    expect(flagLinesReady('create')).toBe(false);
    expect(k.complete(['get', 'pods', '--show-l'])).toEqual(['--show-labels']);
    expect(k.complete(['-n', 'default', 'create', 'con'])).toEqual(['configmap']);
    expect(k.complete(['create', 'configmap', '--from-l'])).toEqual([]);
    const afterFlag = ['-n', 'kube-system', 'logs', '--since', '1h', 'etcd-'];
    expect(k.complete(afterFlag)).toEqual([]);
    await vi.waitFor(() => expect(flagLinesReady('create')).toBe(true));
    expect(k.complete(['create', 'configmap', '--from-l'])).toEqual(['--from-literal']);
    expect(k.complete(afterFlag)).toEqual(['etcd-kind-control-plane']);
  });
});
