/**
 * describe.go's DescribePodTemplate (the `Pod Template:` block of Deployments, ReplicaSets,
 * StatefulSets, DaemonSets, Jobs, CronJobs and of `rollout history --revision`), plus the
 * pod-phase tally (`Pods Status:`) those describers print.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, labelItems, multiline, tolerationItems } from './common.ts';
import { describeContainer } from './containers.ts';
import { PrefixWriter } from './prefix-writer.ts';
import { describeVolumes } from './volumes.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/**
 * Re-indents the pod-level Volumes block for a template: kubectl prefixes the title with two
 * spaces and each volume name with one more, while the volume details keep their level.
 */
class TemplateVolumesWriter extends PrefixWriter {
  private target: PrefixWriter;

  constructor(target: PrefixWriter) {
    super();
    this.target = target;
  }

  override write(level: number, text: string): void {
    if (level === 0) this.target.write(0, '  ' + text);
    else if (level === 1) this.target.write(1, ' ' + text);
    else this.target.write(level, text);
  }

  override raw(text: string): void {
    this.target.raw(text);
  }
}

/** A PrefixWriter without the final tab alignment (`rollout history --revision` prints raw tabs). */
export class RawPrefixWriter extends PrefixWriter {
  private text = '';

  override write(level: number, text: string): void {
    this.text += '  '.repeat(level) + text;
  }

  override raw(text: string): void {
    this.text += text;
  }

  override toString(): string {
    return this.text;
  }
}

/** Writes `Pod Template:` and its block for `template` (a PodTemplateSpec). */
export function describePodTemplate(w: PrefixWriter, template: Any): void {
  w.write(0, 'Pod Template:\n');
  if (!template) {
    w.write(1, '<unset>');
    return;
  }
  const md = template.metadata ?? {};
  const spec = template.spec ?? {};
  multiline(w, 1, 'Labels', labelItems(md.labels));
  if (Object.keys(md.annotations ?? {}).length) multiline(w, 1, 'Annotations', annotationItems(md.annotations));
  if (spec.serviceAccountName) w.write(1, `Service Account:\t${spec.serviceAccountName}\n`);
  if (spec.initContainers?.length) {
    w.write(1, 'Init Containers:\n');
    for (const c of spec.initContainers) describeContainer(w, c, undefined, false, ' ');
  }
  const containers: Any[] = spec.containers ?? [];
  w.write(1, `Containers:${containers.length ? '' : ' <none>'}\n`);
  for (const c of containers) describeContainer(w, c, undefined, false, ' ');
  describeVolumes(new TemplateVolumesWriter(w), spec.volumes, 0);
  if (spec.priorityClassName) w.write(1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  multiline(w, 1, 'Node-Selectors', labelItems(spec.nodeSelector));
  multiline(w, 1, 'Tolerations', tolerationItems(spec.tolerations));
}

/** Running / Waiting / Succeeded / Failed counts of the pods `owner` controls (getPodStatusForController). */
export function podPhaseCounts(pods: readonly KubeObject[], owner: KubeObject): string {
  let running = 0;
  let waiting = 0;
  let succeeded = 0;
  let failed = 0;
  for (const p of pods) {
    if (!p.metadata.ownerReferences?.some((r) => r.controller && r.uid === owner.metadata.uid)) continue;
    const phase = p.status?.phase;
    if (phase === 'Running') running++;
    else if (phase === 'Pending') waiting++;
    else if (phase === 'Succeeded') succeeded++;
    else if (phase === 'Failed') failed++;
  }
  return `${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed`;
}
