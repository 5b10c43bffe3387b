/**
 * `kubectl drain NODE [--ignore-daemonsets] [--delete-emptydir-data] [--force]
 * [--grace-period] [--timeout] [--pod-selector] [--dry-run]`: cordons the node, refuses
 * (with kubectl's error and `There are pending nodes to be drained:` list) when pods can't be
 * removed, otherwise evicts each pod (`evicting pod ns/name`), waits in cluster time until
 * each is gone (`pod/name evicted`) and prints `node/x drained`.
 */
import { ApiError, parseLabelSelector, matches, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { dryRunOf } from '../../resource/write.ts';
import { completeNodes } from '../complete.ts';
import { nodeTargets, setUnschedulable } from '../cordon/cordon.ts';
import { podsForDeletion, type DrainOptions } from './filters.ts';

const STEP = 100;

/** Go's time.Duration String for whole seconds and minutes (`1m0s`, `30s`). */
function goDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `${h}h${m}m${sec}s`;
  if (m) return `${m}m${sec}s`;
  return `${sec}s`;
}

/**
 * Evicts `pods` and waits for each to disappear; returns an error message, undefined when
 * done, or null when interrupted (Ctrl-C ends the command quietly, as the shell does).
 */
async function evict(inv: Invocation, pods: KubeObject[], grace: number, timeout: number): Promise<string | undefined | null> {
  const dry = dryRunOf(inv);
  const waiting: KubeObject[] = [];
  for (const pod of pods) {
    inv.out(`evicting pod ${pod.metadata.namespace}/${pod.metadata.name}${dry === 'server' ? ' (server dry run)' : ''}\n`);
    try {
      inv.client.evict(pod.metadata.namespace!, pod.metadata.name!, {
        gracePeriodSeconds: grace >= 0 ? grace : undefined,
        dryRun: dry === 'server',
      });
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'NotFound') continue;
      throw e;
    }
    if (dry !== 'server') waiting.push(pod);
  }
  let waited = 0;
  while (waiting.length) {
    for (let i = 0; i < waiting.length; ) {
      const p = waiting[i]!;
      const cur = inv.client.tryGet('pods', p.metadata.namespace, p.metadata.name!);
      if (!cur || cur.metadata.uid !== p.metadata.uid) {
        inv.out(`pod/${p.metadata.name} evicted\n`);
        waiting.splice(i, 1);
      } else i++;
    }
    if (!waiting.length) break;
    if (timeout > 0 && waited >= timeout) return `drain did not complete within ${goDuration(timeout)}`;
    if (!(await inv.ctx.sleep(STEP))) return null;
    waited += STEP;
  }
  return undefined;
}

async function run(inv: Invocation): Promise<number> {
  const nodes = nodeTargets(inv, 'drain');
  const opts: DrainOptions = {
    force: inv.flags.bool('force'),
    ignoreDaemonSets: inv.flags.bool('ignore-daemonsets'),
    deleteEmptyDirData: inv.flags.bool('delete-emptydir-data') || inv.flags.bool('delete-local-data'),
  };
  const podSel = inv.flags.str('pod-selector');
  const sel = podSel ? parseLabelSelector(podSel) : undefined;
  setUnschedulable(inv, nodes, true);
  const dry = dryRunOf(inv);
  const fatal: string[] = [];
  const remaining: string[] = [];
  for (const node of nodes) {
    const name = node.metadata.name!;
    const list = podsForDeletion(inv.client, name, opts, sel ? (p) => matches(sel, p.metadata.labels) : undefined);
    let err: string | undefined | null = list.errors.length ? (list.errors.length === 1 ? list.errors[0] : `[${list.errors.join(', ')}]`) : undefined;
    if (!err) {
      if (list.warnings) inv.err(`Warning: ${list.warnings}\n`);
      if (dry === 'client') for (const p of list.pods) inv.out(`evicting pod ${p.metadata.namespace}/${p.metadata.name} (dry run)\n`);
      else err = await evict(inv, list.pods, inv.flags.int('grace-period'), inv.flags.duration('timeout'));
      if (err === null) return 1;
    }
    if (!err) {
      inv.out(`node/${name} drained${dry === 'client' ? ' (dry run)' : dry === 'server' ? ' (server dry run)' : ''}\n`);
      continue;
    }
    inv.err(`error: unable to drain node "${name}" due to error: ${err}, continuing command...\n`);
    fatal.push(err);
    remaining.push(name);
  }
  if (!remaining.length) return 0;
  inv.err('There are pending nodes to be drained:\n' + remaining.map((n) => ` ${n}\n`).join(''));
  throw new CliError(fatal.length === 1 ? fatal[0]! : `[${fatal.join(', ')}]`);
}

registerVerb({ name: 'drain', short: 'Drain node in preparation for maintenance', run, complete: completeNodes });
