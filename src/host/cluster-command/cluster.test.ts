import { describe, expect, it } from 'vitest';
import { Cluster, DEFAULT_INSTALLERS } from '../../sim/index.ts';
import { addNode } from '../../sim/host-api.ts';
import { createClusterCommand } from './cluster.ts';
import { parseAddNode } from './cluster-add-node.ts';

async function run(cluster: Cluster, line: string[]): Promise<{ out: string; err: string; status: number }> {
  let out = '';
  let err = '';
  const ctx = { stdout: (t: string) => (out += t), stderr: (t: string) => (err += t) } as unknown as Parameters<ReturnType<typeof createClusterCommand>>[1];
  const status = await createClusterCommand(cluster)(line, ctx);
  return { out, err, status };
}

describe('cluster add-node options', () => {
  it('parse capacity, GPUs, labels and taints in both --flag=value and --flag value forms', () => {
    expect(
      parseAddNode([
        'gpu-3090',
        '--cpu=16',
        '--memory',
        '64Gi',
        '--gpus=1',
        '--label',
        'gpu.homelab/tier=xlarge',
        '--label=zone=',
        '--taint',
        'gpu=true:NoSchedule',
        '--taint=dedicated:NoExecute',
        '--pods=20',
      ]),
    ).toEqual({
      name: 'gpu-3090',
      options: {
        cpu: '16',
        memory: '64Gi',
        pods: '20',
        extended: { 'nvidia.com/gpu': '1' },
        labels: { 'gpu.homelab/tier': 'xlarge', zone: '' },
        taints: [
          { key: 'gpu', value: 'true', effect: 'NoSchedule' },
          { key: 'dedicated', effect: 'NoExecute' },
        ],
      },
    });
    expect(parseAddNode(['--cpu=0.5', 'small'])).toEqual({ name: 'small', options: { cpu: '500m' } });
  });

  it('reject bad values with a message that shows the expected form', () => {
    expect(parseAddNode(['x', '--gpus=two'])).toEqual({ error: 'invalid value "two" for --gpus: expected a whole number such as 2' });
    expect(parseAddNode(['x', '--cpu=lots'])).toEqual({ error: 'invalid value "lots" for --cpu: expected a quantity such as 4 or 500m' });
    expect(parseAddNode(['x', '--memory=0'])).toEqual({ error: 'invalid value "0" for --memory: expected a quantity such as 8Gi or 512Mi' });
    expect(parseAddNode(['x', '--label', 'ssd'])).toEqual({ error: 'invalid label "ssd": expected KEY=VALUE, e.g. --label disktype=ssd' });
    expect(parseAddNode(['x', '--taint', 'gpu=true:Sometimes'])).toMatchObject({
      error: expect.stringMatching(/^invalid taint "gpu=true:Sometimes": expected KEY\[=VALUE\]:EFFECT/),
    });
    expect(parseAddNode(['x', '--label'])).toEqual({ error: 'option --label needs a value' });
    expect(parseAddNode(['x', '--gpu=1'])).toEqual({ error: 'unknown option "--gpu=1" for add-node (see cluster help)' });
    expect(parseAddNode(['a', 'b'])).toEqual({ error: 'add-node needs exactly one machine name, e.g. cluster add-node worker3' });
    expect(parseAddNode(['Bad_Name'])).toMatchObject({ error: expect.stringMatching(/^invalid machine name "Bad_Name"/) });
    expect(parseAddNode(['x', '--kubelet=k3s'])).toEqual({ error: 'invalid value "k3s" for --kubelet: expected kind or kubeadm' });
    expect(parseAddNode(['x', '--system-reserved=gpu=1'])).toEqual({ error: 'invalid value "gpu=1" for --system-reserved: expected e.g. cpu=500m,memory=1Gi' });
  });

  it('parse what the kubelet keeps back: kubeadm eviction defaults, system and kube reservations', () => {
    expect(parseAddNode(['x', '--kubelet=kubeadm', '--system-reserved=cpu=500m,memory=1Gi', '--kube-reserved', 'memory=512Mi'])).toEqual({
      name: 'x',
      options: {
        reservation: {
          evictionHard: { 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%' },
          systemReserved: { cpu: '500m', memory: '1Gi' },
          kubeReserved: { memory: '512Mi' },
        },
      },
    });
  });
});

describe('cluster add-node', () => {
  it('adds a machine whose node carries the GPUs, labels and taints asked for', async () => {
    const c = new Cluster({ seed: 1 });
    const r = await run(c, ['add-node', 'gpu-4090', '--gpus=2', '--label', 'gpu.homelab/tier=xlarge', '--taint', 'gpu=true:NoSchedule']);
    expect(r).toEqual({ out: 'Machine gpu-4090 added: its kubelet registers node "gpu-4090" with the cluster.\n', err: '', status: 0 });
    const node = c.api.get('nodes', undefined, 'gpu-4090');
    expect(node.status.allocatable['nvidia.com/gpu']).toBe('2');
    expect(node.metadata.labels?.['gpu.homelab/tier']).toBe('xlarge');
    expect(node.spec.taints).toEqual([{ key: 'gpu', value: 'true', effect: 'NoSchedule' }]);
  });

  it('reports errors in the shell style with status 1', async () => {
    const c = new Cluster({ seed: 1 });
    for (const i of DEFAULT_INSTALLERS) i.api?.(c.api);
    addNode(c, 'taken');
    expect(await run(c, ['add-node', 'taken'])).toEqual({ out: '', err: 'cluster: nodes "taken" already exists\n', status: 1 });
    expect(await run(c, ['add-node', 'w', '--gpus=-1'])).toEqual({
      out: '',
      err: 'cluster: invalid value "-1" for --gpus: expected a whole number such as 2\n',
      status: 1,
    });
    const bad = await run(c, ['add-node', 'w', '--label', 'bad key=1']);
    expect(bad.status).toBe(1);
    expect(bad.err).toMatch(/^cluster: Node "w" is invalid: metadata.labels: Invalid value: "bad key"/);
  });

  it('help lists the options', async () => {
    const r = await run(new Cluster({ seed: 1 }), ['help']);
    for (const flag of ['--cpu=N', '--memory=Q', '--gpus=N', '--label KEY=VALUE', '--taint KEY[=VALUE]:EFFECT']) expect(r.out).toContain(flag);
  });
});
