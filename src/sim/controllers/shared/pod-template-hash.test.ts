import { describe, expect, it } from 'vitest';
import { canonicalJson, computePodTemplateHash, fnv32a, safeEncodeString } from './pod-template-hash.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

const template = {
  metadata: { creationTimestamp: null, labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }], restartPolicy: 'Always' },
};

describe('pod-template-hash', () => {
  it('implements FNV-32a (reference vectors)', () => {
    expect(fnv32a(utf8(''))).toBe(0x811c9dc5);
    expect(fnv32a(utf8('a'))).toBe(0xe40c292c);
    expect(fnv32a(utf8('foobar'))).toBe(0xbf9cf968);
  });

  it('encodes decimal digits through the suffix alphabet like rand.SafeEncodeString', () => {
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
  });

  it('serialises canonically: key order does not matter, arrays keep order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: null }] })).toBe('{"a":[2,{"c":null,"d":1}],"b":1}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('is stable, looks like a real hash, and changes with the template or the collision count', () => {
    const h = computePodTemplateHash(template);
    expect(h).toMatch(/^[456789bcdf]{6,10}$/);
    const reordered = { spec: { restartPolicy: 'Always', containers: [{ image: 'nginx:1.25', name: 'nginx' }] }, metadata: template.metadata };
    expect(computePodTemplateHash(reordered)).toBe(h);
    const other = { ...template, spec: { ...template.spec, containers: [{ name: 'nginx', image: 'nginx:1.26' }] } };
    expect(computePodTemplateHash(other)).not.toBe(h);
    expect(computePodTemplateHash(template, 1)).not.toBe(h);
    expect(computePodTemplateHash(template, 1)).toBe(computePodTemplateHash(template, 1));
    expect(computePodTemplateHash(template, 0)).not.toBe(h);
  });

  it('hashes non-ASCII text as UTF-8', () => {
    // FNV-32a over the UTF-8 bytes of the canonical JSON, as TextEncoder gives them.
    const t = { metadata: { labels: { app: 'café-€😀' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    expect(computePodTemplateHash(t)).toBe(safeEncodeString(String(fnv32a(utf8(canonicalJson(t))))));
  });
});
