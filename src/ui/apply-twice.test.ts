/**
 * Keeps lessons from applying one manifest twice (its Apply button and a Run block); see
 * apply-twice.ts. The lessons listed in STILL_TO_REWORD apply some files twice today; their
 * text is being reworded, and each entry must go once its lesson no longer does (the test
 * fails on a stale entry as on a new pair).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedTwice, filesApplied } from './apply-twice.ts';

const ROOT = join(import.meta.dirname, '../../content/lessons');

/** Lesson file (`<lang>/<slug>.mdx`) -> files its text still applies twice. */
const STILL_TO_REWORD: Record<string, string[]> = {
  'en/controllers.mdx': ['hello.yaml'],
  'en/daemonset.mdx': ['sample-daemonset-everywhere.yaml', 'sample-daemonset.yaml', 'ssd-monitor.yaml'],
  'en/deployment.mdx': ['sample-deployment.yaml'],
  'en/job-cronjob.mdx': ['always-job.yaml', 'failing-job.yaml', 'parallel-job.yaml', 'sample-cronjob.yaml', 'sample-job.yaml'],
  'en/lab.mdx': ['lonely.yaml', 'node-agent.yaml'],
  'en/pods.mdx': ['picky.yaml', 'sample-pod.yaml', 'two-containers.yaml'],
  'en/replicaset.mdx': ['sample-replicaset.yaml'],
  'en/scheduling.mdx': ['db-tolerating.yaml', 'db.yaml', 'hungry.yaml', 'nvme-pod.yaml', 'ssd-pod.yaml'],
  'en/statefulset.mdx': ['sample-statefulset-fixed.yaml', 'sample-statefulset-service.yaml', 'sample-statefulset.yaml'],
};

function lessons(): string[] {
  return readdirSync(ROOT, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? readdirSync(join(ROOT, d.name)).filter((f) => f.endsWith('.mdx')).map((f) => `${d.name}/${f}`) : [],
  );
}

describe('filesApplied', () => {
  it('reads every way of naming the file', () => {
    expect(filesApplied('kubectl apply -f pod.yaml')).toEqual(['pod.yaml']);
    expect(filesApplied('kubectl apply -f=./pod.yaml')).toEqual(['pod.yaml']);
    expect(filesApplied('k create --filename pod.yaml')).toEqual(['pod.yaml']);
    expect(filesApplied('kubectl apply --filename=a.yaml -f b.yaml')).toEqual(['a.yaml', 'b.yaml']);
    expect(filesApplied('kubectl get pods && kubectl apply -f web.yaml')).toEqual(['web.yaml']);
    expect(filesApplied('kubectl delete -f pod.yaml')).toEqual([]);
    expect(filesApplied('cat pod.yaml | kubectl apply -f -')).toEqual([]);
  });
});

describe('appliedTwice', () => {
  it('finds a Run block applying a file that has an Apply button', () => {
    const src = [
      '```yaml file=pod.yaml',
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: web',
      '```',
      '',
      '```bash',
      'kubectl apply -f pod.yaml',
      '```',
      '',
      '```bash norun',
      'kubectl apply -f pod.yaml',
      '```',
    ].join('\n');
    expect(appliedTwice(src)).toEqual([{ file: 'pod.yaml', command: 'kubectl apply -f pod.yaml' }]);
  });

  it('accepts a manifest without an Apply button that a Run block applies', () => {
    const src = '```yaml file=pod.yaml norun\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n```\n\n```bash\nkubectl apply -f pod.yaml\n```\n';
    expect(appliedTwice(src)).toEqual([]);
  });
});

describe('lessons', () => {
  const found: Record<string, string[]> = {};
  for (const lesson of lessons()) {
    const pairs = appliedTwice(readFileSync(join(ROOT, lesson), 'utf8'));
    if (pairs.length) found[lesson] = [...new Set(pairs.map((p) => p.file))].sort();
  }

  it('apply no manifest both by its Apply button and by a Run block', () => {
    const report = Object.entries(found)
      .map(([l, files]) => `${l}: ${files.join(', ')}`)
      .join('\n');
    expect(found, `lessons applying a file twice (Apply button and a Run block):\n${report}`).toEqual(STILL_TO_REWORD);
  });
});
