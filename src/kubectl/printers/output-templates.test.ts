import { describe, expect, it } from 'vitest';
import { kindSession } from '../testing.ts';

// Expected outputs recorded from the real kubectl 1.32 client (these commands run client-side).
const files = {
  't.tpl': '{{.metadata.name}}\n{{range $k, $v := .metadata.labels}}{{$k}}={{$v}}\n{{end}}',
  'j.tpl': '{.metadata.name}{"\\n"}',
};
const dry = 'create deployment web --image=nginx:1.27 --dry-run=client';

describe('template output formats through kubectl', () => {
  it('reads go-template and jsonpath files from the terminal files', async () => {
    const { run } = await kindSession(files);
    expect(await run('create namespace demo --dry-run=client -o go-template-file=t.tpl')).toEqual({ stdout: 'demo\n', stderr: '', code: 0 });
    expect(await run(`${dry} -o jsonpath-file=j.tpl`)).toEqual({ stdout: 'web\n', stderr: '', code: 0 });
    expect(await run(`${dry} -o templatefile=t.tpl`)).toEqual({ stdout: 'web\napp=web\n', stderr: '', code: 0 });
    expect(await run(`${dry} -o go-template-file=missing.tpl`)).toEqual({
      stdout: '',
      stderr: 'error: error reading --template missing.tpl, open missing.tpl: no such file or directory\n',
      code: 1,
    });
  });

  it('takes the template from --template', async () => {
    const { run } = await kindSession();
    expect(await run(`${dry} -o jsonpath --template={.spec.replicas}`)).toEqual({ stdout: '1', stderr: '', code: 0 });
    expect(await run(`${dry} -o template --template={{.kind}}`)).toEqual({ stdout: 'Deployment', stderr: '', code: 0 });
    expect(await run(`${dry} --template={{.kind}}`)).toEqual({ stdout: 'Deployment', stderr: '', code: 0 });
    expect(await run(`${dry} -o go-template`)).toEqual({ stdout: '', stderr: 'error: template format specified but no template given\n', code: 1 });
  });

  it('fails on missing keys when they are not allowed, after the debugging block', async () => {
    const { run } = await kindSession();
    const r = await run(`${dry} -o go-template={{.spec.nope}} --allow-missing-template-keys=false`);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: error executing template "{{.spec.nope}}": template: output:1:7: executing "output" at <.spec.nope>: map has no entry for key "nope"\n',
    );
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      'Error executing template: template: output:1:7: executing "output" at <.spec.nope>: map has no entry for key "nope". Printing more information for debugging the template:',
      '\ttemplate was:',
      '\t\t{{.spec.nope}}',
    ]);
    expect(r.stdout).toContain(
      '\tobject given to template engine was:\n\t\tmap[apiVersion:apps/v1 kind:Deployment metadata:map[creationTimestamp:<nil> labels:map[app:web] name:web] spec:map[replicas:1 selector:map[matchLabels:map[app:web]] strategy:map[] template:map[metadata:map[creationTimestamp:<nil> labels:map[app:web]] spec:map[containers:[map[image:nginx:1.27 name:nginx resources:map[]]]]]] status:map[]]\n\n',
    );
  });

  it('runs a go-template over a list from get', async () => {
    const { run } = await kindSession();
    await run('create deployment web --image=nginx:1.27 --replicas=2');
    expect(await run(`get deploy -o 'go-template={{range.items}}{{.metadata.name}}:{{.spec.replicas}}{{"\\n"}}{{end}}'`)).toEqual({
      stdout: 'web:2\n',
      stderr: '',
      code: 0,
    });
  });

  it('prints lists and maps in custom columns as Go prints them', async () => {
    const { run, c } = await kindSession();
    await run('run web --image=nginx:1.27');
    c.advance(20_000);
    expect(await run('get pod web -o custom-columns=NAME:.metadata.name,IPS:.status.podIPs,PORTS:.spec.containers[*].ports,LABELS:.metadata.labels')).toEqual({
      stdout: 'NAME   IPS                    PORTS    LABELS\nweb    [map[ip:10.244.1.2]]   <none>   map[run:web]\n',
      stderr: '',
      code: 0,
    });
    expect((await run(`get pods -o go-template --template='{{range .items}}{{.metadata.name}} {{.status.podIP}}{{"\\n"}}{{end}}'`)).stdout).toBe(
      'web 10.244.1.2\n',
    );
  });
});
