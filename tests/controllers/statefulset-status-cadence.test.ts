import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../src/sim/cluster.ts';
import type { KubeObject } from '../../src/sim/api/types.ts';
import { statefulSetController } from '../../src/sim/controllers/statefulset/statefulset-controller.ts';
import { statefulSetRolloutStatus } from '../../src/kubectl/verbs/rollout/statefulset-status.ts';
import { finishDeletions, podsNamed, runPod, workloadTestCluster } from '../../src/sim/controllers/statefulset/workload-fixture.ts';

function web(replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
    },
  };
}

/** Collects the line `kubectl rollout status` prints for each watch event on `web`, from now on. */
function rolloutLines(c: Cluster): string[] {
  const lines = [statefulSetRolloutStatus(c.api.get('statefulsets.apps', 'default', 'web')).message.trim()];
  c.api.watch('statefulsets.apps', 'default', (e) => {
    if (e.object.metadata.name === 'web' && e.type !== 'DELETED') lines.push(statefulSetRolloutStatus(e.object).message.trim());
  });
  return lines;
}

/** Plays the kubelet for every pod of the set that is not running yet. */
function runPending(c: Cluster): void {
  for (const p of podsNamed(c, 'web-')) if (p.status?.phase !== 'Running') runPod(c, p, 'kind-worker');
  c.settle();
}

describe('StatefulSet status writes', () => {
  it('write once per pod creation and once per readiness change, as rollout status shows on a real cluster', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', web(3));
    c.settle();
    const lines = rolloutLines(c);
    for (let i = 0; i < 3; i++) runPending(c);
    expect(lines).toEqual([
      'Waiting for 3 pods to be ready...',
      'Waiting for 2 pods to be ready...',
      'Waiting for 2 pods to be ready...',
      'Waiting for 1 pods to be ready...',
      'Waiting for 1 pods to be ready...',
      'partitioned roll out complete: 3 new pods have been updated...',
    ]);
  });

  it('reports a created pod in the pass after the one that created it', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', web(2));
    const written: number[] = [];
    c.api.watch('statefulsets.apps', 'default', (e) => written.push(e.object.status?.replicas ?? -1));
    c.settle();
    runPending(c);
    // Created with no status, then 0 pods, then web-0, then web-0 ready, then web-1.
    expect(written.filter((r) => r >= 0)).toEqual([0, 1, 1, 2]);
    expect(c.api.get('statefulsets.apps', 'default', 'web').status).toMatchObject({ replicas: 2, readyReplicas: 1, availableReplicas: 1 });
  });

  it('take a pod replaced by the rolling update off currentReplicas at once, as the real controller does', () => {
    const c = workloadTestCluster([(cl) => cl.addController(statefulSetController(cl))]);
    c.api.create('statefulsets.apps', web(2));
    c.settle();
    for (let i = 0; i < 2; i++) runPending(c);
    c.api.modify('statefulsets.apps', 'default', 'web', (o) => {
      o.spec.template.spec.containers[0].image = 'nginx:1.27';
    });
    const lines: string[] = [];
    c.api.watch('statefulsets.apps', 'default', (e) => lines.push(statefulSetRolloutStatus(e.object).message.trim()));
    c.settle();
    for (let i = 0; i < 2; i++) {
      finishDeletions(c);
      runPending(c);
    }
    // The sequence a real cluster shows for `kubectl rollout status` after `kubectl set image`.
    expect(lines).toEqual([
      'Waiting for partitioned roll out to finish: 0 out of 2 new pods have been updated...',
      'Waiting for 1 pods to be ready...',
      'Waiting for 1 pods to be ready...',
      'Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...',
      'Waiting for 1 pods to be ready...',
      'Waiting for 1 pods to be ready...',
      'partitioned roll out complete: 2 new pods have been updated...',
    ]);
  });
});
