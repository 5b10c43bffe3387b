import { describe, expect, it } from 'vitest';
import { Cluster } from '../../cluster.ts';
import { DEFAULT_INSTALLERS } from '../../components.ts';
import { getPreset } from '../../presets/index.ts';

describe('a fresh kind cluster', () => {
  it('leaves the consistent coredns and local-path-provisioner workloads untouched', () => {
    const c = new Cluster({ seed: 5 });
    for (const i of DEFAULT_INSTALLERS) i.api?.(c.api);
    getPreset('kind')!(c);
    const versions = () =>
      ['deployments.apps', 'replicasets.apps'].flatMap((r) => c.store.list(r).map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`));
    const before = versions();
    expect(before.some((v) => v.startsWith('coredns-668d6bf9bc@'))).toBe(true);
    for (const i of DEFAULT_INSTALLERS) i.start?.(c);
    c.settle();
    c.advance(120_000);
    expect(versions()).toEqual(before);
    const controllerEvents = c.store.list('events').filter((e) => ['deployment-controller', 'replicaset-controller'].includes((e.source as { component: string }).component));
    expect(controllerEvents).toEqual([]);
    expect(c.store.list('pods', 'kube-system').filter((p) => p.metadata.name!.startsWith('coredns-'))).toHaveLength(2);
  });
});
