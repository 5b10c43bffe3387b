/**
 * Starts a kubelet for every node, including nodes added later, and serves logs and exec through them.
 * A kubelet outlives its node object: if a node of the same name comes back, its kubelet
 * (image cache included) carries on.
 */
import type { Cluster } from '../cluster.ts';
import { component, type Installer } from '../installer.ts';
import { nodeAgents } from '../nodes/node-agents.ts';
import { Kubelet } from './kubelet.ts';
import { kubeletNodeProxy } from './logs.ts';
import { kubeletExec, kubeletTerminal } from './exec.ts';
import { CONTAINER_CODE, loadContainerCodeOnFirstUse } from './container-code-part.ts';
import { NETWORK_CODE } from '../network/network-code-part.ts';
import { kubelets } from './cluster-kubelets.ts';

export { kubelets } from './cluster-kubelets.ts';

/** Adds kubelets (one per node, now and later) and the logs proxy to a cluster. */
export function startKubelets(cluster: Cluster): void {
  const all = kubelets(cluster);
  const ensure = (node: string) => {
    if (all.has(node)) return;
    const k = new Kubelet(cluster, node);
    all.set(node, k);
    cluster.addController(k);
  };
  for (const n of cluster.store.list('nodes')) ensure(n.metadata.name!);
  cluster.store.subscribe((e) => {
    if (e.resource === 'nodes' && e.type === 'ADDED') ensure(e.object.metadata.name!);
  });
  nodeAgents(cluster).onChange((node, running) => {
    if (running) cluster.clock.setTimeout(() => all.get(node)?.resyncAll(), 0);
  });
  cluster.nodeProxy = { ...kubeletNodeProxy(cluster, all), exec: kubeletExec(cluster, all), terminal: kubeletTerminal(cluster, all) };
  loadContainerCodeOnFirstUse(cluster);
}

/**
 * A kubelet on every node; the containers' programs load when a Pod first needs them, and with
 * them the Pod network they connect through (network-code-part.ts says who else loads it).
 */
export const KUBELETS: Installer = { ...component('kubelets', startKubelets), code: [CONTAINER_CODE, NETWORK_CODE] };
