import { describe, expect, it } from 'vitest';
import { jsonPatch, JsonPatchError, mergePatch, strategicPatch } from './patch.ts';

const pod = {
  metadata: { name: 'p', labels: { app: 'web', tier: 'fe' }, finalizers: ['a'] },
  spec: {
    containers: [
      { name: 'app', image: 'nginx', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }] },
      { name: 'side', image: 'busybox' },
    ],
    tolerations: [{ key: 'x', operator: 'Exists' }],
  },
};

describe('strategicPatch', () => {
  it('merges maps, deletes on null and merges keyed lists item by item', () => {
    const out = strategicPatch(pod, {
      metadata: { labels: { tier: null, new: 'y' }, finalizers: ['b'] },
      spec: { containers: [{ name: 'app', image: 'nginx:1.27', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }], ports: [{ containerPort: 443 }] }] },
    }) as typeof pod;
    expect(out.metadata.labels).toEqual({ app: 'web', new: 'y' });
    expect(out.metadata.finalizers).toEqual(['a', 'b']);
    expect(out.spec.containers.map((c) => c.name)).toEqual(['app', 'side']);
    expect(out.spec.containers[0]!.image).toBe('nginx:1.27');
    expect(out.spec.containers[0]!.env).toEqual([{ name: 'B', value: '3' }, { name: 'C', value: '4' }, { name: 'A', value: '1' }]);
    expect(out.spec.containers[0]!.ports).toEqual([{ containerPort: 443 }, { containerPort: 80 }]);
    expect(pod.spec.containers[0]!.image).toBe('nginx');
  });

  it('honours $patch directives and replaces unkeyed lists', () => {
    const out = strategicPatch(pod, {
      spec: { containers: [{ name: 'side', $patch: 'delete' }], tolerations: [{ key: 'y', operator: 'Exists' }] },
      metadata: { labels: { $patch: 'replace', only: 'me' }, finalizers: null },
    }) as typeof pod;
    expect(out.spec.containers.map((c) => c.name)).toEqual(['app']);
    expect(out.spec.tolerations).toEqual([{ key: 'y', operator: 'Exists' }]);
    expect(out.metadata.labels).toEqual({ only: 'me' });
    expect('finalizers' in out.metadata).toBe(false);
  });

  it('keys Service ports by port', () => {
    const svc = { spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }, { name: 'https', port: 443 }] } };
    const out = strategicPatch(svc, { spec: { ports: [{ port: 80, targetPort: 9090 }] } }) as typeof svc;
    expect(out.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 9090 }, { name: 'https', port: 443 }]);
  });
});

describe('mergePatch', () => {
  it('replaces lists wholesale and deletes on null', () => {
    const out = mergePatch(pod, { spec: { containers: [{ name: 'only' }] }, metadata: { labels: { app: null } } }) as typeof pod;
    expect(out.spec.containers).toEqual([{ name: 'only' }]);
    expect(out.metadata.labels).toEqual({ tier: 'fe' });
  });
});

describe('jsonPatch', () => {
  it('adds, replaces, removes, moves, copies and tests', () => {
    const out = jsonPatch(pod, [
      { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:2' },
      { op: 'add', path: '/spec/containers/-', value: { name: 'third' } },
      { op: 'remove', path: '/spec/containers/1' },
      { op: 'add', path: '/metadata/labels/a~1b', value: 'x' },
      { op: 'copy', from: '/metadata/name', path: '/metadata/generateName' },
      { op: 'move', from: '/metadata/labels/tier', path: '/metadata/labels/level' },
      { op: 'test', path: '/metadata/labels/level', value: 'fe' },
    ]) as typeof pod & { metadata: { generateName: string } };
    expect(out.spec.containers.map((c) => c.name)).toEqual(['app', 'third']);
    expect(out.spec.containers[0]!.image).toBe('nginx:2');
    expect(out.metadata.labels).toEqual({ app: 'web', 'a/b': 'x', level: 'fe' });
    expect(out.metadata.generateName).toBe('p');
  });

  it('refuses operations that do not apply', () => {
    expect(() => jsonPatch(pod, [{ op: 'remove', path: '/spec/nosuch' }])).toThrow(JsonPatchError);
    expect(() => jsonPatch(pod, [{ op: 'replace', path: '/metadata/nosuch', value: 1 }])).toThrow(JsonPatchError);
    expect(() => jsonPatch(pod, [{ op: 'add', path: '/spec/containers/7', value: {} }])).toThrow(JsonPatchError);
    expect(() => jsonPatch(pod, [{ op: 'test', path: '/metadata/name', value: 'q' }])).toThrow(JsonPatchError);
    expect(() => jsonPatch(pod, { op: 'add' })).toThrow(JsonPatchError);
  });
});
