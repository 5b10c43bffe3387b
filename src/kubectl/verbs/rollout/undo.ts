/**
 * `kubectl rollout undo [--to-revision=N]`: for Deployments the simulator's rollback plan
 * (kubectl copies the old ReplicaSet's template back); for StatefulSets and DaemonSets the
 * template recorded in the ControllerRevision. Prints `rolled back`, or
 * `skipped rollback (current template already matches revision N)`.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { applyRollback, ownedReplicaSets, planRollback } from './deployment-history.ts';
import { ownedRevisions, templateOf } from './revisions.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { describePodTemplate, RawPrefixWriter } from '../../printers/describe/pod-template.ts';
import { canonical } from '../../resource/workloads.ts';
import { keyOf, kindPrefix } from '../../resource/resolve.ts';
import { drySuffix, dryRunOf, type DryRun } from '../../resource/write.ts';
import { groupKind, rolloutTargets } from './targets.ts';

function templateText(template: unknown): string {
  const w = new RawPrefixWriter();
  describePodTemplate(w, template);
  return w.toString();
}

/** Rolls a Deployment back; returns the operation kubectl prints after the name. */
function undoDeployment(inv: Invocation, d: KubeObject, toRevision: number, dry: DryRun): string {
  const rss = ownedReplicaSets(d, inv.client.list('replicasets.apps', { namespace: d.metadata.namespace }).items);
  const plan = planRollback(d, rss, toRevision);
  if (plan.kind === 'error') throw new CliError(plan.message);
  if (plan.kind === 'skipped') return `skipped rollback (current template already matches revision ${plan.revision})`;
  if (dry === 'client') {
    // kubectl prints the old ReplicaSet's own template (pod-template-hash label included).
    const rs = rss.find((r) => Number(r.metadata.annotations?.['deployment.kubernetes.io/revision']) === plan.revision);
    return templateText(rs?.spec?.template ?? plan.template);
  }
  const copy = clone(d);
  applyRollback(copy, plan);
  delete copy.metadata.resourceVersion;
  inv.client.update('deployments.apps', copy, { dryRun: dry === 'server' });
  return 'rolled back';
}

/** Rolls a StatefulSet or DaemonSet back to a ControllerRevision's template. */
function undoFromRevisions(inv: Invocation, obj: KubeObject, key: string, toRevision: number, dry: DryRun): string {
  if (toRevision < 0) throw new CliError(`unable to find specified revision ${toRevision} in history`);
  const history = ownedRevisions(inv.client, obj);
  if (toRevision === 0 && history.length <= 1) throw new CliError('no last revision to roll back to');
  const target = toRevision === 0 ? history[history.length - 2] : history.find((r) => Number(r.revision) === toRevision);
  if (!target) throw new CliError(`unable to find specified revision ${toRevision} in history`);
  const template = templateOf(target);
  if (canonical(template) === canonical(obj.spec?.template)) {
    return `skipped rollback (current template already matches revision ${toRevision})`;
  }
  if (dry === 'client') return templateText(template);
  const copy = clone(obj);
  copy.spec.template = clone(template);
  delete copy.metadata.resourceVersion;
  inv.client.update(key, copy, { dryRun: dry === 'server' });
  return 'rolled back';
}

async function run(inv: Invocation): Promise<number> {
  const dry = dryRunOf(inv);
  const toRevision = inv.flags.int('to-revision');
  for (const { type, obj } of rolloutTargets(inv)) {
    let op: string;
    if (type.group === 'apps' && type.kind === 'Deployment') op = undoDeployment(inv, obj, toRevision, dry);
    else if (type.group === 'apps' && (type.kind === 'StatefulSet' || type.kind === 'DaemonSet')) op = undoFromRevisions(inv, obj, keyOf(type), toRevision, dry);
    else throw new CliError(`no rollbacker has been implemented for "${groupKind(type)}"`);
    inv.out(`${kindPrefix(type)}/${obj.metadata.name} ${op}${drySuffix(dry)}\n`);
  }
  return 0;
}

export const undoCommand: Verb = { name: 'undo', short: 'Undo a previous rollout', run };
