import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl config', () => {
  it('shows and switches the namespace of the current context', async () => {
    const { run } = await kindSession();
    expect((await run('config current-context')).stdout).toBe('kind-kind\n');
    expect((await run('config get-contexts')).stdout).toBe(
      'CURRENT   NAME        CLUSTER     AUTHINFO           NAMESPACE\n*         kind-kind   kind-kind   kubernetes-admin   default\n',
    );
    expect((await run('config set-context --current --namespace=dev')).stdout).toBe('Context "kind-kind" modified.\n');
    expect((await run('get pods')).stderr).toBe('No resources found in dev namespace.\n');
    expect((await run('config view')).stdout).toContain('- context:\n    cluster: kind-kind\n    namespace: dev\n    user: kubernetes-admin\n  name: kind-kind\n');
    expect((await run('config foo')).stderr).toBe("error: unknown command \"foo\"\nSee 'kubectl config -h' for help and examples\n");
  });
});

describe('kubectl config: the kubeconfig file', () => {
  it('writes ~/.kube/config as kubectl does (sorted keys, entries by name) and reads it back', async () => {
    const { run, fs } = await kindSession();
    expect(fs.exists('/home/learner/.kube/config')).toBe(false);
    expect(await run('config set-context dev --namespace=dev --cluster=kind-kind --user=kubernetes-admin')).toEqual({ stdout: 'Context "dev" created.\n', stderr: '', code: 0 });
    expect((await run('config set-credentials bob --token=abc')).stdout).toBe('User "bob" set.\n');
    expect((await run('config set-cluster other --server=https://10.0.0.1:6443 --insecure-skip-tls-verify=true')).stdout).toBe('Cluster "other" set.\n');
    const file = fs.read('/home/learner/.kube/config')!;
    expect(file).toMatch(/^apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: LS0t\S+\n    server: https:\/\/127.0.0.1:6443\n  name: kind-kind\n- cluster:\n    insecure-skip-tls-verify: true\n    server: https:\/\/10.0.0.1:6443\n  name: other\ncontexts:\n- context:\n    cluster: kind-kind\n    namespace: dev\n    user: kubernetes-admin\n  name: dev\n/);
    expect(file).toContain('current-context: kind-kind\nkind: Config\npreferences: {}\nusers:\n- name: bob\n  user:\n    token: abc\n- name: kubernetes-admin\n');
    expect((await run('config get-contexts')).stdout).toBe(
      'CURRENT   NAME        CLUSTER     AUTHINFO           NAMESPACE\n' +
        '          dev         kind-kind   kubernetes-admin   dev\n' +
        '*         kind-kind   kind-kind   kubernetes-admin   default\n',
    );
    expect((await run('config get-clusters')).stdout).toBe('NAME\nkind-kind\nother\n');
    expect((await run('config get-users')).stdout).toBe('NAME\nbob\nkubernetes-admin\n');
    expect((await run('config view')).stdout).toContain('users:\n- name: bob\n  user:\n    token: REDACTED\n- name: kubernetes-admin\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n');
    expect((await run('config use-context dev')).stdout).toBe('Switched to context "dev".\n');
    expect((await run('get pods')).stderr).toBe('No resources found in dev namespace.\n');
    // An edit of the file by hand counts too.
    fs.write('/home/learner/.kube/config', fs.read('/home/learner/.kube/config')!.replace('current-context: dev', 'current-context: kind-kind'));
    expect((await run('config current-context')).stdout).toBe('kind-kind\n');
  });

  it('prints view -o json in clientcmd field order, --minify and -o jsonpath', async () => {
    const { run } = await kindSession();
    await run('config set-context dev --namespace=dev');
    const json = (await run('config view --minify -o json')).stdout;
    expect(json).toBe(
      '{\n    "kind": "Config",\n    "apiVersion": "v1",\n    "preferences": {},\n    "clusters": [\n        {\n            "name": "kind-kind",\n            "cluster": {\n' +
        '                "server": "https://127.0.0.1:6443",\n                "certificate-authority-data": "DATA+OMITTED"\n            }\n        }\n    ],\n' +
        '    "users": [\n        {\n            "name": "kubernetes-admin",\n            "user": {\n                "client-certificate-data": "DATA+OMITTED",\n                "client-key-data": "DATA+OMITTED"\n            }\n        }\n    ],\n' +
        '    "contexts": [\n        {\n            "name": "kind-kind",\n            "context": {\n                "cluster": "kind-kind",\n                "user": "kubernetes-admin",\n                "namespace": "default"\n            }\n        }\n    ],\n' +
        '    "current-context": "kind-kind"\n}\n',
    );
    expect((await run("config view -o jsonpath='{.contexts[*].name}'")).stdout).toBe('dev kind-kind');
    expect((await run('config view --raw -o yaml')).stdout).toMatch(/client-key-data: LS0t/);
    expect((await run('config view -o wide')).stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
  });

  it('deletes, renames, sets and unsets with kubectl\'s messages and errors', async () => {
    const { run } = await kindSession();
    const path = '/home/learner/.kube/config';
    expect(await run('config delete-context nope')).toEqual({ stdout: '', stderr: `error: cannot delete context nope, not in ${path}\n`, code: 1 });
    expect((await run('config rename-context nope x')).stderr).toBe(`error: cannot rename the context "nope", it's not in ${path}\n`);
    expect((await run('config rename-context kind-kind k')).stdout).toBe('Context "kind-kind" renamed to "k".\n');
    expect((await run('config current-context')).stdout).toBe('k\n');
    expect((await run('config set contexts.k.namespace web')).stdout).toBe('Property "contexts.k.namespace" set.\n');
    expect((await run('get pods')).stderr).toBe('No resources found in web namespace.\n');
    expect((await run('config set foo bar')).stderr).toBe('error: unable to parse foo after [] at api.Config\n');
    expect((await run('config set clusters.kind-kind.insecure-skip-tls-verify maybe')).stderr).toBe('error: strconv.ParseBool: parsing "maybe": invalid syntax\n');
    expect((await run('config unset current-context')).stdout).toBe('Property "current-context" unset.\n');
    expect((await run('config current-context')).stderr).toBe('error: current-context is not set\n');
    expect((await run('config set-context --current --namespace=a')).stderr).toBe('error: no current context is set\n');
    expect((await run('get pods')).stderr).toBe('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n');
    expect((await run('config use-context nope')).stderr).toBe('error: no context exists with the name: "nope"\n');
    expect((await run('config set current-context nope')).stdout).toBe('Property "current-context" set.\n');
    expect(await run('get pods')).toEqual({ stdout: '', stderr: 'Error in configuration: context was not found for specified context: nope\n', code: 1 });
    expect((await run('--context=k get pods')).stderr).toBe('No resources found in web namespace.\n');
    expect((await run('config set-credentials bob --token=t --username=u')).stderr).toBe(
      'error: you cannot specify more than one authentication method at the same time: --token, --username/--password\n',
    );
    const noName = await run('config set-cluster');
    expect(noName.stdout).toMatch(/^Set a cluster entry in kubeconfig\./);
    expect(noName.stderr).toBe('error: Unexpected args: []\n');
    expect((await run('config set-credentials')).stderr).toBe('error: unexpected args: []\n');
    expect((await run('config get-contexts -o wide')).stderr).toBe('error: --output wide is not available in kubectl config get-contexts; resetting to default output format\n');
    expect(await run('config get-contexts nope')).toEqual({ stdout: 'CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n', stderr: 'error: context nope not found\n', code: 1 });
  });
});
