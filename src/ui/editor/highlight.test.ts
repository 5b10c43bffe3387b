import { describe, expect, it } from 'vitest';
import { highlightJson, highlightYaml, highlighterFor } from './highlight.ts';

/** The text the HTML shows (tags removed, entities decoded). */
const shown = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const MANIFEST = `# a comment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: "web" # quoted
  labels: {app: web}
spec:
  replicas: 3
  template:
    spec:
      containers:
      - name: web
        image: nginx:1.27
        args:
        - --flag=<x> & y
        command: |
          echo hi: there
          # not a comment
      enabled: true
---
kind: List
`;

describe('the editor highlighter', () => {
  it('keeps every character of the text, so the overlay lines up', () => {
    expect(shown(highlightYaml(MANIFEST))).toBe(MANIFEST);
    const json = '{\n    "a": [1, -2.5e3, true, null, "x\\"y"],\n    "b": {}\n}\n';
    expect(shown(highlightJson(json))).toBe(json);
    expect(shown(highlighterFor('run.sh')('a <b> & c'))).toBe('a <b> & c');
  });

  it('marks keys, strings, numbers, comments and indicators', () => {
    const html = highlightYaml(MANIFEST);
    expect(html).toContain('<span class="ce-com"># a comment</span>');
    expect(html).toContain('<span class="ce-key">apiVersion</span><span class="ce-punct">:</span> <span class="ce-str">apps/v1</span>');
    expect(html).toContain('<span class="ce-key">replicas</span><span class="ce-punct">:</span> <span class="ce-num">3</span>');
    expect(html).toContain('<span class="ce-str">"web"</span> <span class="ce-com"># quoted</span>');
    expect(html).toContain('<span class="ce-punct">-</span> <span class="ce-key">name</span>');
    expect(html).toContain('<span class="ce-str">nginx:1.27</span>');
    expect(html).toContain('<span class="ce-doc">---</span>');
    // Lines of a block scalar are text, whatever they look like.
    expect(html).toContain('<span class="ce-str">          echo hi: there</span>');
    expect(html).toContain('<span class="ce-str">          # not a comment</span>');
    expect(html).toContain('<span class="ce-key">enabled</span><span class="ce-punct">:</span> <span class="ce-num">true</span>');
  });

  it('marks JSON keys apart from string values', () => {
    expect(highlightJson('{"kind": "Pod"}')).toBe(
      '<span class="ce-punct">{</span><span class="ce-key">"kind"</span>: <span class="ce-str">"Pod"</span><span class="ce-punct">}</span>',
    );
  });
});
