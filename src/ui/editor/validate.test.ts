import { beforeAll, describe, expect, it } from 'vitest';
import { checkManifest, isManifestPath, loadChecker } from './validate.ts';

beforeAll(() => loadChecker());

describe("the editor's manifest check", () => {
  it('says what kubectl apply -f would say about a file that does not parse', () => {
    expect(checkManifest('/home/learner/pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: y\n')).toEqual({
      ok: false,
      message: 'error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
      line: 5,
    });
    // As kubectl 1.32 words them (checked with the real client): the ':' on line 2, and no line on line 1.
    expect(checkManifest('pod.yaml', 'a: 1\n  b: 2\n')).toMatchObject({
      message: 'error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context',
    });
    expect(checkManifest('pod.yaml', 'a: b: c\n')).toMatchObject({
      message: 'error: error parsing pod.yaml: error converting YAML to JSON: yaml: mapping values are not allowed in this context',
    });
    expect(checkManifest('pod.yaml', 'a:\n  b: c: d\n')).toMatchObject({
      message: 'error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context',
    });
    expect(checkManifest('pod.yaml', 'a: 1\n\tb: 2\n')).toMatchObject({
      ok: false,
      message: 'error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 2: found character that cannot start any token',
    });
  });

  it('counts the documents of a file that parses; lines are only given for single documents', () => {
    expect(checkManifest('a.yaml', 'a: 1\n---\nb: 2\n')).toEqual({ ok: true, documents: 2 });
    const multi = checkManifest('a.yaml', 'a: 1\n---\nb: [\n');
    expect(multi.ok).toBe(false);
    expect('line' in multi).toBe(false);
    expect(isManifestPath('/tmp/kubectl-edit-abcde.json')).toBe(true);
    expect(isManifestPath('run.sh')).toBe(false);
  });
});
