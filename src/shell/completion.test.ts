import { describe, expect, it } from 'vitest';
import { complete, currentWords, type CompletionSource } from './completion.ts';
import { createMemoryFS } from './fs.ts';

const src: CompletionSource = {
  commands: () => ['kubectl', 'k', 'cat', 'cd', 'clear', 'cluster'],
  fs: createMemoryFS({ 'pod.yaml': '', 'pods/': '', 'manifests/web.yaml': '', 'manifests/db.yaml': '', 'my file.txt': '' }),
  cwd: '/home/learner',
  env: { HOME: '/home/learner', KUBE_NS: 'x' },
  kubectl: (args) => {
    const last = args[args.length - 1]!;
    if (args.length === 1) return ['get', 'describe'].filter((w) => w.startsWith(last));
    return ['pods', 'pod/web', 'poddisruptionbudgets'];
  },
};

describe('currentWords', () => {
  it('finds the partial word and the words before it in the current command', () => {
    expect(currentWords('echo a | kubectl get po')).toEqual({ before: ['kubectl', 'get'], partial: 'po', start: 21 });
    expect(currentWords('X=1 cat "my f')).toEqual({ before: ['cat'], partial: 'my f', start: 8 });
    expect(currentWords('ls ')).toEqual({ before: ['ls'], partial: '', start: 3 });
  });
});

describe('complete', () => {
  it('completes a unique command with a space', () => {
    expect(complete('kub', 3, src)).toMatchObject({ start: 0, replacement: 'kubectl ' });
  });
  it('extends to the common prefix, then lists', () => {
    expect(complete('cl', 2, src)).toEqual({ start: expect.any(Number), candidates: ['clear', 'cluster'] });
    expect(complete('c', 1, src)).toEqual({ start: expect.any(Number), candidates: ['cat', 'cd', 'clear', 'cluster'] });
  });
  it('completes files and directories', () => {
    expect(complete('cat manifests/w', 15, src)).toMatchObject({ start: 4, replacement: 'manifests/web.yaml ' });
    expect(complete('cat man', 7, src)).toMatchObject({ replacement: 'manifests/' });
    expect(complete('cat manifests/', 14, src)).toMatchObject({ candidates: ['db.yaml', 'web.yaml'] });
    expect(complete('cat my', 6, src)).toMatchObject({ replacement: 'my\\ file.txt ' });
  });
  it('asks kubectl for kubectl and k arguments and filters by the partial word', () => {
    expect(complete('k g', 3, src)).toMatchObject({ replacement: 'get ' });
    expect(complete('kubectl get pod', 15, src)).toEqual({ start: expect.any(Number), candidates: ['pod/web', 'poddisruptionbudgets', 'pods'] });
    expect(complete('kubectl get pods', 16, src)).toMatchObject({ replacement: 'pods ' });
  });
  it('completes variable names', () => {
    expect(complete('echo $KU', 8, src)).toMatchObject({ replacement: '\\$KUBE_NS ' });
  });
  it('offers nothing when nothing matches', () => {
    expect(complete('zz', 2, src)).toEqual({ start: 0, candidates: [] });
  });
});
