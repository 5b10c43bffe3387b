/**
 * `kubectl drain NODE [--ignore-daemonsets] [--delete-emptydir-data] [--force]
 * [--grace-period] [--timeout] [--pod-selector] [--dry-run]`: cordons the node, refuses
 * (with kubectl's error and `There are pending nodes to be drained:` list) when pods can't be
 * removed, otherwise evicts each pod (`evicting pod ns/name`, retried every 5 s while a
 * PodDisruptionBudget refuses), waits in cluster time until each is gone (`pod/name evicted`)
 * and prints `node/x drained`. `--disable-eviction` deletes the pods instead, past any budget.
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
/** kubectl's wait before trying an eviction the API answered with 429 again. */
const RETRY_MS = 5000;

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

/** One Pod's part of a drain, as one of kubectl's per-Pod goroutines (drain.go evictPods). */
interface PodTask {
  pod: KubeObject;
  state: 'evict' | 'wait' | 'done';
  /** When (ms into the drain) its next eviction attempt is due. */
  at: number;
}

/** utilerrors.NewAggregate's message. */
const aggregate = (errs: string[]) => (errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`);

/**
 * Evicts `pods` as kubectl does, all at once: each Pod's eviction is tried, a 429 (a
 * PodDisruptionBudget that allows no disruption now) prints `error when evicting ... (will retry
 * after 5s)` and is tried again 5 s later (printing `evicting pod` again), and an evicted Pod is
 * waited for until it is gone (`pod/NAME evicted`). `--timeout` (0: none) ends every unfinished
 * Pod with `global timeout reached`. Returns the aggregated error, undefined when done, or null
 * when interrupted (Ctrl-C ends the command quietly, as the shell does).
 */
async function evict(inv: Invocation, pods: KubeObject[], grace: number, timeout: number): Promise<string | undefined | null> {
  const dry = dryRunOf(inv);
  const tasks: PodTask[] = pods.map((pod) => ({ pod, state: 'evict', at: 0 }));
  const errors: string[] = [];
  const limit = goDuration(timeout);
  let t = 0;
  for (;;) {
    for (const task of tasks) {
      const { pod } = task;
      const ns = pod.metadata.namespace!;
      const name = pod.metadata.name!;
      if (task.state === 'evict' && task.at <= t) {
        inv.out(`evicting pod ${ns}/${name}${dry === 'server' ? ' (server dry run)' : ''}\n`);
        if (timeout > 0 && t >= timeout) {
          errors.push(`error when evicting pods/"${name}" -n "${ns}": global timeout reached: ${limit}`);
          task.state = 'done';
          continue;
        }
        try {
          inv.client.evict(ns, name, { gracePeriodSeconds: grace >= 0 ? grace : undefined, dryRun: dry === 'server' });
          task.state = dry === 'server' ? 'done' : 'wait';
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          if (e.reason === 'NotFound') task.state = 'done';
          else if (e.reason === 'TooManyRequests') {
            inv.err(`error when evicting pods/"${name}" -n "${ns}" (will retry after 5s): ${e.message}\n`);
            task.at = t + RETRY_MS;
          } else {
            errors.push(`error when evicting pods/"${name}" -n "${ns}": ${e.message}`);
            task.state = 'done';
          }
        }
      }
      if (task.state === 'wait') {
        const cur = inv.client.tryGet('pods', ns, name);
        if (!cur || cur.metadata.uid !== pod.metadata.uid) {
          inv.out(`pod/${name} evicted\n`);
          task.state = 'done';
        } else if (timeout > 0 && t >= timeout) {
          errors.push(`error when waiting for pod "${name}" in namespace "${ns}" to terminate: global timeout reached: ${limit}`);
          task.state = 'done';
        }
      }
    }
    if (tasks.every((x) => x.state === 'done')) break;
    if (!(await inv.ctx.sleep(STEP))) return null;
    t += STEP;
  }
  return errors.length ? aggregate(errors) : undefined;
}

/** `--disable-eviction`: deletes the Pods, then waits for them (`pod/NAME deleted`) up to --timeout. */
async function remove(inv: Invocation, pods: KubeObject[], grace: number, timeout: number): Promise<string | undefined | null> {
  const waiting: KubeObject[] = [];
  for (const pod of pods) {
    try {
      inv.client.delete('pods', pod.metadata.namespace!, pod.metadata.name!, { gracePeriodSeconds: grace >= 0 ? grace : undefined });
      waiting.push(pod);
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'NotFound') continue;
      throw e;
    }
  }
  let t = 0;
  for (;;) {
    for (let i = 0; i < waiting.length; ) {
      const p = waiting[i]!;
      const cur = inv.client.tryGet('pods', p.metadata.namespace, p.metadata.name!);
      if (!cur || cur.metadata.uid !== p.metadata.uid) {
        inv.out(`pod/${p.metadata.name} deleted\n`);
        waiting.splice(i, 1);
      } else i++;
    }
    if (!waiting.length) return undefined;
    if (timeout > 0 && t >= timeout) return 'timed out waiting for the condition';
    if (!(await inv.ctx.sleep(STEP))) return null;
    t += STEP;
  }
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
      else {
        const grace = inv.flags.int('grace-period');
        const timeout = inv.flags.duration('timeout');
        err = inv.flags.bool('disable-eviction') && dry !== 'server' ? await remove(inv, list.pods, grace, timeout) : await evict(inv, list.pods, grace, timeout);
        if (err === null) return 1;
        if (err) {
          const pending = podsForDeletion(inv.client, name, opts, sel ? (p) => matches(sel, p.metadata.labels) : undefined).pods;
          if (pending.length) inv.err(`There are pending pods in node "${name}" when an error occurred: ${err}\n` + pending.map((p) => `pod/${p.metadata.name}\n`).join(''));
        }
      }
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
