import { describe, expect, it } from 'vitest';
import { createClusterWhenReady } from '../index.ts';
import { codePart, coldCode, type CodePart, type CodeSource } from '../deferred/code-part.ts';
import { ClusterCode } from '../deferred/cluster-code.ts';
import { podMayNeedContainerCode } from './container-code-part.ts';

const pod = (containers: object[], more: object = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers, ...more },
});

/** A cold source that only loads when `release()` is called, failing the first `failures` loads of the containers' programs. */
function gatedSource(failures = 0): { source: CodeSource; loads: string[]; release: () => void } {
  const cold = coldCode();
  const loads: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let failing = failures;
  return {
    loads,
    release: () => open(),
    source: {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        loads.push(part.name);
        if (failing-- > 0) return Promise.reject(new Error('offline'));
        return gate.then(() => cold.load(part));
      },
    },
  };
}

describe("when a Pod needs the containers' programs", () => {
  it('judges from the catalogue: the preset images run their own programs, other images and shells need the code', () => {
    expect(podMayNeedContainerCode(pod([{ name: 'a', image: 'busybox:1.36' }]))).toBe(true);
    expect(podMayNeedContainerCode(pod([{ name: 'a', image: 'nginx:1.27' }]))).toBe(true);
    expect(podMayNeedContainerCode(pod([{ name: 'a', image: 'registry.k8s.io/coredns/coredns:v1.11.3', args: ['-conf', '/etc/coredns/Corefile'] }]))).toBe(
      false,
    );
    // kube-proxy has a shell: running its own binary needs no code, running sh or an exec probe does.
    const proxy = 'registry.k8s.io/kube-proxy:v1.32.6';
    expect(
      podMayNeedContainerCode(pod([{ name: 'a', image: proxy, command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf'] }])),
    ).toBe(false);
    expect(podMayNeedContainerCode(pod([{ name: 'a', image: proxy, command: ['sh', '-c', 'sleep 60'] }]))).toBe(true);
    expect(podMayNeedContainerCode(pod([{ name: 'a', image: proxy, livenessProbe: { exec: { command: ['true'] } } }]))).toBe(true);
    // An ephemeral busybox added to a CoreDNS Pod does.
    expect(
      podMayNeedContainerCode(
        pod([{ name: 'a', image: 'registry.k8s.io/coredns/coredns:v1.11.3' }], { ephemeralContainers: [{ name: 'debugger', image: 'busybox:1.36' }] }),
      ),
    ).toBe(true);
    // An image that does not exist never starts: nothing to load.
    expect(podMayNeedContainerCode(pod([{ name: 'a', image: 'nosuchimage:1' }]))).toBe(false);
  });

  it('a failed load a caller takes itself is not reported to ready(), and a later request loads the part', async () => {
    let fail = true;
    const part = codePart('x', () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ v: 1 })));
    const code = new ClusterCode(coldCode());
    const seen: string[] = [];
    code.request(
      part,
      () => seen.push('loaded'),
      (e) => seen.push(`failed: ${(e as Error).message}`),
    );
    expect(code.loading).toBe(true);
    await code.ready();
    fail = false;
    code.request(
      part,
      (m) => seen.push(`loaded ${m.v}`),
      () => seen.push('failed'),
    );
    await code.ready();
    expect(seen).toEqual(['failed: offline', 'loaded 1']);
  });
});

describe('a container whose programs have not loaded when it starts', () => {
  it('waits in ContainerCreating, without its Created event, and starts when they arrive', async () => {
    const { source, loads, release } = gatedSource();
    const cluster = await createClusterWhenReady({ seed: 2, code: source });
    cluster.api.create('pods', pod([{ name: 'app', image: 'busybox:1.36', command: ['sh', '-c', 'echo started; sleep 3600'] }]));
    expect(loads).toEqual(['container-programs']);
    // A host that does not hold its clock while code loads: the container reaches its start first.
    cluster.clock.advance(10_000);
    const waiting = cluster.store.get('pods', 'default', 'p')!;
    expect(waiting.status.containerStatuses[0].state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    const reasons = () => cluster.store.list('events').filter((e) => (e.involvedObject as { name?: string } | undefined)?.name === 'p').map((e) => e.reason);
    expect(reasons()).toEqual(['Scheduled', 'Pulling', 'Pulled']);
    release();
    await cluster.code.ready();
    cluster.clock.advance(1_000);
    const running = cluster.store.get('pods', 'default', 'p')!;
    expect(running.status.phase).toBe('Running');
    expect(reasons()).toEqual(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);
    expect(cluster.nodeProxy!.logs('default', 'p', 'app', {})).toBe('started\n');
  });
});
