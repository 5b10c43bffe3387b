import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - image: nginx\n    name: nginx\n';

describe('kubectl set with -f, --local and -o', () => {
  it('changes the object of a file without the server and prints it', async () => {
    const { run, c } = await kindSession({ 'pod.yaml': POD });
    const r = await run('set resources -f pod.yaml --requests=cpu=0.5,memory=1Gi --limits=cpu=1 --local -o yaml');
    expect(r.stdout).toBe(
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - image: nginx\n    name: nginx\n    resources:\n      limits:\n        cpu: "1"\n      requests:\n        cpu: 500m\n        memory: 1Gi\n',
    );
    expect(c.store.get('pods', 'default', 'nginx')).toBeUndefined();
    expect((await run('set image -f pod.yaml nginx=nginx:1.27 --local')).stdout).toBe('pod/nginx image updated\n');
  });

  it('refuses resources named by argument with --local, as kubectl does', async () => {
    const { run } = await kindSession();
    expect((await run('set resources pod nginx --limits=cpu=1 --local')).stderr).toBe(
      "error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n",
    );
  });

  it('set serviceaccount (sa) writes the account into the pod template and says so every time', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.27');
    expect((await run('set sa deploy web robot')).stdout).toBe('deployment.apps/web serviceaccount updated\n');
    expect((await run('set serviceaccount deployment/web robot')).stdout).toBe('deployment.apps/web serviceaccount updated\n');
    expect(c.store.get('deployments.apps', 'default', 'web')!.spec?.template?.spec?.serviceAccountName).toBe('robot');
    expect((await run('set sa')).stderr).toBe('error: serviceaccount is required\n');
  });
});

describe('kubectl label --list', () => {
  it('lists one object bare, several under a header naming Kind.group/name', async () => {
    const { run } = await kindSession();
    await run('run a --image=nginx --labels=app=x,tier=web');
    await run('run b --image=nginx --labels=app=y');
    expect((await run('label pod a --list')).stdout).toBe('app=x\ntier=web\n');
    expect((await run('label pod a b --list')).stdout).toBe('Listing labels for Pod./a:\n app=x\n tier=web\nListing labels for Pod./b:\n app=y\n');
  });
});
