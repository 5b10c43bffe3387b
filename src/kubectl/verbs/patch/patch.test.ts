import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl patch', () => {
  it('patches with a strategic merge and reports unchanged objects', async () => {
    const { c, run } = await kindSession();
    await run('create deployment app --image=nginx --replicas=2');
    expect(await run(`patch deployment app -p '{"spec":{"replicas":2}}'`)).toEqual({ stdout: 'deployment.apps/app patched (no change)\n', stderr: '', code: 0 });
    expect(await run(`patch deployment app -p '{"spec":{"replicas":2}}'`)).toEqual({ stdout: 'deployment.apps/app patched (no change)\n', stderr: '', code: 0 });
    expect(await run(`patch deploy/app -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","env":[{"name":"MODE","value":"x"}]}]}}}}'`)).toEqual({
      stdout: 'deployment.apps/app patched\n',
      stderr: '',
      code: 0,
    });
    const ctr = c.api.get('deployments.apps', 'default', 'app').spec.template.spec.containers;
    expect(ctr).toHaveLength(1);
    expect(ctr[0]).toMatchObject({ name: 'nginx', image: 'nginx', env: [{ name: 'MODE', value: 'x' }] });
    await run('create cronjob ticker --image=busybox --schedule="*/1 * * * *" -- date');
    expect((await run(`patch cronjob ticker -p '{"spec":{"suspend":true}}'`)).stdout).toBe('cronjob.batch/ticker patched\n');
    expect(c.api.get('cronjobs.batch', 'default', 'ticker').spec.suspend).toBe(true);
  });

  it('takes YAML, merge and JSON patches, and dry runs', async () => {
    const { c, run } = await kindSession();
    await run('create deployment app --image=nginx --replicas=1');
    expect((await run(`patch deployment app --type=merge -p 'spec: {replicas: 3}'`)).stdout).toBe('deployment.apps/app patched\n');
    expect((await run(`patch deployment app --type=json -p '[{"op":"replace","path":"/spec/replicas","value":4}]'`)).stdout).toBe('deployment.apps/app patched\n');
    expect(c.api.get('deployments.apps', 'default', 'app').spec.replicas).toBe(4);
    expect((await run(`patch deployment app --type=merge -p '{"spec":{"replicas":1}}' --dry-run=client`)).stdout).toBe('deployment.apps/app patched (dry run)\n');
    expect((await run(`patch deployment app -p '{"spec":{"replicas":1}}' -o jsonpath={.spec.replicas}`)).stdout).toBe('1');
  });

  it('removes finalizers with a null', async () => {
    const { c, run } = await kindSession();
    await run(`run stuck --image=nginx --overrides='{"metadata":{"finalizers":["example.com/block"]}}'`);
    expect((await run(`patch pod stuck -p '{"metadata":{"finalizers":null}}'`)).stdout).toBe('pod/stuck patched\n');
    expect(c.api.get('pods', 'default', 'stuck').metadata.finalizers).toBeUndefined();
  });

  it('reports errors as kubectl does', async () => {
    const { run } = await kindSession();
    await run('create deployment web --image=nginx');
    expect(await run(`patch deployment web -p '{"spec":{"selector":{"matchLabels":{"app":"other"}}}}'`)).toEqual({
      stdout: '',
      stderr:
        'The Deployment "web" is invalid: \n* spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`\n* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable\n',
      code: 1,
    });
    expect((await run(`patch deployment nosuch -p '{}'`)).stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect((await run('patch deployment web')).stderr).toBe('error: must specify --patch or --patch-file containing the contents of the patch\n');
    expect((await run(`patch deployment web --type=foo -p '{}'`)).stderr).toBe('error: --type must be one of [json merge strategic], not "foo"\n');
    expect((await run(`patch deployment -p '{}'`)).stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect((await run(`patch -p '{}'`)).stderr).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
    expect((await run(`patch deployment web --type=json -p '[{"op":"remove","path":"/spec/nosuch"}]'`)).stderr).toBe(
      'The request is invalid: the server rejected our request due to an error in our request\n',
    );
    expect((await run(`patch deployment web -p 'a: ['`)).stderr).toMatch(/^error: unable to parse "a: \[": yaml: line 1: /);
  });
});
