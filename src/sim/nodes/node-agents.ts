/**
 * Whether each node's agents (kubelet, and with it the node's heartbeat) are running. Node
 * operations flip this; the kubelet and the node lifecycle controller read it.
 */
import type { Cluster } from '../cluster.ts';

export class NodeAgents {
  private stopped = new Set<string>();
  private listeners = new Set<(node: string, running: boolean) => void>();

  running(node: string): boolean {
    return !this.stopped.has(node);
  }

  set(node: string, running: boolean): void {
    if (this.running(node) === running) return;
    if (running) this.stopped.delete(node);
    else this.stopped.add(node);
    for (const l of this.listeners) l(node, running);
  }

  onChange(l: (node: string, running: boolean) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

/** The cluster's node agent states (created on first use; every node starts running). */
export function nodeAgents(cluster: Cluster): NodeAgents {
  let a = cluster.extensions.get('node-agents') as NodeAgents | undefined;
  if (!a) cluster.extensions.set('node-agents', (a = new NodeAgents()));
  return a;
}
