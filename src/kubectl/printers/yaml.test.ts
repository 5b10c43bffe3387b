import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml.ts';

describe('toYaml (kubectl / yaml.v2 style)', () => {
  it('sorts keys, indents maps by two and leaves sequences unindented', () => {
    expect(toYaml({ spec: { containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }] }] }, kind: 'Pod', apiVersion: 'v1' })).toBe(
      'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: nginx\n    name: web\n    ports:\n    - containerPort: 80\n',
    );
  });

  it('quotes only strings yaml.v2 would not read back as strings', () => {
    expect(toYaml({ a: 'true', b: '1', c: '', d: '2026-11-30T03:00:45Z', e: 'plain text', f: '*/5 * * * *', g: 'a: b', h: 'x\ty', i: '0.5', j: 'yes', k: null, l: '-', m: 'web-7b84c5f95f' })).toBe(
      'a: "true"\nb: "1"\nc: ""\nd: "2026-11-30T03:00:45Z"\ne: plain text\nf: \'*/5 * * * *\'\ng: \'a: b\'\nh: "x\\ty"\ni: "0.5"\nj: "yes"\nk: null\nl: \'-\'\nm: web-7b84c5f95f\n',
    );
  });

  it('uses literal blocks for multi-line strings and {} / [] for empty collections', () => {
    expect(toYaml({ a: 'line1\nline2\n', b: 'x\ny', c: {}, d: [], e: [[1, 2]] })).toBe('a: |\n  line1\n  line2\nb: |-\n  x\n  y\nc: {}\nd: []\ne:\n- - 1\n  - 2\n');
  });

  it('folds long plain strings past column 80 like the Go emitter', () => {
    const msg = 'Successfully assigned default/web-7b84c5f95f-twpr6 to kind-worker2 after a while of waiting for it';
    expect(toYaml({ message: msg })).toBe(
      'message: Successfully assigned default/web-7b84c5f95f-twpr6 to kind-worker2 after\n  a while of waiting for it\n',
    );
  });
});
