import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const DEPLOY = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;

describe('kubectl apply view-last-applied / set-last-applied / edit-last-applied', () => {
  it('shows the annotation as YAML or indented JSON', async () => {
    const { run } = await kindSession({ 'd.yaml': DEPLOY(2) });
    await run('apply -f d.yaml');
    expect((await run('apply view-last-applied deploy/web')).stdout).toBe(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations: {}\n  name: web\n  namespace: default\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n' +
        '  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - image: nginx:1.27\n        name: web\n',
    );
    expect((await run('apply view-last-applied -f d.yaml -o json')).stdout).toMatch(/^\{\n  "apiVersion": "apps\/v1",\n  "kind": "Deployment",\n  "metadata": \{\n    "annotations": \{\},\n/);
    expect((await run('apply view-last-applied deploy/web -o wide')).stderr).toBe(
      "error: Unexpected -o output mode: wide, the flag 'output' must be one of yaml|json\nSee 'kubectl apply view-last-applied -h' for help and examples\n",
    );
    await run('create configmap c');
    expect((await run('apply view-last-applied cm c')).stderr).toBe('error: no last-applied-configuration annotation found on resource: c\n');
  });

  it('sets the annotation from a file without changing the object', async () => {
    const { run, fs } = await kindSession({ 'd.yaml': DEPLOY(2) });
    await run('apply -f d.yaml');
    fs.write('/home/learner/d.yaml', DEPLOY(3));
    expect(await run('apply set-last-applied -f d.yaml')).toEqual({ stdout: 'deployment.apps/web configured\n', stderr: '', code: 0 });
    expect((await run('apply set-last-applied -f d.yaml')).stdout).toBe('set-last-applied web: no changes required.\n');
    expect((await run('get deploy web -o jsonpath={.spec.replicas}')).stdout).toBe('2');
    expect((await run('apply view-last-applied deploy/web')).stdout).toContain('  replicas: 3\n');
    // Applying the same file now finds nothing new to remove, and scales to 3.
    expect((await run('apply -f d.yaml')).stdout).toBe('deployment.apps/web configured\n');
  });

  it('needs the annotation unless asked to create it', async () => {
    const { run } = await kindSession({ 'd.yaml': DEPLOY(2) });
    await run('create -f d.yaml');
    expect((await run('apply set-last-applied -f d.yaml')).stderr).toBe(
      'error: no last-applied-configuration annotation found on resource: web, to create the annotation, run the command with --create-annotation\n',
    );
    expect((await run('apply set-last-applied -f d.yaml --create-annotation')).stdout).toBe('deployment.apps/web configured\n');
    expect((await run('apply view-last-applied deploy/web')).stdout).toContain('  replicas: 2\n');
  });

  it('edits the annotation in the editor', async () => {
    const { run } = await kindSession({ 'd.yaml': DEPLOY(2) });
    await run('apply -f d.yaml');
    const edit = async (r: { text: string }) => r.text.replace('replicas: 2', 'replicas: 5');
    expect(await run('apply edit-last-applied deploy/web', { edit })).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', code: 0 });
    expect((await run('apply view-last-applied deploy/web')).stdout).toContain('  replicas: 5\n');
    expect((await run('apply edit-last-applied deploy/web', { edit: async (r) => r.text })).stderr).toBe('Edit cancelled, no changes made.\n');
    expect((await run('apply edit-last-applied deploy/web')).stderr).toBe('error: unable to launch the editor "vi"\n');
  });
});
