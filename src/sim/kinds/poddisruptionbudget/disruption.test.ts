/**
 * The disruption controller writing a budget's status from the Pods and their Deployment, and
 * the eviction subresource spending it, as Kubernetes 1.32 does.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { createClient } from '../../client/index.ts';
import { deploymentManifest, eventMessages, podsOf, readyAll, workloadCluster } from '../../controllers/shared/test-fixture.ts';
import { disruptionController, PDBS } from './controller.ts';

function setup(spec: Record<string, unknown>, replicas = 3) {
  const cluster = workloadCluster();
  cluster.addController(disruptionController(cluster));
  const client = createClient(cluster);
  cluster.api.create('deployments.apps', deploymentManifest('web', 'nginx:1.27', replicas));
  cluster.settle();
  readyAll(cluster);
  cluster.api.create(PDBS, {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
  });
  cluster.settle();
  const status = () => cluster.api.get(PDBS, 'default', 'web').status;
  const refusal = (name: string) => {
    try {
      client.evict('default', name);
    } catch (e) {
      return (e as ApiError).toStatus();
    }
    return undefined;
  };
  return { cluster, client, status, refusal, pods: () => podsOf(cluster, 'web-').filter((p) => !p.metadata.deletionTimestamp) };
}

describe('the disruption controller', () => {
  it('computes expectedPods, currentHealthy, desiredHealthy and disruptionsAllowed with the DisruptionAllowed condition', () => {
    const { status } = setup({ minAvailable: 2 });
    expect(status()).toMatchObject({ expectedPods: 3, currentHealthy: 3, desiredHealthy: 2, disruptionsAllowed: 1, observedGeneration: 1 });
    expect(status().conditions).toEqual([
      { type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', observedGeneration: 1, lastTransitionTime: expect.any(String) },
    ]);
  });

  it('takes a percentage of the Deployment’s scale, rounding up', () => {
    const { cluster, status } = setup({ maxUnavailable: '30%' }, 4);
    // 30% of 4 is 1.2, rounded up to 2 Pods that may be unavailable.
    expect(status()).toMatchObject({ expectedPods: 4, desiredHealthy: 2, disruptionsAllowed: 2 });
    cluster.api.modify('deployments.apps', 'default', 'web', (d) => {
      d.spec.replicas = 10;
    });
    cluster.settle();
    readyAll(cluster);
    expect(status()).toMatchObject({ expectedPods: 10, currentHealthy: 10, desiredHealthy: 7, disruptionsAllowed: 3 });
  });

  it('fails safe when a selected Pod’s controller has no scale', () => {
    const { cluster, status } = setup({ minAvailable: '50%' });
    const owner = cluster.api.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'default' } }).object;
    cluster.api.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'orphan',
        namespace: 'default',
        labels: { app: 'web' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid!, controller: true }],
      },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    });
    cluster.settle();
    expect(status().disruptionsAllowed).toBe(0);
    expect(status().conditions[0]).toMatchObject({
      type: 'DisruptionAllowed',
      status: 'False',
      reason: 'SyncFailed',
      message: 'configmaps does not implement the scale subresource',
    });
    expect(eventMessages(cluster, 'controllermanager', 'web')).toContain(
      'Failed to calculate the number of expected pods: configmaps does not implement the scale subresource',
    );
  });

  it('records NoPods when the selector matches nothing', () => {
    const cluster = workloadCluster();
    cluster.addController(disruptionController(cluster));
    cluster.api.create(PDBS, {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'none', namespace: 'default' },
      spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'x' } } },
    });
    cluster.settle();
    expect(cluster.api.get(PDBS, 'default', 'none').status).toMatchObject({ expectedPods: 0, currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0 });
    expect(eventMessages(cluster, 'controllermanager', 'none')[0]).toBe('No matching pods found');
  });
});

describe('the eviction subresource', () => {
  it('spends an allowed disruption, records the Pod as disrupted, then refuses with 429 and the budget’s cause', () => {
    const { cluster, client, status, refusal, pods } = setup({ minAvailable: 2 });
    const [a, b] = pods() as [KubeObject, KubeObject];
    client.evict('default', a.metadata.name!);
    // The Pod had no node: it is gone at once.
    expect(cluster.api.tryGet('pods', 'default', a.metadata.name!)).toBeUndefined();
    expect(refusal(b.metadata.name!)).toMatchObject({
      code: 429,
      reason: 'TooManyRequests',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      // The eviction spent the budget; the controller has not yet counted the Pod gone.
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 2 healthy pods and has 3 currently' }] },
    });
    cluster.settle();
    expect(refusal(b.metadata.name!)?.details).toMatchObject({ causes: [{ message: 'The disruption budget web needs 2 healthy pods and has 2 currently' }] });
    // The replacement becomes Ready: one disruption is allowed again.
    readyAll(cluster);
    expect(status()).toMatchObject({ currentHealthy: 3, disruptionsAllowed: 1 });
    expect(status().disruptedPods).toBeUndefined();
    client.evict('default', b.metadata.name!);
    expect(status().disruptionsAllowed).toBe(0);
  });

  it('keeps an evicted Pod that is not deleted in disruptedPods for 2 minutes, then drops it with a NotDeleted event', () => {
    const { cluster, client, status, pods } = setup({ minAvailable: 1 });
    const [a] = pods() as [KubeObject];
    // A dry-run eviction records nothing.
    client.evict('default', a.metadata.name!, { dryRun: true });
    expect(status().disruptedPods).toBeUndefined();
    expect(cluster.api.tryGet('pods', 'default', a.metadata.name!)).toBeDefined();
    // An eviction recorded whose deletion never came (the delete after it failed).
    cluster.api.modifyStatus(PDBS, 'default', 'web', (o) => {
      o.status = { ...o.status, disruptionsAllowed: 1, disruptedPods: { [a.metadata.name!]: isoTime(cluster.now()) } };
    });
    cluster.settle();
    expect(Object.keys(status().disruptedPods)).toEqual([a.metadata.name]);
    expect(status()).toMatchObject({ currentHealthy: 2, disruptionsAllowed: 1 });
    cluster.advance(121_000);
    expect(status().disruptedPods).toBeUndefined();
    expect(status()).toMatchObject({ currentHealthy: 3, disruptionsAllowed: 2 });
    expect(eventMessages(cluster, 'controllermanager', a.metadata.name!)).toEqual(["Pod was expected by PDB default/default to be deleted but it wasn't"]);
  });

  it('evicts an unready Pod when the budget is met without it, or always with AlwaysAllow', () => {
    const { cluster, client, status, pods } = setup({ minAvailable: 3 }, 4);
    const [a] = pods() as [KubeObject];
    cluster.api.updateStatus('pods', 'default', a.metadata.name!, { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] });
    cluster.settle();
    expect(status()).toMatchObject({ currentHealthy: 3, desiredHealthy: 3, disruptionsAllowed: 0 });
    client.evict('default', a.metadata.name!);
    expect(cluster.api.tryGet('pods', 'default', a.metadata.name!)).toBeUndefined();

    const strict = setup({ minAvailable: 3 });
    const [c] = strict.pods() as [KubeObject];
    strict.cluster.api.updateStatus('pods', 'default', c.metadata.name!, { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] });
    strict.cluster.settle();
    // IfHealthyBudget: 2 healthy of 3 wanted, so the unready Pod stays.
    expect(strict.refusal(c.metadata.name!)).toMatchObject({ code: 429 });
    strict.cluster.api.modify(PDBS, 'default', 'web', (o) => {
      o.spec.unhealthyPodEvictionPolicy = 'AlwaysAllow';
    });
    strict.cluster.settle();
    strict.client.evict('default', c.metadata.name!);
    expect(strict.cluster.api.tryGet('pods', 'default', c.metadata.name!)).toBeUndefined();
  });

  it('refuses while the budget’s generation is not observed, and with two budgets for one Pod', () => {
    const { cluster, client, refusal, pods } = setup({ minAvailable: 1 });
    const [a] = pods() as [KubeObject];
    cluster.api.modify(PDBS, 'default', 'web', (o) => {
      o.spec.minAvailable = 2;
    });
    expect(refusal(a.metadata.name!)).toMatchObject({
      code: 429,
      details: {
        retryAfterSeconds: 10,
        causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web is still being processed by the server.' }],
      },
    });
    cluster.api.create(PDBS, {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'second', namespace: 'default' },
      spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } },
    });
    cluster.settle();
    expect(refusal(a.metadata.name!)).toMatchObject({
      code: 500,
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    });
    // Deleting is not evicting: no budget stands in the way.
    client.delete('pods', 'default', a.metadata.name!);
    expect(cluster.api.tryGet('pods', 'default', a.metadata.name!)).toBeUndefined();
  });
});
