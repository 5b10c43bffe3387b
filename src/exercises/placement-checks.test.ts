import { describe, expect, it } from 'vitest';
import { createClusterReader } from '../sim/index.ts';
import { Cluster } from '../sim/index.ts';
import { addNode } from '../sim/host-api.ts';
import { podAsksFor, podOnNodeLabelled, podSelectsNode } from './placement-checks.ts';

function cluster(): Cluster {
  const c = new Cluster({ seed: 1 });
  c.store.put('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  addNode(c, 'big', { extended: { 'nvidia.com/gpu': '1' }, labels: { 'gpu.homelab/tier': 'xlarge' } });
  addNode(c, 'small', { extended: { 'nvidia.com/gpu': '1' }, labels: { 'gpu.homelab/tier': 'small' } });
  addNode(c, 'plain');
  return c;
}

function put(c: Cluster, node: string | undefined, spec: Record<string, unknown> = {}): void {
  c.store.put('pods', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'train', namespace: 'default' },
    spec: { ...(node ? { nodeName: node } : {}), containers: [{ name: 't', image: 'python:3.12', resources: { limits: { 'nvidia.com/gpu': '1' } } }], ...spec },
  });
}

describe('placement checks', () => {
  const onXlarge = podOnNodeLabelled('train', 'gpu.homelab/tier', 'xlarge');

  it('pass only when the Pod is bound to a node with the label', () => {
    const c = cluster();
    expect(onXlarge.run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "train" does not exist' });
    put(c, undefined);
    expect(onXlarge.run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "train" is not scheduled to any node yet' });
    put(c, 'small');
    expect(onXlarge.run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "train" runs on node "small", labelled gpu.homelab/tier=small' });
    put(c, 'plain');
    expect(onXlarge.run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "train" runs on node "plain", which has no label gpu.homelab/tier' });
    put(c, 'big');
    expect(onXlarge.run(createClusterReader(c))).toEqual({ passed: true });
  });

  it('read the nodeSelector and the resources the Pod asks for', () => {
    const c = cluster();
    put(c, 'big');
    const selects = podSelectsNode('train', 'gpu.homelab/tier', 'xlarge');
    expect(selects.run(createClusterReader(c))).toEqual({ passed: false, detail: 'its nodeSelector has no gpu.homelab/tier' });
    put(c, 'big', { nodeSelector: { 'gpu.homelab/tier': 'small' } });
    expect(selects.run(createClusterReader(c))).toEqual({ passed: false, detail: 'its nodeSelector asks for gpu.homelab/tier: small' });
    put(c, 'big', { nodeSelector: { 'gpu.homelab/tier': 'xlarge' } });
    expect(selects.run(createClusterReader(c))).toEqual({ passed: true });
    expect(podAsksFor('train', 'nvidia.com/gpu', '1').run(createClusterReader(c))).toEqual({ passed: true });
    expect(podAsksFor('train', 'nvidia.com/gpu', '2').run(createClusterReader(c))).toMatchObject({ passed: false });
  });
});
