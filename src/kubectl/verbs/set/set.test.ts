import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n";

describe('kubectl set image', () => {
  it('updates container images on workloads and pods', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25');
    await run('run solo --image=nginx:1.25');
    expect(await run('set image deployment/web nginx=nginx:1.26')).toEqual({ stdout: 'deployment.apps/web image updated\n', stderr: '', code: 0 });
    expect(c.api.get('deployments.apps', 'default', 'web').spec.template.spec.containers[0].image).toBe('nginx:1.26');
    // The same image again is an empty patch: kubectl prints nothing.
    expect(await run('set image deployment/web nginx=nginx:1.26')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('set image pod/solo *=nginx:1.27')).stdout).toBe('pod/solo image updated\n');
    expect((await run('set image deployment web nginx=nginx:1.27 --dry-run=client')).stdout).toBe('deployment.apps/web image updated (dry run)\n');
    expect(c.api.get('deployments.apps', 'default', 'web').spec.template.spec.containers[0].image).toBe('nginx:1.26');
  });

  it('reports errors like kubectl', async () => {
    const { run } = await kindSession();
    await run('create deployment web --image=nginx:1.25');
    expect(await run('set image deployment/web nosuchcontainer=nginx')).toEqual({
      stdout: '',
      stderr: 'error: unable to find container named "nosuchcontainer"\n',
      code: 1,
    });
    expect((await run('set image')).stderr).toBe(NO_RESOURCES);
    expect((await run('set image deployment/web')).stderr).toBe('error: at least one image update is required\n');
    expect((await run('set image deployment/web nginx')).stderr).toBe(
      "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'\n",
    );
    expect((await run('set image deployment/nosuch nginx=x')).stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect(await run('set foo')).toEqual({ stdout: '', stderr: 'error: unknown command "foo"\nSee \'kubectl set -h\' for help and examples\n', code: 1 });
    const help = await run('set');
    expect([help.stdout, help.stderr.split('\n')[0], help.code]).toEqual(['', 'Configure application resources.', 1]);
  });
});

describe('kubectl set env', () => {
  it('sets, lists and removes variables', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25');
    expect(await run('set env deployment/web MODE=prod LOG=debug')).toEqual({ stdout: 'deployment.apps/web env updated\n', stderr: '', code: 0 });
    expect((await run('set env deployment/web MODE=prod')).stdout).toBe('');
    expect(await run('set env deployment/web --list')).toEqual({ stdout: '# Deployment web, container nginx\nMODE=prod\nLOG=debug\n', stderr: '', code: 0 });
    expect(await run('set env deployment/web MODE=dev --overwrite=false')).toEqual({
      stdout: '',
      stderr: "error: 'MODE' already has a value (prod), and --overwrite is false\n",
      code: 1,
    });
    expect((await run('set env deployment/web LOG-')).stdout).toBe('deployment.apps/web env updated\n');
    expect(c.api.get('deployments.apps', 'default', 'web').spec.template.spec.containers[0].env).toEqual([{ name: 'MODE', value: 'prod' }]);
    await run('create configmap app --from-literal=db.host=db --from-literal=PORT=5432');
    expect((await run('set env deployment/web --from=configmap/app --prefix=APP_')).stdout).toBe('deployment.apps/web env updated\n');
    expect((await run('set env deployment/web --list')).stdout).toBe(
      '# Deployment web, container nginx\nMODE=prod\n# APP_PORT from configmap app, key PORT\n# APP_DB_HOST from configmap app, key db.host\n',
    );
    expect((await run('set env deployment/web X=1 -c nosuch')).stderr).toBe('warning: Deployment/web does not have any containers matching "nosuch"\n');
  });

  it('reports errors like kubectl', async () => {
    const { run } = await kindSession();
    await run('create deployment web --image=nginx:1.25');
    expect((await run('set env')).stderr).toBe('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n');
    expect((await run('set env deployment/web 1X=2')).stderr).toMatch(
      /^error: "1X" is not a valid key name: a valid environment variable name must consist of/,
    );
    expect((await run('set env deployment/web A=1 deployment/other')).stderr).toBe(
      'error: all resources must be specified before env changes: deployment/other\n',
    );
  });
});

describe('kubectl set resources', () => {
  it('sets limits and requests on selected containers', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25');
    expect(await run('set resources deployment web --limits=cpu=200m,memory=512Mi --requests=cpu=0.1')).toEqual({
      stdout: 'deployment.apps/web resource requirements updated\n',
      stderr: '',
      code: 0,
    });
    expect(c.api.get('deployments.apps', 'default', 'web').spec.template.spec.containers[0].resources).toEqual({
      limits: { cpu: '200m', memory: '512Mi' },
      requests: { cpu: '100m' },
    });
    expect(await run('set resources deployment web -c nosuch --limits=cpu=1')).toEqual({
      stdout: '',
      stderr: 'error: unable to find container named nosuch\n',
      code: 1,
    });
    expect((await run('set resources deployment web')).stderr).toBe(
      'error: you must specify an update to requests or limits (in the form of --requests/--limits)\n',
    );
    expect((await run('set resources')).stderr).toBe(NO_RESOURCES);
  });
});
