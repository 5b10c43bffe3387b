import { describe, expect, it } from 'vitest';
import { declaredFiles, exerciseIdsIn, fencedBlocks, htmlToText, parseMeta, seedFrom, splitCommands } from './code-meta.ts';
import { manifestFileName } from './manifest-name.ts';

describe('parseMeta', () => {
  it('reads key=value pairs, quoted values and bare flags', () => {
    expect(parseMeta('file=pod.yaml title="A pod" norun')).toEqual({ file: 'pod.yaml', title: 'A pod', norun: true });
    expect(parseMeta(undefined)).toEqual({});
  });
});

describe('splitCommands', () => {
  it('takes every non-comment line when there are no prompts', () => {
    expect(splitCommands('# list\nkubectl get pods\n\nkubectl get nodes\n')).toEqual(['kubectl get pods', 'kubectl get nodes']);
  });
  it('takes only prompted lines when the block shows output', () => {
    expect(splitCommands('$ kubectl get pods\nNAME   READY\nweb    1/1\n$ k get no')).toEqual(['kubectl get pods', 'k get no']);
  });
  it('keeps backslash continuations and heredocs in one command', () => {
    const code = "kubectl run web \\\n  --image=nginx\ncat <<'EOF' > pod.yaml\nkind: Pod\nEOF\nkubectl apply -f pod.yaml";
    expect(splitCommands(code)).toEqual([
      'kubectl run web \\\n  --image=nginx',
      "cat <<'EOF' > pod.yaml\nkind: Pod\nEOF",
      'kubectl apply -f pod.yaml',
    ]);
  });
});

describe('htmlToText', () => {
  it('strips tags and decodes entities', () => {
    expect(htmlToText('<span class="line"><span>a &lt;b&gt; &amp; &#39;c&#x27;</span></span>')).toBe("a <b> & 'c'");
  });
});

describe('lesson source scanning', () => {
  const src = [
    '---',
    'title: x',
    '---',
    '```yaml file=pod.yaml',
    'kind: Pod',
    '```',
    '```yaml',
    'kind: Service',
    '```',
    '<Exercise id="pods/first-pod" />',
    "<Exercise id='pods/logs' />",
  ].join('\n');
  it('finds fenced blocks with their language and meta', () => {
    expect(fencedBlocks(src).map((b) => [b.lang, b.meta])).toEqual([
      ['yaml', 'file=pod.yaml'],
      ['yaml', ''],
    ]);
  });
  it('collects declared files and exercise ids', () => {
    expect(declaredFiles(src)).toEqual({ 'pod.yaml': 'kind: Pod\n' });
    expect(exerciseIdsIn(src)).toEqual(['pods/first-pod', 'pods/logs']);
  });
});

describe('manifestFileName', () => {
  it('names a manifest after its first object, or uses the file option', () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: sample-pod\n';
    expect(manifestFileName(pod)).toBe('sample-pod.yaml');
    expect(manifestFileName(pod, 'my.yaml')).toBe('my.yaml');
    expect(manifestFileName('apiVersion: v1\nkind: List\n')).toBe('list.yaml');
  });
  it('rejects YAML that is not a manifest', () => {
    expect(manifestFileName('replicas: 3\n')).toBeUndefined();
    expect(manifestFileName(': : :\n  - [')).toBeUndefined();
  });
});

describe('seedFrom', () => {
  it('is stable and differs between lessons', () => {
    expect(seedFrom('en/01-pods')).toBe(seedFrom('en/01-pods'));
    expect(seedFrom('en/01-pods')).not.toBe(seedFrom('en/02-replicasets'));
    expect(seedFrom('x')).toBeGreaterThan(0);
  });
});
