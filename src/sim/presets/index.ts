/**
 * Cluster presets by name. A preset writes the objects a fresh cluster of that shape holds
 * (nodes, namespaces, system Pods...) straight into the store at creation time.
 */
import type { Cluster } from '../cluster.ts';

export type Preset = (cluster: Cluster) => void;

const presets = new Map<string, Preset>();

export function registerPreset(name: string, p: Preset): void {
  presets.set(name, p);
}

export function presetNames(): string[] {
  return [...presets.keys()].sort();
}

export function getPreset(name: string): Preset | undefined {
  return presets.get(name);
}
