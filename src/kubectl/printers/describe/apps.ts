/**
 * `kubectl describe` for Deployments (with OldReplicaSets / NewReplicaSet), ReplicaSets,
 * StatefulSets (with Volume Claims) and DaemonSets, following describe.go in kubectl 1.32.
 */
import { formatLabelSelector, formatLabels, type KubeObject, type Kinds } from '../../../sim/index.ts';
import { ownedReplicaSets } from '../../verbs/rollout/deployment-history.ts';
import { findNewReplicaSet, findOldReplicaSets } from '../../verbs/rollout/deployment-util.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, rfc1123z, type DescribeContext } from './common.ts';
import { describePodTemplate, podPhaseCounts } from './pod-template.ts';
import { PrefixWriter } from './prefix-writer.ts';

function podsOf(ctx: DescribeContext, obj: KubeObject): Kinds.Pod[] {
  return ctx.api.list('pods', { namespace: obj.metadata.namespace }).items;
}

function controlledBy(obj: KubeObject): string | undefined {
  const ref = obj.metadata.ownerReferences?.find((r) => r.controller);
  return ref ? `${ref.kind}/${ref.name}` : undefined;
}

function replicaSetsLine(rss: Kinds.ReplicaSet[]): string {
  const list = rss.map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 1} replicas created)`).join(', ');
  return list || '<none>';
}

function created(rs: KubeObject): number {
  return Date.parse(rs.metadata.creationTimestamp ?? '') || 0;
}

/** Describes one Deployment. */
export function describeDeployment(d: Kinds.Deployment, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Partial<Kinds.DeploymentSpec> = d.spec ?? {};
  const st: Kinds.DeploymentStatus = d.status ?? {};
  w.write(0, `Name:\t${d.metadata.name}\n`);
  w.write(0, `Namespace:\t${d.metadata.namespace}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(d.metadata.creationTimestamp)}\n`);
  multiline(w, 0, 'Labels', labelItems(d.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(d.metadata.annotations));
  w.write(0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  w.write(
    0,
    `Replicas:\t${spec.replicas ?? 1} desired | ${st.updatedReplicas ?? 0} updated | ${st.replicas ?? 0} total | ${st.availableReplicas ?? 0} available | ${st.unavailableReplicas ?? 0} unavailable\n`,
  );
  w.write(0, `StrategyType:\t${spec.strategy?.type ?? ''}\n`);
  w.write(0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
  const ru = spec.strategy?.rollingUpdate;
  if (ru) w.write(0, `RollingUpdateStrategy:\t${ru.maxUnavailable ?? ''} max unavailable, ${ru.maxSurge ?? ''} max surge\n`);
  describePodTemplate(w, spec.template);
  const conds = st.conditions ?? [];
  if (conds.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of conds) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  // kubectl sorts the list by creation time while finding the new ReplicaSet, so the old
  // ones come oldest first.
  const all = ownedReplicaSets(d, ctx.api.list('replicasets.apps', { namespace: d.metadata.namespace }).items).sort(
    (a, b) => created(a) - created(b) || (a.metadata.name! < b.metadata.name! ? -1 : 1),
  );
  const fresh = findNewReplicaSet(d, all);
  // kubectl 1.32 lists every old ReplicaSet, scaled-down ones too (`web-7b84c5f95f (0/0
  // replicas created)` in a real cluster's describe after a finished rollout).
  const old = findOldReplicaSets(d, all);
  w.write(0, `OldReplicaSets:\t${replicaSetsLine(old)}\n`);
  w.write(0, `NewReplicaSet:\t${replicaSetsLine(fresh ? [fresh] : [])}\n`);
  describeEvents(w, d, ctx);
  return w.toString();
}

/** Describes one ReplicaSet. */
export function describeReplicaSet(rs: Kinds.ReplicaSet, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Partial<Kinds.ReplicaSetSpec> = rs.spec ?? {};
  w.write(0, `Name:\t${rs.metadata.name}\n`);
  w.write(0, `Namespace:\t${rs.metadata.namespace}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  multiline(w, 0, 'Labels', labelItems(rs.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(rs.metadata.annotations));
  const by = controlledBy(rs);
  if (by) w.write(0, `Controlled By:\t${by}\n`);
  w.write(0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${spec.replicas ?? 1} desired\n`);
  w.write(0, `Pods Status:\t${podPhaseCounts(podsOf(ctx, rs), rs)}\n`);
  describePodTemplate(w, spec.template);
  const conds = rs.status?.conditions ?? [];
  if (conds.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of conds) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  describeEvents(w, rs, ctx);
  return w.toString();
}

function volumeClaims(w: PrefixWriter, templates: Kinds.PersistentVolumeClaim[] | undefined): void {
  if (!templates?.length) {
    w.write(0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(0, 'Volume Claims:\n');
  for (const t of templates) {
    w.write(1, `Name:\t${t.metadata?.name ?? ''}\n`);
    w.write(1, `StorageClass:\t${t.spec?.storageClassName ?? ''}\n`);
    multiline(w, 1, 'Labels', labelItems(t.metadata?.labels));
    multiline(w, 1, 'Annotations', labelItems(t.metadata?.annotations));
    w.write(1, `Capacity:\t${t.spec?.resources?.requests?.storage ?? '<default>'}\n`);
    w.write(1, `Access Modes:\t[${(t.spec?.accessModes ?? []).join(' ')}]\n`);
  }
}

/** Describes one StatefulSet. */
export function describeStatefulSet(sts: Kinds.StatefulSet, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Partial<Kinds.StatefulSetSpec> = sts.spec ?? {};
  w.write(0, `Name:\t${sts.metadata.name}\n`);
  w.write(0, `Namespace:\t${sts.metadata.namespace}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(sts.metadata.creationTimestamp)}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  multiline(w, 0, 'Labels', labelItems(sts.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(sts.metadata.annotations));
  w.write(0, `Replicas:\t${spec.replicas ?? 1} desired | ${sts.status?.replicas ?? 0} total\n`);
  w.write(0, `Update Strategy:\t${spec.updateStrategy?.type ?? ''}\n`);
  const ru = spec.updateStrategy?.rollingUpdate;
  if (ru && ru.partition !== undefined) {
    w.write(1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined) w.write(1, `MaxUnavailable:\t${ru.maxUnavailable}\n`);
  }
  w.write(0, `Pods Status:\t${podPhaseCounts(podsOf(ctx, sts), sts)}\n`);
  describePodTemplate(w, spec.template);
  volumeClaims(w, spec.volumeClaimTemplates);
  describeEvents(w, sts, ctx);
  return w.toString();
}

/** Describes one DaemonSet (kubectl 1.32 prints no Namespace line here). */
export function describeDaemonSet(ds: Kinds.DaemonSet, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Partial<Kinds.DaemonSetSpec> = ds.spec ?? {};
  const st: Partial<Kinds.DaemonSetStatus> = ds.status ?? {};
  w.write(0, `Name:\t${ds.metadata.name}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  w.write(0, `Node-Selector:\t${formatLabels(spec.template?.spec?.nodeSelector)}\n`);
  multiline(w, 0, 'Labels', labelItems(ds.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(ds.metadata.annotations));
  w.write(0, `Desired Number of Nodes Scheduled: ${st.desiredNumberScheduled ?? 0}\n`);
  w.write(0, `Current Number of Nodes Scheduled: ${st.currentNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Up-to-date Pods: ${st.updatedNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Available Pods: ${st.numberAvailable ?? 0}\n`);
  w.write(0, `Number of Nodes Misscheduled: ${st.numberMisscheduled ?? 0}\n`);
  w.write(0, `Pods Status:\t${podPhaseCounts(podsOf(ctx, ds), ds)}\n`);
  describePodTemplate(w, spec.template);
  describeEvents(w, ds, ctx);
  return w.toString();
}

registerDescriber('deployments.apps', describeDeployment);
registerDescriber('replicasets.apps', describeReplicaSet);
registerDescriber('statefulsets.apps', describeStatefulSet);
registerDescriber('daemonsets.apps', describeDaemonSet);
