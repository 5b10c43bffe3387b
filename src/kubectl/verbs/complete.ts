/**
 * Tab completion of kubectl's commands: resource types (plural and short names) for the first
 * word of the verbs that take `TYPE [NAME...]` or `TYPE/NAME`, then names of that type in the
 * namespace; pods, nodes and the few fixed words other commands take. It lives apart from the
 * commands because completion works before a command's code has loaded (verbs/table.ts).
 */
import { RESOURCE_TYPES, resolveResourceType } from '../../sim/index.ts';
import type { Invocation } from '../cli/verb.ts';
import { keyOf } from '../resource/resolve.ts';

/** Every resource type word kubectl accepts: plurals and short names, sorted. */
export function typeWords(): string[] {
  const set = new Set<string>();
  for (const t of RESOURCE_TYPES) {
    set.add(t.plural);
    for (const s of t.shortNames) set.add(s);
  }
  return [...set].sort();
}

/** Names of objects of `typeWord` in the invocation's namespace. */
export function objectNames(inv: Invocation, typeWord: string): string[] {
  const t = resolveResourceType(typeWord);
  if (!t) return [];
  return inv.client.list(keyOf(t), { namespace: t.namespaced ? inv.namespace : undefined }).items.map((o) => o.metadata.name ?? '');
}

/** Candidates for `words` (positional words; the last one is being completed). */
export function completeResources(inv: Invocation, words: string[]): string[] {
  const cur = words[words.length - 1] ?? '';
  if (words.length <= 1) {
    const slash = cur.indexOf('/');
    if (slash > 0) return objectNames(inv, cur.slice(0, slash)).map((n) => `${cur.slice(0, slash)}/${n}`);
    return typeWords();
  }
  const first = words[0]!;
  if (first.includes('/') || first.includes(',')) return [];
  return objectNames(inv, first);
}

/** Candidates for verbs whose only argument is a pod name (`logs`). */
export function completePods(inv: Invocation): string[] {
  return objectNames(inv, 'pods');
}

/** Node names (`cordon`, `uncordon`, `drain`). */
export function completeNodes(inv: Invocation): string[] {
  return objectNames(inv, 'nodes');
}

/** `taint node NAME`. */
export function completeTaint(inv: Invocation, words: string[]): string[] {
  return words.length <= 1 ? ['node'] : words.length === 2 ? completeNodes(inv) : [];
}

/** `explain TYPE`. */
export function completeExplain(_inv: Invocation, words: string[]): string[] {
  return words.length <= 1 ? typeWords() : [];
}

/** The shells `kubectl completion` writes scripts for. */
export function completeShells(): string[] {
  return ['bash', 'fish', 'powershell', 'zsh'];
}

const ROLLOUT_KINDS = ['deployment', 'daemonset', 'statefulset'];

/** `rollout SUB`: `deployment`, `deployment/web`, or names after a type word. */
export function completeRollout(inv: Invocation, words: string[]): string[] {
  const cur = words[words.length - 1] ?? '';
  if (words.length <= 1) {
    const slash = cur.indexOf('/');
    if (slash > 0) return objectNames(inv, cur.slice(0, slash)).map((n) => `${cur.slice(0, slash)}/${n}`);
    return ROLLOUT_KINDS;
  }
  return words[0]!.includes('/') ? [] : objectNames(inv, words[0]!);
}
