import { describe, expect, it } from 'vitest';
import { extractLesson, LessonSyntaxError } from './extract.ts';

const LESSON = `---
title: Pods
order: 1
exercises: [pods/web]
---
import Terminal from '../../../src/components/Terminal.astro';

Some prose.

\`\`\`yaml norun
# file: sample-pod.yaml
apiVersion: v1
kind: Pod
\`\`\`

\`\`\`bash
kubectl apply -f sample-pod.yaml
\`\`\`

\`\`\`text
pod/sample-pod created
\`\`\`

Prose between.

\`\`\`text
not an output: prose came first
\`\`\`

{/* expect-error */}
\`\`\`bash
kubectl get pod nosuch
\`\`\`

\`\`\`yaml
kind: Illustration
\`\`\`

<Exercise id="pods/web" />
`;

describe('extractLesson', () => {
  it('reads frontmatter, files, commands, outputs and markers in order', () => {
    const l = extractLesson(LESSON);
    expect(l.frontmatter).toEqual({ title: 'Pods', order: 1, exercises: ['pods/web'] });
    expect(l.steps).toEqual([
      { kind: 'file', name: 'sample-pod.yaml', content: '# file: sample-pod.yaml\napiVersion: v1\nkind: Pod\n', line: 10 },
      {
        kind: 'commands',
        commands: ['kubectl apply -f sample-pod.yaml'],
        expectError: false,
        output: { text: 'pod/sample-pod created', line: 20 },
        line: 16,
      },
      { kind: 'commands', commands: ['kubectl get pod nosuch'], expectError: true, line: 31 },
    ]);
    expect(l.files).toEqual({ 'sample-pod.yaml': '# file: sample-pod.yaml\napiVersion: v1\nkind: Pod\n' });
    expect(l.exerciseIds).toEqual(['pods/web']);
  });

  it('runs a manifest with an Apply button as the reader would press it, the output after it being its output', () => {
    const l = extractLesson('```yaml file=web.yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n```\n\n```text\npod/web created\n```\n\n{/* expect-error */}\n```yaml file=bad.yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  name: bad\n```\n');
    expect(l.steps.filter((s) => s.kind === 'commands')).toEqual([
      { kind: 'commands', commands: ['kubectl apply -f web.yaml'], expectError: false, output: { text: 'pod/web created', line: 8 }, line: 1 },
      { kind: 'commands', commands: ['kubectl apply -f bad.yaml'], expectError: true, line: 13 },
    ]);
  });

  it('keeps an output block verbatim, including blank lines and trailing spaces', () => {
    const l = extractLesson('```bash\nkubectl describe pod x\n```\n\n```text\nA\n\n  Ready   True \n```\n');
    const step = l.steps[0];
    expect(step?.kind === 'commands' && step.output?.text).toBe('A\n\n  Ready   True ');
  });

  it('strips the indentation of blocks nested in JSX', () => {
    const l = extractLesson('<details>\n  ```bash\n  kubectl get pods\n  ```\n</details>\n');
    expect(l.steps).toEqual([{ kind: 'commands', commands: ['kubectl get pods'], expectError: false, line: 2 }]);
  });

  it('does not take a text block after prose as output', () => {
    const l = extractLesson('```bash\nkubectl get pods\n```\nSee:\n```text\nx\n```\n');
    expect(l.steps).toEqual([{ kind: 'commands', commands: ['kubectl get pods'], expectError: false, line: 1 }]);
  });

  it('rejects a marker that is not followed by a bash block', () => {
    expect(() => extractLesson('{/* expect-error */}\n\nprose\n```bash\nx\n```\n')).toThrow(LessonSyntaxError);
    expect(() => extractLesson('{/* expect-error */}\n```yaml\nx: 1\n```\n')).toThrow(/line 1: expect-error/);
    expect(() => extractLesson('text\n{/* expect-error */}\n')).toThrow(LessonSyntaxError);
  });

  it('rejects an unclosed block, a file defined twice and broken frontmatter', () => {
    expect(() => extractLesson('```bash\nkubectl get pods\n')).toThrow(/line 1: code block is not closed/);
    const twice = '```yaml\n# file: a.yaml\nx: 1\n```\n```yaml\n# file: a.yaml\nx: 2\n```\n';
    expect(() => extractLesson(twice)).toThrow(/"a.yaml" is defined twice/);
    expect(() => extractLesson('---\ntitle: [\n---\n')).toThrow(/frontmatter is not valid YAML/);
    expect(() => extractLesson('---\ntitle: x\n')).toThrow(/not closed/);
  });

  it('takes the file name from file= or a # file: line, and rejects a disagreement', () => {
    const l = extractLesson('```yaml file=a.yaml\nkind: Pod\n```\n```yaml file=b.yaml\n# file: b.yaml\nkind: Pod\n```\n');
    expect(l.files).toEqual({ 'a.yaml': 'kind: Pod\n', 'b.yaml': '# file: b.yaml\nkind: Pod\n' });
    expect(() => extractLesson('```yaml file=a.yaml\n# file: b.yaml\n```\n')).toThrow(/disagrees/);
  });

  it('splits commands as the Run button does, heredocs and continuations included', () => {
    const l = extractLesson('```bash\nkubectl apply -f - <<EOF\nkind: Pod\nEOF\nkubectl run web \\\n  --image=nginx\n# comment\n\nk get po\n```\n');
    const step = l.steps[0];
    expect(step?.kind === 'commands' && step.commands).toEqual([
      'kubectl apply -f - <<EOF\nkind: Pod\nEOF',
      'kubectl run web \\\n  --image=nginx',
      'k get po',
    ]);
  });

  it('skips norun blocks together with their output, and treats sh and console blocks as commands', () => {
    const l = extractLesson('```bash norun\nkubectl logs -f x\n```\n```text\nlines\n```\n```sh\nls\n```\n');
    expect(l.steps).toEqual([{ kind: 'commands', commands: ['ls'], expectError: false, line: 7 }]);
    expect(() => extractLesson('{/* expect-error */}\n```bash norun\nx\n```\n')).toThrow(/expect-error/);
  });

  it('closes a fence only with a marker at least as long as the opening one', () => {
    const l = extractLesson('````bash\ncat <<EOF\n```\nEOF\nkubectl get pods\n````\n');
    const step = l.steps[0];
    expect(step?.kind === 'commands' && step.commands).toEqual(['cat <<EOF\n```\nEOF', 'kubectl get pods']);
  });
});

