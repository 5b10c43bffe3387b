import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';
import { containerNameFor } from './workloads.ts';

describe('kubectl create deployment | job | cronjob', () => {
  it('prints the generated Deployment exactly as kubectl does', async () => {
    const { run } = await kindSession();
    expect(await run('create deployment web --image=registry.k8s.io/nginx-slim:0.24 --replicas=3 --port=80 --dry-run=client -o yaml -- sleep 10')).toEqual({
      stdout:
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: web\n  name: web\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: web\n  strategy: {}\n  template:\n    metadata:\n      creationTimestamp: null\n      labels:\n        app: web\n    spec:\n      containers:\n      - command:\n        - sleep\n        - "10"\n        image: registry.k8s.io/nginx-slim:0.24\n        name: nginx-slim\n        ports:\n        - containerPort: 80\n        resources: {}\nstatus: {}\n',
      stderr: '',
      code: 0,
    });
    const two = (await run('create deployment web --image=busybox --image=nginx -n dev --dry-run=client -o yaml')).stdout;
    expect(two).toContain('  name: web\n  namespace: dev\nspec:\n  replicas: 1\n');
    expect(two).toContain('      containers:\n      - image: busybox\n        name: busybox\n        resources: {}\n      - image: nginx\n        name: nginx\n        resources: {}\n');
    expect((await run('create deploy web --image=nginx --dry-run=client')).stdout).toBe('deployment.apps/web created (dry run)\n');
  });

  it('derives container names from images like kubectl', () => {
    expect(containerNameFor('nginx:1.25', () => 'x')).toBe('nginx');
    expect(containerNameFor('docker.io/library/redis@sha256:abc', () => 'x')).toBe('redis');
    expect(containerNameFor('foo/my_img.x:1', () => 'b2c4d')).toBe('my-img-x-b2c4d');
  });

  it('creates a Deployment the controllers roll out, and reports create errors', async () => {
    const { run, c } = await kindSession();
    expect(await run('create deployment web --image=nginx:1.25 --replicas=3')).toEqual({ stdout: 'deployment.apps/web created\n', stderr: '', code: 0 });
    c.advance(10_000);
    expect((await run('get deploy web')).stdout).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           10s\n');
    expect(await run('create deployment web --image=nginx')).toEqual({
      stdout: '',
      stderr: 'error: failed to create deployment: deployments.apps "web" already exists\n',
      code: 1,
    });
    expect((await run('create deployment My-App --image=nginx')).stderr).toMatch(
      /^error: failed to create deployment: Deployment.apps "My-App" is invalid: metadata.name: Invalid value: "My-App": a lowercase RFC 1123 subdomain/,
    );
  });

  it('creates Jobs, from images or from a CronJob', async () => {
    const { run, c } = await kindSession();
    expect((await run('create job hello --image=busybox --dry-run=client -o yaml -- echo hi')).stdout).toBe(
      'apiVersion: batch/v1\nkind: Job\nmetadata:\n  creationTimestamp: null\n  name: hello\nspec:\n  template:\n    metadata:\n      creationTimestamp: null\n    spec:\n      containers:\n      - command:\n        - echo\n        - hi\n        image: busybox\n        name: hello\n        resources: {}\n      restartPolicy: Never\nstatus: {}\n',
    );
    expect((await run("create cronjob ticker --image=busybox --schedule='*/1 * * * *' -- date")).stdout).toBe('cronjob.batch/ticker created\n');
    expect((await run('create job manual-run --from=cronjob/ticker')).stdout).toBe('job.batch/manual-run created\n');
    const job = c.api.get('jobs.batch', 'default', 'manual-run');
    expect(job.metadata.annotations).toEqual({ 'cronjob.kubernetes.io/instantiate': 'manual' });
    expect(job.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'CronJob', name: 'ticker', controller: true });
    expect(job.spec.template.spec.containers[0].command).toEqual(['date']);
    expect((await run('create job x --from=cronjob/nosuch')).stderr).toBe('Error from server (NotFound): cronjobs.batch "nosuch" not found\n');
  });

  it('prints the generated CronJob exactly as kubectl does', async () => {
    const { run } = await kindSession();
    expect((await run('create cronjob t2 --image=busybox --schedule=@hourly --restart=Never --dry-run=client -o yaml')).stdout).toBe(
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  creationTimestamp: null\n  name: t2\nspec:\n  jobTemplate:\n    metadata:\n      creationTimestamp: null\n      name: t2\n    spec:\n      template:\n        metadata:\n          creationTimestamp: null\n        spec:\n          containers:\n          - image: busybox\n            name: t2\n            resources: {}\n          restartPolicy: Never\n  schedule: '@hourly'\nstatus: {}\n",
    );
  });

  it('reports usage errors like kubectl', async () => {
    const { run } = await kindSession();
    expect(await run('create deployment web')).toEqual({ stdout: '', stderr: 'error: required flag(s) "image" not set\n', code: 1 });
    expect((await run('create deployment a b --image=nginx')).stderr).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create deployment -h' for help and examples\n");
    expect((await run('create job')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create job -h' for help and examples\n");
    expect((await run('create job x')).stderr).toBe('error: either --image or --from must be specified\n');
    expect((await run('create job x --image=a --from=cronjob/b')).stderr).toBe('error: either --image or --from must be specified\n');
    expect((await run('create job x --from=cronjob/b -- echo')).stderr).toBe('error: cannot specify --from and command\n');
    expect((await run('create cronjob x')).stderr).toBe('error: required flag(s) "image", "schedule" not set\n');
    expect((await run('create cronjob x --image=busybox')).stderr).toBe('error: required flag(s) "schedule" not set\n');
  });
});
