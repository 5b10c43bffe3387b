/** `kubectl describe` for Jobs and CronJobs (describe.go describeJob / describeCronJob, 1.32). */
import { formatLabelSelector, humanDuration, type Kinds } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, rfc1123z, type DescribeContext } from './common.ts';
import { describePodTemplate } from './pod-template.ts';
import { PrefixWriter } from './prefix-writer.ts';

/** Describes one Job. */
export function describeJob(job: Kinds.Job, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Partial<Kinds.JobSpec> = job.spec ?? {};
  const st: Kinds.JobStatus = job.status ?? {};
  w.write(0, `Name:\t${job.metadata.name}\n`);
  w.write(0, `Namespace:\t${job.metadata.namespace}\n`);
  const sel = formatLabelSelector(spec.selector);
  w.write(0, `Selector:\t${sel === '<none>' ? '' : sel}\n`);
  multiline(w, 0, 'Labels', labelItems(job.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(job.metadata.annotations));
  const ref = job.metadata.ownerReferences?.find((r) => r.controller);
  if (ref) w.write(0, `Controlled By:\t${ref.kind}/${ref.name}\n`);
  if (spec.parallelism !== undefined) w.write(0, `Parallelism:\t${spec.parallelism}\n`);
  w.write(0, `Completions:\t${spec.completions ?? '<unset>'}\n`);
  if (spec.completionMode) w.write(0, `Completion Mode:\t${spec.completionMode}\n`);
  if (spec.suspend !== undefined) w.write(0, `Suspend:\t${spec.suspend}\n`);
  if (spec.backoffLimit !== undefined) w.write(0, `Backoff Limit:\t${spec.backoffLimit}\n`);
  if (spec.ttlSecondsAfterFinished !== undefined) w.write(0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
  if (st.startTime) w.write(0, `Start Time:\t${rfc1123z(st.startTime)}\n`);
  if (st.completionTime) w.write(0, `Completed At:\t${rfc1123z(st.completionTime)}\n`);
  if (st.startTime && st.completionTime) w.write(0, `Duration:\t${humanDuration(Date.parse(st.completionTime) - Date.parse(st.startTime))}\n`);
  if (spec.activeDeadlineSeconds !== undefined) w.write(0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  const counts = `${st.succeeded ?? 0} Succeeded / ${st.failed ?? 0} Failed`;
  w.write(0, `Pods Statuses:\t${st.active ?? 0} Active${st.ready === undefined ? '' : ` (${st.ready} Ready)`} / ${counts}\n`);
  if (spec.completionMode === 'Indexed') w.write(0, `Completed Indexes:\t${st.completedIndexes || '<none>'}\n`);
  describePodTemplate(w, spec.template);
  describeEvents(w, job, ctx);
  return w.toString();
}

/** Describes one CronJob (1.32 has no Time Zone line). */
export function describeCronJob(cj: Kinds.CronJob, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Partial<Kinds.CronJobSpec> = cj.spec ?? {};
  w.write(0, `Name:\t${cj.metadata.name}\n`);
  w.write(0, `Namespace:\t${cj.metadata.namespace}\n`);
  multiline(w, 0, 'Labels', labelItems(cj.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(cj.metadata.annotations));
  w.write(0, `Schedule:\t${spec.schedule ?? ''}\n`);
  w.write(0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
  w.write(0, `Suspend:\t${spec.suspend === undefined ? '<unset>' : spec.suspend ? 'True' : 'False'}\n`);
  w.write(0, `Successful Job History Limit:\t${spec.successfulJobsHistoryLimit ?? '<unset>'}\n`);
  w.write(0, `Failed Job History Limit:\t${spec.failedJobsHistoryLimit ?? '<unset>'}\n`);
  w.write(0, `Starting Deadline Seconds:\t${spec.startingDeadlineSeconds === undefined ? '<unset>' : `${spec.startingDeadlineSeconds}s`}\n`);
  const jt: Partial<Kinds.JobSpec> = spec.jobTemplate?.spec ?? {};
  w.write(0, `Selector:\t${jt.selector ? formatLabelSelector(jt.selector) : '<unset>'}\n`);
  w.write(0, `Parallelism:\t${jt.parallelism ?? '<unset>'}\n`);
  w.write(0, `Completions:\t${jt.completions ?? '<unset>'}\n`);
  if (jt.activeDeadlineSeconds !== undefined) w.write(0, `Active Deadline Seconds:\t${jt.activeDeadlineSeconds}s\n`);
  describePodTemplate(w, jt.template);
  const last = cj.status?.lastScheduleTime;
  w.write(0, `Last Schedule Time:\t${last ? rfc1123z(last) : '<unset>'}\n`);
  const active = cj.status?.active ?? [];
  w.write(0, `Active Jobs:\t${active.length ? active.map((j) => j.name).join(', ') : '<none>'}\n`);
  describeEvents(w, cj, ctx);
  return w.toString();
}

registerDescriber('jobs.batch', describeJob);
registerDescriber('cronjobs.batch', describeCronJob);
