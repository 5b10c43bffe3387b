import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl cluster-info dump', () => {
  it('prints the nodes, the namespaces\' lists and every container\'s logs, then where it dumped', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx:1.27');
    c.advance(10_000);
    const out = (await run('cluster-info dump')).stdout;
    expect(out).toMatch(/^\{\n    "kind": "NodeList",\n    "apiVersion": "v1",\n    "metadata": \{\n        "resourceVersion": "\d+"\n    \},\n    "items": \[\n        \{\n            "metadata": \{\n                "name": "kind-control-plane",\n/);
    const kinds = [...out.matchAll(/^ {4}"kind": "(\w+)",$/gm)].map((m) => m[1]);
    const part = ['EventList', 'ReplicationControllerList', 'ServiceList', 'DaemonSetList', 'DeploymentList', 'ReplicaSetList', 'PodList'];
    expect(kinds).toEqual(['NodeList', ...part, ...part]);
    expect(out).not.toContain('managedFields');
    expect(out).toContain('==== START logs for container web of pod default/web ====\n');
    expect(out).toContain('==== START logs for container coredns of pod kube-system/coredns-');
    expect(out).toMatch(/==== END logs for container web of pod default\/web ====\nCluster info dumped to standard output\n$/);
  });

  it('writes one file per part with --output-directory, and refuses other formats', async () => {
    const { c, fs, run } = await kindSession();
    await run('run web --image=nginx:1.27');
    c.advance(10_000);
    expect((await run('cluster-info dump --namespaces=default --output-directory=/tmp/dump')).stdout).toBe('Cluster info dumped to /tmp/dump\n');
    expect(fs.walk('/tmp/dump')).toEqual([
      '/tmp/dump/default/daemonsets.json',
      '/tmp/dump/default/deployments.json',
      '/tmp/dump/default/events.json',
      '/tmp/dump/default/pods.json',
      '/tmp/dump/default/replicasets.json',
      '/tmp/dump/default/replication-controllers.json',
      '/tmp/dump/default/services.json',
      '/tmp/dump/default/web/logs.txt',
      '/tmp/dump/nodes.json',
    ]);
    expect(fs.read('/tmp/dump/default/web/logs.txt')).toMatch(/^==== START logs for container web of pod default\/web ====\n/);
    expect((await run('cluster-info dump -o yaml --namespaces=default')).stdout).toMatch(/^apiVersion: v1\nitems:\n/);
    expect((await run('cluster-info dump -o wide')).stderr).toMatch(/^error: unable to match a printer suitable for the output format "wide"/);
  });
});
