import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../sim/index.ts';
import { kindSession } from '../../testing.ts';

const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `u-${name}` } });

describe('kubectl get events order', () => {
  it('without --sort-by: the API server\'s list order (etcd key order: namespace, then <object>.<hex time> name)', async () => {
    const s = await kindSession();
    const source = { component: 'default-scheduler' };
    // In one second, in this order: web, then api, then web again (a later hex suffix).
    s.c.events.record(pod('web'), 'Normal', 'Scheduled', 'Successfully assigned default/web to kind-worker', source);
    s.c.events.record(pod('api'), 'Normal', 'Scheduled', 'Successfully assigned default/api to kind-worker', source);
    s.c.events.record(pod('web'), 'Warning', 'FailedMount', 'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found', { component: 'kubelet' });
    const objects = (await s.run('get events --field-selector involvedObject.kind=Pod -o custom-columns=OBJECT:.involvedObject.name,REASON:.reason --no-headers')).stdout;
    expect(objects).toBe('api   Scheduled\nweb   Scheduled\nweb   FailedMount\n');
    const names = (await s.run('get events -o name')).stdout.trim().split('\n');
    expect(names).toEqual([...names].sort());
  });
});
