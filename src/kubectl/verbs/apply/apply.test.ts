import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
  labels:
    app: app
spec:
  replicas: 2
  selector:
    matchLabels:
      app: app
  template:
    metadata:
      labels:
        app: app
    spec:
      containers:
      - name: app
        image: nginx:1.25
---
apiVersion: v1
kind: Service
metadata:
  name: app
spec:
  selector:
    app: app
  ports:
  - port: 80
`;

describe('kubectl apply', () => {
  it('creates, leaves unchanged and configures', async () => {
    const { run, fs } = await kindSession({ 'app.yaml': APP });
    expect(await run('apply -f app.yaml')).toEqual({ stdout: 'deployment.apps/app created\nservice/app created\n', stderr: '', code: 0 });
    expect(await run('apply -f app.yaml')).toEqual({ stdout: 'deployment.apps/app unchanged\nservice/app unchanged\n', stderr: '', code: 0 });
    fs.write('/home/learner/app.yaml', APP.replace('replicas: 2', 'replicas: 4'));
    expect((await run('apply -f app.yaml')).stdout).toBe('deployment.apps/app configured\nservice/app unchanged\n');
    expect((await run('get deploy app -o jsonpath={.spec.replicas}')).stdout).toBe('4');
    const last = JSON.parse((await run('get deploy app -o json')).stdout).metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'];
    expect(last).toMatch(/^\{"apiVersion":"apps\/v1","kind":"Deployment","metadata":\{"annotations":\{\},"labels":\{"app":"app"\},"name":"app","namespace":"default"\},"spec":\{"replicas":4,/);
  });

  it('reads manifests from stdin', async () => {
    const { run } = await kindSession();
    const r = await run('apply -f -', { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: b\n' });
    expect(r).toEqual({ stdout: 'configmap/cfg created\n', stderr: '', code: 0 });
  });

  it('warns when the object was not created by apply', async () => {
    const { run } = await kindSession({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\ndata:\n  a: x\n' });
    await run('create cm c1 --from-literal=a=b');
    const r = await run('apply -f cm.yaml');
    expect(r.stdout).toBe('configmap/c1 configured\n');
    expect(r.stderr).toMatch(/^Warning: resource configmaps\/c1 is missing the kubectl.kubernetes.io\/last-applied-configuration annotation/);
  });

  it('reports manifest errors in kubectl wording', async () => {
    const { run } = await kindSession({
      'bad-indent.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: indent\n spec:\n  containers:\n  - name: web\n    image: nginx\n',
      'bad-tab.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n\tname: tabbed\n',
      'no-kind.yaml': 'apiVersion: v1\nmetadata:\n  name: nokind\n',
      'old.yaml': 'apiVersion: apps/v1beta1\nkind: Deployment\nmetadata:\n  name: old\n',
      'noname.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    app: x\nspec:\n  containers:\n  - name: web\n    image: nginx\n',
    });
    expect((await run('apply -f bad-indent.yaml')).stderr).toBe('error: error parsing bad-indent.yaml: error converting YAML to JSON: yaml: line 4: did not find expected key\n');
    expect((await run('apply -f bad-tab.yaml')).stderr).toBe('error: error parsing bad-tab.yaml: error converting YAML to JSON: yaml: line 4: found character that cannot start any token\n');
    expect((await run('apply -f no-kind.yaml')).stderr).toBe(
      'error: error validating "no-kind.yaml": error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false\n',
    );
    expect((await run('apply -f old.yaml')).stderr).toBe(
      'error: resource mapping not found for name: "old" namespace: "" from "old.yaml": no matches for kind "Deployment" in version "apps/v1beta1"\nensure CRDs are installed first\n',
    );
    expect((await run('apply -f noname.yaml')).stderr).toBe(
      'error: error when retrieving current configuration of:\nResource: "/v1, Resource=pods", GroupVersionKind: "/v1, Kind=Pod"\nName: "", Namespace: "default"\nfrom server for: "noname.yaml": resource name may not be empty\n',
    );
    expect(await run('apply -f nosuch.yaml')).toEqual({ stdout: '', stderr: 'error: the path "nosuch.yaml" does not exist\n', code: 1 });
    expect(await run('apply')).toEqual({ stdout: '', stderr: 'error: must specify one of -f and -k\n', code: 1 });
  });
});
