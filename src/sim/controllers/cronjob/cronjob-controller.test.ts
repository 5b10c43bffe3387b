import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';
import { eventLines, finishPod, workloadTestCluster } from '../statefulset/workload-fixture.ts';
import { jobController } from '../job/job-controller.ts';
import { cronJobController } from './cronjob-controller.ts';
import { jobFromCronJob } from './job-from-cronjob.ts';

const MIN = 60_000;

function cjManifest(name: string, spec: Record<string, unknown> = {}, command = ['date']): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace: 'default' },
    spec: {
      schedule: '*/1 * * * *',
      jobTemplate: { metadata: { name }, spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name, image: 'busybox', command }] } } } },
      ...spec,
    },
  };
}

/** Cron and Job controllers; pods finish `runMs` after creation (exit 1 when the command says so). */
function cluster(runMs?: number): Cluster {
  const c = workloadTestCluster([(cl) => cl.addController(jobController(cl)), (cl) => cl.addController(cronJobController(cl))]);
  if (runMs !== undefined) {
    c.store.subscribe((e) => {
      if (e.resource !== 'pods' || e.type !== 'ADDED') return;
      const pod = e.object;
      const code = (pod.spec.containers[0].command ?? []).includes('fail') ? 1 : 0;
      c.clock.setTimeout(() => {
        if (c.api.tryGet('pods', 'default', pod.metadata.name!)) finishPod(c, pod, code);
      }, runMs);
    });
  }
  return c;
}

const jobNames = (c: Cluster) => c.store.list('jobs.batch', 'default').map((j) => j.metadata.name);
const cj = (c: Cluster, name = 'ticker') => c.api.get('cronjobs.batch', 'default', name);

describe('CronJob controller', () => {
  it('creates <name>-<minutes since epoch> at each minute on the cluster clock', () => {
    const c = cluster(5_000);
    c.advance(30_000);
    c.api.create('cronjobs.batch', cjManifest('ticker'));
    c.settle();
    expect(jobNames(c)).toEqual([]);
    c.advance(29_000);
    expect(jobNames(c)).toEqual([]);
    c.advance(1_000); // 03:01:00: the controller wakes 100 ms after the activation
    expect(jobNames(c)).toEqual([]);
    c.advance(100);
    const first = `ticker-${Math.floor(Date.parse('2026-11-30T03:01:00Z') / MIN)}`;
    expect(jobNames(c)).toEqual([first]);
    expect(first).toBe('ticker-29933461');
    const job = c.api.get('jobs.batch', 'default', first);
    expect(job.metadata.annotations).toEqual({ 'batch.kubernetes.io/cronjob-scheduled-timestamp': '2026-11-30T03:01:00Z' });
    expect(job.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'ticker', uid: cj(c).metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(cj(c).status.active).toEqual([expect.objectContaining({ kind: 'Job', name: first, namespace: 'default' })]);
    c.advance(9_900);
    expect(cj(c).status.active).toBeUndefined();
    expect(cj(c).status.lastScheduleTime).toBe('2026-11-30T03:01:00Z');
    expect(cj(c).status.lastSuccessfulTime).toBe('2026-11-30T03:01:05Z');
    c.advance(8_000);
    expect(toTable('cronjobs.batch', [cj(c)], c.now()).rows[0]!.cells.slice(0, 7)).toEqual(['ticker', '*/1 * * * *', '<none>', 'False', '0', '18s', '48s']);
    expect(eventLines(c, 'cronjob-controller')).toEqual([`SuccessfulCreate: Created job ${first}`, `SawCompletedJob: Saw completed job: ${first}, condition: Complete`]);
  });

  it('keeps 3 successful and 1 failed Job over hours of every-minute runs', () => {
    const c = cluster(5_000);
    c.api.create('cronjobs.batch', cjManifest('ticker'));
    c.api.create('cronjobs.batch', cjManifest('failer', { jobTemplate: { spec: { backoffLimit: 0, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'f', image: 'busybox', command: ['fail'] }] } } } } }));
    c.settle();
    for (let h = 0; h < 6; h++) c.advance(60 * MIN);
    c.advance(10_000); // the 09:00 runs have finished
    const now = c.now();
    const latest = Math.floor(now / MIN);
    expect(jobNames(c).filter((n) => n!.startsWith('ticker-'))).toEqual([`ticker-${latest - 2}`, `ticker-${latest - 1}`, `ticker-${latest}`]);
    expect(jobNames(c).filter((n) => n!.startsWith('failer-'))).toEqual([`failer-${latest}`]);
    expect(c.store.count('pods', 'default')).toBe(4);
    // Past ten different messages, further deletes fold into one "(combined from similar
    // events)" event whose count grows, as client-go's event aggregator does.
    const deletes = c.store
      .list('events', 'default')
      .filter((e) => e.reason === 'SuccessfulDelete' && (e.message as string).includes('Deleted job ticker-'))
      .reduce((n, e) => n + (e.count as number), 0);
    expect(deletes).toBeGreaterThan(300);
    expect(c.clock.pending()).toBeLessThan(50);
  }, 30_000); // hours of per-minute Jobs: about 2 s alone, more on a busy machine

  it('Forbid skips a run while the previous Job is active; Replace deletes it', () => {
    const c = cluster();
    c.api.create('cronjobs.batch', cjManifest('forbid', { concurrencyPolicy: 'Forbid' }));
    c.api.create('cronjobs.batch', cjManifest('replace', { concurrencyPolicy: 'Replace' }));
    c.settle();
    c.advance(2 * MIN + 1_000);
    const names = jobNames(c);
    expect(names.filter((n) => n!.startsWith('forbid-'))).toHaveLength(1);
    expect(eventLines(c, 'cronjob-controller')).toContain('JobAlreadyActive: Not starting job because prior execution is running and concurrency policy is Forbid');
    const replaced = names.filter((n) => n!.startsWith('replace-'));
    expect(replaced).toEqual([`replace-${Math.floor(c.now() / MIN)}`]);
    expect(eventLines(c, 'cronjob-controller')).toContain(`SuccessfulDelete: Deleted job replace-${Math.floor(c.now() / MIN) - 1}`);
  });

  it('does nothing while suspended; a missed run starts late only within startingDeadlineSeconds', () => {
    const c = cluster();
    c.api.create('cronjobs.batch', cjManifest('late', { suspend: true }));
    c.api.create('cronjobs.batch', cjManifest('strict', { suspend: true, startingDeadlineSeconds: 10 }));
    c.settle();
    c.advance(5 * MIN + 30_000); // 03:05:30
    expect(jobNames(c)).toEqual([]);
    for (const n of ['late', 'strict']) c.api.modify('cronjobs.batch', 'default', n, (o) => (o.spec.suspend = false));
    c.settle();
    expect(jobNames(c)).toEqual([`late-${Math.floor(Date.parse('2026-11-30T03:05:00Z') / MIN)}`]);
    c.api.modify('cronjobs.batch', 'default', 'strict', (o) => (o.spec.suspend = true));
    c.advance(120_000); // 03:07:30: the 03:07 run is 30 s late, beyond the 10 s deadline
    c.api.modify('cronjobs.batch', 'default', 'strict', (o) => (o.spec.suspend = false));
    c.settle();
    expect(jobNames(c)).not.toContain(`strict-${Math.floor(Date.parse('2026-11-30T03:07:00Z') / MIN)}`);
    c.advance(31_000);
    expect(jobNames(c)).toContain(`strict-${Math.floor(Date.parse('2026-11-30T03:08:00Z') / MIN)}`);
  });

  it('schedules in spec.timeZone', () => {
    const c = cluster();
    c.api.create('cronjobs.batch', cjManifest('tokyo', { schedule: '0 12 * * *', timeZone: 'Asia/Tokyo' }));
    c.settle();
    c.advance(1_000);
    const name = `tokyo-${Math.floor(Date.parse('2026-11-30T03:00:00Z') / MIN)}`;
    expect(jobNames(c)).toEqual([]);
    c.advance(24 * 60 * MIN);
    const created = `tokyo-${Math.floor(Date.parse('2026-12-01T03:00:00Z') / MIN)}`;
    expect(jobNames(c)).toEqual([created]);
    expect(name).not.toBe(created);
    expect(c.api.get('jobs.batch', 'default', created).metadata.annotations!['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe('2026-12-01T12:00:00+09:00');
    expect(toTable('cronjobs.batch', [cj(c, 'tokyo')], c.now()).rows[0]!.cells[2]).toBe('Asia/Tokyo');
  });

  it('builds `create job --from=cronjob/...` Jobs and warns about them while they run', () => {
    const c = cluster();
    c.api.create('cronjobs.batch', cjManifest('ticker'));
    const job = jobFromCronJob(cj(c), 'manual-run');
    expect(job.metadata).toEqual({
      name: 'manual-run',
      namespace: 'default',
      annotations: { 'cronjob.kubernetes.io/instantiate': 'manual' },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'ticker', uid: cj(c).metadata.uid, controller: true }],
    });
    c.api.create('jobs.batch', job);
    c.settle();
    expect(eventLines(c, 'cronjob-controller')).toContain('UnexpectedJob: Saw a job that the controller did not create or forgot: manual-run');
  });

  it('rejects bad schedules and time zones with the API server messages', () => {
    const c = cluster();
    const create = (name: string, spec: Record<string, unknown>) => () => c.api.create('cronjobs.batch', cjManifest(name, spec));
    expect(create('badcron', { schedule: '*/5 * * *' })).toThrow(
      'CronJob.batch "badcron" is invalid: spec.schedule: Invalid value: "*/5 * * *": expected exactly 5 fields, found 4: [*/5 * * *]',
    );
    expect(create('tz', { schedule: 'TZ=UTC */5 * * * *' })).toThrow(
      'spec.schedule: Invalid value: "TZ=UTC */5 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    );
    expect(create('zone', { timeZone: 'Mars/Olympus' })).toThrow('spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus');
    expect(create('x'.repeat(53), {})).toThrow('must be no more than 52 characters');
    const ok = c.api.create('cronjobs.batch', cjManifest('fine')).object;
    expect(ok.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    expect(ok.spec.jobTemplate.spec.backoffLimit).toBeUndefined();
  });
});
