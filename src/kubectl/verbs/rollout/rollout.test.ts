import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const rsNames = (c: Awaited<ReturnType<typeof kindSession>>['c']) =>
  c.api
    .list('replicasets.apps', { namespace: 'default' })
    .sort((a, b) => Number(a.metadata.annotations?.['deployment.kubernetes.io/revision']) - Number(b.metadata.annotations?.['deployment.kubernetes.io/revision']))
    .map((r) => r.metadata.name!);

describe('kubectl rollout (deployments)', () => {
  it('streams status lines until the rollout is done', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25 --replicas=3');
    c.advance(1);
    const r = await run('rollout status deployment/web --timeout=2m');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Waiting for deployment "web" rollout to finish: 0 of 3 updated replicas are available...');
    expect(lines.at(-1)).toBe('deployment "web" successfully rolled out');
    for (const l of lines.slice(1, -1)) expect(l).toMatch(/^Waiting for deployment "web" rollout to finish: [0-2] of 3 updated replicas are available\.\.\.$/);
    expect([r.stderr, r.code]).toEqual(['', 0]);
    expect(await run('rollout status deploy/web')).toEqual({ stdout: 'deployment "web" successfully rolled out\n', stderr: '', code: 0 });
  });

  it('stops after one line with --watch=false and times out with --timeout', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25 --replicas=2');
    c.advance(10_000);
    await run('rollout pause deployment/web');
    await run('set image deployment/web nginx=nginx:1.27');
    c.advance(1000);
    expect(await run('rollout status deployment/web --watch=false')).toEqual({
      stdout: 'Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...\n',
      stderr: '',
      code: 0,
    });
    expect(await run('rollout status deployment/web --timeout=5s')).toEqual({
      stdout: 'Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...\n',
      stderr: 'error: timed out waiting for the condition\n',
      code: 1,
    });
    expect(c.now() - Date.parse(c.api.get('deployments.apps', 'default', 'web').metadata.creationTimestamp!)).toBe(16_000);
  });

  it('keeps the revision history and rolls back', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25 --replicas=3');
    c.advance(10_000);
    expect(await run('set image deployment/web nginx=nginx:1.26')).toEqual({ stdout: 'deployment.apps/web image updated\n', stderr: '', code: 0 });
    c.advance(30_000);
    expect((await run('rollout history deployment/web')).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    await run("annotate deployment web kubernetes.io/change-cause='image updated to 1.26'");
    c.advance(1000);
    expect((await run('rollout history deployment/web')).stdout).toBe(
      'deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         image updated to 1.26\n\n',
    );
    const [, second] = rsNames(c);
    const hash = second!.slice('web-'.length);
    expect(await run('rollout history deployment/web --revision=2')).toEqual({
      stdout: `deployment.apps/web with revision #2\nPod Template:\n  Labels:\tapp=web\n\tpod-template-hash=${hash}\n  Annotations:\tkubernetes.io/change-cause: image updated to 1.26\n  Containers:\n   nginx:\n    Image:\tnginx:1.26\n    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n`,
      stderr: '',
      code: 0,
    });
    expect(await run('rollout history deployment/web --revision=7')).toEqual({ stdout: '', stderr: 'error: unable to find the specified revision\n', code: 1 });
    expect(await run('rollout undo deployment/web')).toEqual({ stdout: 'deployment.apps/web rolled back\n', stderr: '', code: 0 });
    c.advance(30_000);
    expect((await run('rollout history deployment/web')).stdout).toBe(
      'deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         image updated to 1.26\n3         <none>\n\n',
    );
    expect((await run('rollout undo deployment/web --to-revision=3')).stdout).toBe('deployment.apps/web skipped rollback (current template already matches revision 3)\n');
    expect(await run('rollout undo deployment/web --to-revision=99')).toEqual({ stdout: '', stderr: 'error: unable to find specified revision 99 in history\n', code: 1 });
  });

  it('pauses, resumes and restarts', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25 --replicas=2');
    c.advance(10_000);
    expect((await run('rollout pause deployment/web')).stdout).toBe('deployment.apps/web paused\n');
    expect(await run('rollout pause deployment/web')).toEqual({ stdout: '', stderr: 'error: deployments.apps "web" is already paused\n', code: 1 });
    expect((await run('rollout restart deployment/web')).stderr).toBe(
      "error: failed to create patch for web: if restart has already been triggered within the past second, please wait before attempting to trigger another: can't restart paused deployment (run rollout resume first)\n",
    );
    expect((await run('rollout resume deployment/web')).stdout).toBe('deployment.apps/web resumed\n');
    expect(await run('rollout resume deployment/web')).toEqual({ stdout: '', stderr: 'error: deployments.apps "web" is not paused\n', code: 1 });
    expect((await run('rollout restart deployment/web')).stdout).toBe('deployment.apps/web restarted\n');
    expect(c.api.get('deployments.apps', 'default', 'web').spec.template.metadata.annotations).toEqual({
      'kubectl.kubernetes.io/restartedAt': new Date(c.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    expect((await run('rollout restart deployment/web')).stderr).toBe(
      'error: failed to create patch for web: if restart has already been triggered within the past second, please wait before attempting to trigger another\n',
    );
  });

  it('reports usage and lookup errors like kubectl', async () => {
    const { run } = await kindSession();
    await run('run nginx --image=nginx');
    const help = await run('rollout');
    expect([help.stdout.split('\n')[0], help.stderr, help.code]).toEqual(['Manage the rollout of one or many resources.', '', 1]);
    expect(await run('rollout foo')).toEqual({ stdout: '', stderr: "error: unknown command \"foo\"\nSee 'kubectl rollout -h' for help and examples\n", code: 1 });
    expect((await run('rollout status')).stderr).toBe('error: required resource not specified\n');
    expect((await run('rollout undo')).stderr).toBe('error: required resource not specified\n');
    expect((await run('rollout status deployment/nosuch')).stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect((await run('rollout history deployment/nosuch')).stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect((await run('rollout undo pod/foo')).stderr).toBe('Error from server (NotFound): pods "foo" not found\n');
    expect((await run('rollout status pod/nginx')).stderr).toBe('error: no status viewer has been implemented for Pod\n');
    expect((await run('rollout pause pod/nginx')).stderr).toBe('error: pods "nginx" pausing is not supported\n');
    expect((await run('rollout undo deployment/x --to-revision=abc')).stderr).toBe(
      "error: invalid argument \"abc\" for \"--to-revision\" flag: strconv.ParseInt: parsing \"abc\": invalid syntax\nSee 'kubectl rollout undo --help' for usage.\n",
    );
  });

  it('completes sub-commands, kinds and names', async () => {
    const { k, run } = await kindSession();
    await run('create deployment web --image=nginx');
    expect(k.complete(['rollout', 're'])).toEqual(['restart', 'resume']);
    expect(k.complete(['rollout', 'status', 'dep'])).toEqual(['deployment']);
    expect(k.complete(['rollout', 'status', 'deployment/'])).toEqual(['deployment/web']);
    expect(k.complete(['rollout', 'undo', 'deployment', ''])).toEqual(['web']);
  });
});

describe('kubectl rollout with a bare type', () => {
  it('acts on every object of the type, and status wants exactly one', async () => {
    const { run, c } = await kindSession();
    await run('create deployment a --image=nginx');
    await run('create deployment b --image=nginx');
    c.advance(10_000);
    expect((await run('rollout restart deployment')).stdout).toBe('deployment.apps/a restarted\ndeployment.apps/b restarted\n');
    expect((await run('rollout status deployment')).stderr).toBe(
      'error: rollout status is only supported on individual resources and resource collections - 2 resources were found\n',
    );
    expect((await run('rollout pause deployment -l app=a')).stdout).toBe('deployment.apps/a paused\n');
  });
});

describe('kubectl rollout undo --dry-run', () => {
  it('prints the template it would restore and changes nothing', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25');
    c.advance(10_000);
    await run('set image deployment/web nginx=nginx:1.26');
    c.advance(30_000);
    const hash = rsNames(c)[0]!.slice('web-'.length);
    expect((await run('rollout undo deployment/web --dry-run=client')).stdout).toBe(
      `deployment.apps/web Pod Template:\n  Labels:\tapp=web\n\tpod-template-hash=${hash}\n  Containers:\n   nginx:\n    Image:\tnginx:1.25\n    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n (dry run)\n`,
    );
    expect(c.api.get('deployments.apps', 'default', 'web').spec.template.spec.containers[0].image).toBe('nginx:1.26');
  });
});
