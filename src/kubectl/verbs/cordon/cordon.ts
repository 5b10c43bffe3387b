/**
 * `kubectl cordon NODE` / `kubectl uncordon NODE` (or `-l selector`): sets or clears
 * spec.unschedulable and prints `node/x cordoned`, `node/x already cordoned`, `uncordoned`.
 * `drain` cordons through the same function.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { getObject, listObjects } from '../../resource/fetch.ts';
import { resolveType } from '../../resource/resolve.ts';
import { drySuffix, dryRunOf } from '../../resource/write.ts';
import { completeNodes } from '../complete.ts';

/** The nodes named (or selected with `-l`); none is the `USAGE: <verb> NODE [flags]` error. */
export function nodeTargets(inv: Invocation, verb: string): KubeObject[] {
  const type = resolveType('nodes');
  if (inv.args.length === 0 && !inv.flags.has('selector')) throw usageError(inv.path, `USAGE: ${verb} NODE [flags]`);
  if (inv.args.length === 0) return listObjects(inv, type);
  return inv.args.map((a) => getObject(inv, type, a.startsWith('node/') || a.startsWith('nodes/') ? a.slice(a.indexOf('/') + 1) : a));
}

/** Cordons (`desired` true) or uncordons each node, printing kubectl's line for each. */
export function setUnschedulable(inv: Invocation, nodes: KubeObject[], desired: boolean): void {
  const dry = dryRunOf(inv);
  const word = desired ? 'cordoned' : 'uncordoned';
  for (const node of nodes) {
    if (!!node.spec?.unschedulable === desired) {
      inv.out(`node/${node.metadata.name} already ${word}\n`);
      continue;
    }
    if (dry !== 'client') {
      const copy = clone(node);
      copy.spec ??= {};
      if (desired) copy.spec.unschedulable = true;
      else delete copy.spec.unschedulable;
      delete copy.metadata.resourceVersion;
      inv.client.update('nodes', copy, { dryRun: dry === 'server' });
    }
    inv.out(`node/${node.metadata.name} ${word}${drySuffix(dry)}\n`);
  }
}

registerVerb({
  name: 'cordon',
  short: 'Mark node as unschedulable',
  run: async (inv) => {
    setUnschedulable(inv, nodeTargets(inv, 'cordon'), true);
    return 0;
  },
  complete: completeNodes,
});

registerVerb({
  name: 'uncordon',
  short: 'Mark node as schedulable',
  run: async (inv) => {
    setUnschedulable(inv, nodeTargets(inv, 'uncordon'), false);
    return 0;
  },
  complete: completeNodes,
});
