/**
 * Cluster presets by name. A preset writes the objects a fresh cluster of that shape holds
 * (nodes, namespaces, system Pods...) straight into the store at creation time.
 */
import type { Cluster } from '../cluster.ts';
import { buildKindCluster, KIND_NODES } from './kind.ts';
import { buildKindIngressCluster } from './kind-ingress.ts';

export type Preset = (cluster: Cluster) => void;

const PRESETS: Record<string, Preset> = {
  kind: (cluster) => buildKindCluster(cluster, { nodes: KIND_NODES }),
  'kind-ingress': buildKindIngressCluster,
};

/** The preset names, sorted. */
export function presetNames(): string[] {
  return Object.keys(PRESETS).sort();
}

/** The preset called `name`. */
export function getPreset(name: string): Preset | undefined {
  return Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
}
