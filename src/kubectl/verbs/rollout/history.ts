/**
 * `kubectl rollout history`: the REVISION / CHANGE-CAUSE table (from a Deployment's
 * ReplicaSets, or a StatefulSet's / DaemonSet's ControllerRevisions), or with `--revision=N`
 * that revision's pod template, printed with raw tabs as kubectl does.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { ownedReplicaSets, rolloutHistory } from './deployment-history.ts';
import { ownedRevisions, templateOf } from './revisions.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { describePodTemplate, RawPrefixWriter } from '../../printers/describe/pod-template.ts';
import { tabwrite } from '../../printers/tabwriter.ts';
import { kindPrefix } from '../../resource/resolve.ts';
import { rolloutTargets } from './targets.ts';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** Revision number → pod template (with the change-cause annotation where there is one). */
export function historyOf(inv: Invocation, obj: KubeObject): Map<number, KubeObject['spec']> {
  const out = new Map<number, KubeObject['spec']>();
  if (obj.kind === 'Deployment') {
    const rss = ownedReplicaSets(obj, inv.client.list('replicasets.apps', { namespace: obj.metadata.namespace }).items);
    for (const r of rolloutHistory(obj, rss)) out.set(r.revision, r.template);
    return out;
  }
  for (const rev of ownedRevisions(inv.client, obj)) {
    const template = templateOf(rev) as KubeObject['spec'];
    const cause = rev.metadata.annotations?.[CHANGE_CAUSE];
    if (cause) template.metadata = { ...(template.metadata ?? {}), annotations: { ...(template.metadata?.annotations ?? {}), [CHANGE_CAUSE]: cause } };
    out.set(Number(rev.revision ?? 0), template);
  }
  return out;
}

function view(history: Map<number, KubeObject['spec']>, revision: number): string {
  if (history.size === 0) return 'No rollout history found.';
  if (revision > 0) {
    const template = history.get(revision);
    if (!template) throw new CliError('unable to find the specified revision');
    const w = new RawPrefixWriter();
    describePodTemplate(w, template);
    return w.toString();
  }
  let table = 'REVISION\tCHANGE-CAUSE\n';
  for (const r of [...history.keys()].sort((a, b) => a - b)) {
    table += `${r}\t${history.get(r)?.metadata?.annotations?.[CHANGE_CAUSE] || '<none>'}\n`;
  }
  return tabwrite(table, 0, 2);
}

async function run(inv: Invocation): Promise<number> {
  const revision = inv.flags.int('revision');
  for (const { type, obj } of rolloutTargets(inv)) {
    if (!['Deployment', 'StatefulSet', 'DaemonSet'].includes(type.kind) || type.group !== 'apps') {
      throw new CliError(`no history viewer has been implemented for "${type.group ? `${type.kind}.${type.group}` : type.kind}"`);
    }
    const text = view(historyOf(inv, obj), revision);
    const withRevision = revision > 0 ? `with revision #${revision}` : '';
    inv.out(`${kindPrefix(type)}/${obj.metadata.name} ${withRevision}\n${text}\n`);
  }
  return 0;
}

export const historyCommand: Verb = { name: 'history', short: 'View rollout history', run };
