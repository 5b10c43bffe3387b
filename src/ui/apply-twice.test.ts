/**
 * Keeps lessons from applying one manifest twice (its Apply button and a Run block); see
 * apply-twice.ts. A manifest the text applies with a Run block is marked `norun`, so it has no
 * Apply button of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedTwice, filesApplied } from './apply-twice.ts';

const ROOT = join(import.meta.dirname, '../../content/lessons');

/** Lesson file (`<lang>/<slug>.mdx`) -> files its text still applies twice (none: keep it so). */
const STILL_TO_REWORD: Record<string, string[]> = {};

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
