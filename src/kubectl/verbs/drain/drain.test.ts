import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const POD_WITH_EMPTYDIR = `apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  nodeName: kind-worker
  containers:
  - name: c
    image: nginx
    volumeMounts:
    - name: tmp
      mountPath: /tmp
  volumes:
  - name: tmp
    emptyDir: {}
`;

describe('kubectl drain', () => {
  it('refuses DaemonSet pods and bare pods, then evicts with the right flags', async () => {
    const { run, c } = await kindSession({ 'cache.yaml': POD_WITH_EMPTYDIR });
    await run('create deployment web --image=nginx --replicas=2');
    await run('apply -f cache.yaml');
    c.advance(10_000);
    const onWorker = (pred: (p: { metadata: { name?: string; namespace?: string } }) => boolean) =>
      c.api
        .list('pods', { filter: (p) => p.spec?.nodeName === 'kind-worker' })
        .filter(pred)
        .map((p) => `${p.metadata.namespace}/${p.metadata.name}`)
        .sort();
    const daemons = onWorker((p) => p.metadata.namespace === 'kube-system');
    const web = onWorker((p) => p.metadata.name!.startsWith('web-'));
    expect(daemons.length).toBe(2);

    const first = await run('drain kind-worker');
    expect(first.stdout).toBe('node/kind-worker cordoned\n');
    const err = `[cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): ${daemons.join(', ')}, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache]`;
    expect(first.stderr).toBe(
      `error: unable to drain node "kind-worker" due to error: ${err}, continuing command...\nThere are pending nodes to be drained:\n kind-worker\nerror: ${err}\n`,
    );
    expect(first.code).toBe(1);

    const second = await run('drain kind-worker --ignore-daemonsets --delete-emptydir-data');
    expect(second.stderr).toBe(
      'error: unable to drain node "kind-worker" due to error: cannot delete Pods declare no controller (use --force to override): default/cache, continuing command...\n' +
        'There are pending nodes to be drained:\n kind-worker\nerror: cannot delete Pods declare no controller (use --force to override): default/cache\n',
    );

    const third = await run('drain kind-worker --ignore-daemonsets --delete-emptydir-data --force');
    const evicting = ['default/cache', ...web].map((p) => `evicting pod ${p}\n`).join('');
    expect(third.stdout.startsWith(`node/kind-worker already cordoned\n${evicting}`)).toBe(true);
    expect(third.stdout.endsWith('node/kind-worker drained\n')).toBe(true);
    for (const p of ['default/cache', ...web]) expect(third.stdout).toContain(`pod/${p.slice('default/'.length)} evicted\n`);
    expect(third.stderr).toBe(
      `Warning: deleting Pods that declare no controller: default/cache; ignoring DaemonSet-managed Pods: ${daemons.join(', ')}\n`,
    );
    expect(third.code).toBe(0);
    expect(onWorker((p) => p.metadata.namespace === 'default')).toEqual([]);
  });

  it('prints usage errors and dry runs', async () => {
    const { run, c } = await kindSession();
    expect(await run('drain')).toEqual({ stdout: '', stderr: "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n", code: 1 });
    await run('create deployment web --image=nginx --replicas=2');
    c.advance(10_000);
    const r = await run('drain kind-worker2 --ignore-daemonsets --dry-run=client');
    expect(r.stdout).toMatch(/^node\/kind-worker2 cordoned \(dry run\)\n(evicting pod default\/web-\S+ \(dry run\)\n)+node\/kind-worker2 drained \(dry run\)\n$/);
    expect(c.api.get('nodes', undefined, 'kind-worker2').spec.unschedulable).toBeUndefined();
  });

  it('waits out a budget that allows nothing until --timeout, and --disable-eviction deletes past it', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx --replicas=2');
    c.advance(10_000);
    await run('create pdb web --selector=app=web --max-unavailable=0');
    c.advance(1_000);
    const onNode = () => c.api.list('pods', { filter: (p) => p.spec?.nodeName === 'kind-worker2' && p.metadata.namespace === 'default' && !p.metadata.deletionTimestamp });
    const names = onNode().map((p) => p.metadata.name!);
    expect(names.length).toBeGreaterThan(0);
    const refused = await run('drain kind-worker2 --ignore-daemonsets --timeout=3s');
    expect(refused.code).toBe(1);
    for (const n of names) {
      expect(refused.stderr).toContain(`error when evicting pods/"${n}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n`);
      expect(refused.stderr).toContain(`error when evicting pods/"${n}" -n "default": global timeout reached: 3s`);
      expect(refused.stderr).toContain(`\npod/${n}\n`);
    }
    expect(refused.stderr).toContain('There are pending pods in node "kind-worker2" when an error occurred: ');
    expect(onNode().map((p) => p.metadata.name)).toEqual(names);
    const forced = await run('drain kind-worker2 --ignore-daemonsets --disable-eviction');
    expect(forced.code).toBe(0);
    expect(forced.stdout).not.toContain('evicting pod');
    for (const n of names) expect(forced.stdout).toContain(`pod/${n} deleted\n`);
    expect(forced.stdout.endsWith('node/kind-worker2 drained\n')).toBe(true);
    expect(onNode()).toEqual([]);
  });
});
