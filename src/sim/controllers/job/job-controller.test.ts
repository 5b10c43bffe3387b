import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';
import { eventLines, finishDeletions, finishPod, podsNamed, restartPod, runPod, workloadTestCluster } from '../statefulset/workload-fixture.ts';
import { jobController } from './job-controller.ts';

function jobManifest(name: string, spec: Record<string, unknown> = {}, restartPolicy = 'Never'): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: 'default' },
    spec: { template: { spec: { restartPolicy, containers: [{ name: name, image: 'busybox', command: ['sh', '-c', 'true'] }] } }, ...spec },
  };
}

function cluster(): Cluster {
  return workloadTestCluster([(cl) => cl.addController(jobController(cl))]);
}

const job = (c: Cluster, name: string) => c.api.get('jobs.batch', 'default', name);
const live = (c: Cluster, prefix: string) => podsNamed(c, prefix).filter((p) => !p.metadata.deletionTimestamp && !['Succeeded', 'Failed'].includes(p.status?.phase));
const row = (c: Cluster, name: string) => toTable('jobs.batch', [job(c, name)], c.now()).rows[0]!.cells.slice(0, 5);

describe('Job controller', () => {
  it('runs a pod to completion: conditions, status, events, table', () => {
    const c = cluster();
    const created = c.api.create('jobs.batch', jobManifest('hello')).object;
    c.settle();
    const uid = created.metadata.uid!;
    expect(created.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    const [pod] = podsNamed(c, 'hello-');
    expect(pod!.metadata.name).toMatch(/^hello-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(pod!.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'hello',
      'controller-uid': uid,
      'job-name': 'hello',
    });
    expect(row(c, 'hello')).toEqual(['hello', 'Running', '0/1', '0s', '0s']);
    c.advance(2000);
    runPod(c, pod!, 'kind-worker');
    c.advance(5000);
    finishPod(c, pod!, 0);
    c.settle();
    const j = job(c, 'hello');
    expect(j.status.conditions.map((x: { type: string; reason: string }) => `${x.type}/${x.reason}`)).toEqual([
      'SuccessCriteriaMet/CompletionsReached',
      'Complete/CompletionsReached',
    ]);
    expect(j.status).toMatchObject({ succeeded: 1, ready: 0, terminating: 0, uncountedTerminatedPods: {}, startTime: '2026-11-30T03:00:00Z', completionTime: '2026-11-30T03:00:07Z' });
    expect(j.status.active).toBeUndefined();
    c.advance(2000);
    expect(row(c, 'hello')).toEqual(['hello', 'Complete', '1/1', '7s', '9s']);
    expect(eventLines(c, 'job-controller')).toEqual([`SuccessfulCreate: Created pod: ${pod!.metadata.name}`, 'Completed: Job completed']);
    c.advance(60_000);
    expect(podsNamed(c, 'hello-')).toHaveLength(1);
  });

  it('retries failed pods after 10 s, then 20 s, and fails past backoffLimit', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('failing', { backoffLimit: 2 }));
    c.settle();
    const created: number[] = [];
    const failNext = () => {
      const [p] = live(c, 'failing-');
      runPod(c, p!, 'kind-worker');
      c.advance(4000);
      finishPod(c, p!, 1);
      c.settle();
    };
    created.push(c.now());
    failNext(); // fails at 4 s
    c.advance(9_000);
    expect(live(c, 'failing-')).toHaveLength(0);
    c.advance(1_000); // 4 + 10 = 14 s
    expect(live(c, 'failing-')).toHaveLength(1);
    failNext(); // fails at 18 s
    c.advance(19_000);
    expect(live(c, 'failing-')).toHaveLength(0);
    c.advance(1_000); // 18 + 20 = 38 s
    expect(live(c, 'failing-')).toHaveLength(1);
    failNext(); // third failure at 42 s > backoffLimit 2
    const j = job(c, 'failing');
    expect(j.status.failed).toBe(3);
    expect(j.status.conditions.map((x: { type: string; reason: string; message: string }) => `${x.type}/${x.reason}/${x.message}`)).toEqual([
      'FailureTarget/BackoffLimitExceeded/Job has reached the specified backoff limit',
      'Failed/BackoffLimitExceeded/Job has reached the specified backoff limit',
    ]);
    expect(j.status.completionTime).toBeUndefined();
    expect(podsNamed(c, 'failing-').map((p) => p.status.phase)).toEqual(['Failed', 'Failed', 'Failed']);
    expect(eventLines(c, 'job-controller').at(-1)).toBe('BackoffLimitExceeded: Job has reached the specified backoff limit');
    c.advance(9_000);
    expect(row(c, 'failing')).toEqual(['failing', 'Failed', '0/1', '51s', '51s']);
    c.advance(600_000);
    expect(podsNamed(c, 'failing-')).toHaveLength(3);
  });

  it('keeps parallelism pods running until completions succeed', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('batch', { completions: 4, parallelism: 2 }));
    c.settle();
    expect(live(c, 'batch-')).toHaveLength(2);
    for (const p of live(c, 'batch-')) finishPod(c, p, 0);
    c.settle();
    expect(live(c, 'batch-')).toHaveLength(2);
    expect(row(c, 'batch')[2]).toBe('2/4');
    const [a, b] = live(c, 'batch-');
    finishPod(c, a!, 0);
    c.settle();
    expect(live(c, 'batch-')).toHaveLength(1);
    finishPod(c, b!, 0);
    c.settle();
    expect(row(c, 'batch').slice(1, 3)).toEqual(['Complete', '4/4']);
    expect(podsNamed(c, 'batch-')).toHaveLength(4);
  });

  it('counts container restarts against backoffLimit with restartPolicy OnFailure', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('flaky', { backoffLimit: 3 }, 'OnFailure'));
    c.settle();
    const [p] = podsNamed(c, 'flaky-');
    runPod(c, p!, 'kind-worker');
    restartPod(c, p!, 2);
    c.settle();
    expect(job(c, 'flaky').status.conditions).toBeUndefined();
    restartPod(c, p!, 3);
    c.settle();
    expect(c.api.get('pods', 'default', p!.metadata.name!).metadata.deletionTimestamp).toBeDefined();
    expect(job(c, 'flaky').status.conditions.map((x: { type: string }) => x.type)).toEqual(['FailureTarget']);
    finishDeletions(c);
    expect(job(c, 'flaky').status.conditions.map((x: { type: string }) => x.type)).toEqual(['FailureTarget', 'Failed']);
    expect(podsNamed(c, 'flaky-')).toHaveLength(0);
  });

  it('fails with DeadlineExceeded after activeDeadlineSeconds', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('slow', { activeDeadlineSeconds: 30 }));
    c.settle();
    runPod(c, podsNamed(c, 'slow-')[0]!, 'kind-worker');
    c.advance(29_000);
    expect(job(c, 'slow').status.conditions).toBeUndefined();
    c.advance(1_000);
    // The Pod it stops counts as failed at once, while it still terminates.
    expect(job(c, 'slow').status).toMatchObject({ failed: 1, terminating: 1 });
    finishDeletions(c);
    expect(job(c, 'slow').status.failed).toBe(1);
    expect(job(c, 'slow').status.conditions.at(-1)).toMatchObject({
      type: 'Failed',
      reason: 'DeadlineExceeded',
      message: 'Job was active longer than specified deadline',
    });
    expect(eventLines(c, 'job-controller').at(-1)).toBe('DeadlineExceeded: Job was active longer than specified deadline');
  });

  it('names Indexed pods <job>-<index>-<suffix> and tracks completed indexes', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('idx', { completions: 3, parallelism: 2, completionMode: 'Indexed' }));
    c.settle();
    const pods = podsNamed(c, 'idx-');
    expect(pods.map((p) => p.metadata.labels!['batch.kubernetes.io/job-completion-index']).sort()).toEqual(['0', '1']);
    for (const p of pods) expect(p.metadata.name).toMatch(new RegExp(`^idx-${p.metadata.annotations!['batch.kubernetes.io/job-completion-index']}-[a-z0-9]{5}$`));
    finishPod(c, pods.find((p) => p.metadata.name!.startsWith('idx-1-'))!, 0);
    c.settle();
    expect(job(c, 'idx').status.completedIndexes).toBe('1');
    expect(live(c, 'idx-').map((p) => p.metadata.labels!['batch.kubernetes.io/job-completion-index']).sort()).toEqual(['0', '2']);
  });

  it('deletes a finished Job after ttlSecondsAfterFinished', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('short', { ttlSecondsAfterFinished: 100 }));
    c.settle();
    finishPod(c, podsNamed(c, 'short-')[0]!, 0);
    c.settle();
    c.advance(99_000);
    expect(c.api.tryGet('jobs.batch', 'default', 'short')).toBeDefined();
    c.advance(1_000);
    expect(c.api.tryGet('jobs.batch', 'default', 'short')).toBeUndefined();
  });

  it('rejects restartPolicy Always and changes to the template', () => {
    const c = cluster();
    expect(() => c.api.create('jobs.batch', jobManifest('bad-job', {}, 'Always'))).toThrow(
      'Job.batch "bad-job" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    );
    c.api.create('jobs.batch', jobManifest('hello'));
    expect(() => c.api.modify('jobs.batch', 'default', 'hello', (o) => (o.spec.template.spec.containers[0].image = 'alpine'))).toThrow(
      'spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable',
    );
    expect(job(c, 'hello').spec).toMatchObject({ completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, manualSelector: false, podReplacementPolicy: 'TerminatingOrFailed' });
  });
  it('suspends (deleting active pods) and resumes with a new start time', () => {
    const c = cluster();
    c.api.create('jobs.batch', jobManifest('paused', { suspend: true }));
    c.settle();
    expect(podsNamed(c, 'paused-')).toHaveLength(0);
    expect(job(c, 'paused').status.conditions[0]).toMatchObject({ type: 'Suspended', status: 'True', reason: 'JobSuspended', message: 'Job suspended' });
    expect(job(c, 'paused').status.startTime).toBeUndefined();
    expect(row(c, 'paused')[1]).toBe('Suspended');
    c.advance(5_000);
    c.api.modify('jobs.batch', 'default', 'paused', (o) => (o.spec.suspend = false));
    c.settle();
    expect(live(c, 'paused-')).toHaveLength(1);
    expect(job(c, 'paused').status.conditions[0]).toMatchObject({ type: 'Suspended', status: 'False', reason: 'JobResumed', message: 'Job resumed' });
    expect(job(c, 'paused').status.startTime).toBe('2026-11-30T03:00:05Z');
    expect(eventLines(c, 'job-controller').filter((l) => !l.startsWith('SuccessfulCreate'))).toEqual(['Suspended: Job suspended', 'Resumed: Job resumed']);
  });
});
