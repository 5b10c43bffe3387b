import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
spec:
  replicas: 2
  selector:
    matchLabels: {app: app}
  template:
    metadata:
      labels: {app: app}
    spec:
      containers:
      - name: app
        image: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: app
spec:
  selector: {app: app}
  ports:
  - port: 80
`;

describe('kubectl replace', () => {
  it('replaces live objects with the manifest', async () => {
    const { c, run } = await kindSession({ 'app.yaml': APP });
    expect(await run('replace -f app.yaml')).toEqual({
      stdout: '',
      stderr:
        'Error from server (NotFound): error when replacing "app.yaml": deployments.apps "app" not found\nError from server (NotFound): error when replacing "app.yaml": services "app" not found\n',
      code: 1,
    });
    await run('apply -f app.yaml');
    await run('scale deployment app --replicas=5');
    const uid = c.api.get('deployments.apps', 'default', 'app').metadata.uid;
    expect(await run('replace -f app.yaml')).toEqual({ stdout: 'deployment.apps/app replaced\nservice/app replaced\n', stderr: '', code: 0 });
    const d = c.api.get('deployments.apps', 'default', 'app');
    expect(d.spec.replicas).toBe(2);
    expect(d.metadata.uid).toBe(uid);
  });

  it('deletes and recreates with --force', async () => {
    const { c, run } = await kindSession({ 'app.yaml': APP });
    await run('apply -f app.yaml');
    const uid = c.api.get('deployments.apps', 'default', 'app').metadata.uid;
    expect(await run('replace --force -f app.yaml')).toEqual({ stdout: 'deployment.apps/app replaced\nservice/app replaced\n', stderr: '', code: 0 });
    expect(c.api.get('deployments.apps', 'default', 'app').metadata.uid).not.toBe(uid);
    expect(c.api.get('services', 'default', 'app').spec.ports[0].port).toBe(80);
  });

  it('needs a file', async () => {
    const { run } = await kindSession();
    expect(await run('replace')).toEqual({ stdout: '', stderr: 'error: must specify one of -f and -k\n', code: 1 });
    expect((await run('replace -f nope.yaml')).stderr).toBe('error: the path "nope.yaml" does not exist\n');
  });
});
