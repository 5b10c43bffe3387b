import { describe, expect, it } from 'vitest';
import { kindSession } from '../testing.ts';
import recordings from './kubectl-1.32-kustomize-recordings.json';

// Outputs recorded with `kubectl kustomize DIR` (kubectl 1.32, kustomize v5.5.0) on the same files.
const WARNING = "# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.\n";

describe('kubectl kustomize', () => {
  it('builds resources, generators with their hash, prefix, namespace, commonLabels, images, replicas', async () => {
    const { run } = await kindSession(recordings.k1.files);
    expect(await run('kustomize .')).toEqual({ stdout: recordings.k1.stdout, stderr: WARNING, code: 0 });
  });

  it('builds an overlay over a base: files and env generators, suffix, annotations, labels, patches', async () => {
    const { run } = await kindSession(recordings.k3.files);
    expect(await run(`kustomize ${recordings.k3.dir}`)).toEqual({ stdout: recordings.k3.stdout, stderr: '', code: 0 });
  });

  it('applies a kustomization with apply -k', async () => {
    const { run } = await kindSession(recordings.k1.files);
    await run('create namespace demo');
    expect(await run('apply -k .')).toEqual({
      stdout: 'configmap/dev-web-config-m6ggck28tf created\nsecret/dev-web-secret-bg62t2ch92 created\ndeployment.apps/dev-web created\n',
      stderr: WARNING,
      code: 0,
    });
    expect((await run('get deploy dev-web -n demo -o jsonpath={.spec.replicas}')).stdout).toBe('3');
  });

  it('reports kustomization errors as kustomize does', async () => {
    const { run } = await kindSession({
      'empty/x.yaml': 'a: b\n',
      'bad/kustomization.yaml': 'resourcez:\n- a.yaml\n',
      'c1/kustomization.yaml': 'resources:\n- ../c2\n',
      'c2/kustomization.yaml': 'resources:\n- ../c1\n',
      'miss/kustomization.yaml': 'resources:\n- nope.yaml\n',
    });
    const err = async (line: string) => (await run(line)).stderr;
    expect(await err('kustomize empty')).toBe(
      "error: unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '/home/learner/empty'\n",
    );
    expect(await err('kustomize bad')).toBe('error: invalid Kustomization: json: unknown field "resourcez"\n');
    expect(await err('kustomize c1')).toBe(
      "error: accumulating resources: accumulation err='accumulating resources from '../c2': '/home/learner/c2' must resolve to a file': recursed accumulation of path '/home/learner/c2': accumulating resources: accumulation err='accumulating resources from '../c1': '/home/learner/c1' must resolve to a file': cycle detected: candidate root '/home/learner/c1' contains visited root '/home/learner/c1'\n",
    );
    expect(await err('kustomize miss')).toBe(
      "error: accumulating resources: accumulation err='accumulating resources from 'nope.yaml': evalsymlink failure on '/home/learner/miss/nope.yaml' : lstat /home/learner/miss/nope.yaml: no such file or directory': must build at directory: not a valid directory: evalsymlink failure on '/home/learner/miss/nope.yaml' : lstat /home/learner/miss/nope.yaml: no such file or directory\n",
    );
    expect(await err('apply -k bad')).toBe('error: invalid Kustomization: json: unknown field "resourcez"\n');
  });
});
