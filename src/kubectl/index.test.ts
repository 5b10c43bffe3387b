import { describe, expect, it } from 'vitest';
import { HELP } from './help/texts.ts';
import { kindSession } from './testing.ts';

describe('kubectl command line', () => {
  it('prints help for kubectl, --help and -h', async () => {
    const { run } = await kindSession();
    expect(await run('')).toEqual({ stdout: HELP[''], stderr: '', code: 0 });
    expect((await run('--help')).stdout).toBe(HELP['']);
    expect((await run('get --help')).stdout).toBe(HELP['get']);
    expect((await run('create configmap -h')).stdout).toBe(HELP['create configmap']);
    expect(HELP['get']).toMatch(/^Display one or many resources\./);
  });

  it('suggests commands for typos', async () => {
    const { run } = await kindSession();
    expect(await run('gett pods')).toEqual({ stdout: '', stderr: 'error: unknown command "gett" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n', code: 1 });
    expect((await run('foo')).stderr).toBe('error: unknown command "foo" for "kubectl"\n\nDid you mean this?\n\ttop\n');
    expect((await run('--foo')).stderr).toBe("error: unknown flag: --foo\nSee 'kubectl --help' for usage.\n");
  });

  it('accepts global flags before the command and in every pflag form', async () => {
    const { run } = await kindSession();
    await run('create ns dev');
    await run('-n dev create cm a --from-literal=x=y');
    expect((await run('get cm a -ndev -o name')).stdout).toBe('configmap/a\n');
    expect((await run('get cm a --namespace dev -o name')).stdout).toBe('configmap/a\n');
    expect((await run('get cm a --namespace=dev --context=kind-kind -v=6 -o name')).stdout).toBe('configmap/a\n');
    expect((await run('get pods -n')).stderr).toBe("error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage.\n");
    expect((await run('logs x --tail=x')).stderr).toBe(
      'error: invalid argument "x" for "--tail" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee \'kubectl logs --help\' for usage.\n',
    );
  });

  it('completes verbs, types, names and flags', async () => {
    const { k, run } = await kindSession();
    await run('run nginx --image=nginx');
    expect(k.complete(['ge'])).toEqual(['get']);
    expect(k.complete(['get', 'po'])).toEqual(['po', 'poddisruptionbudgets', 'pods', 'podtemplates']);
    expect(k.complete(['get', 'pods', 'ng'])).toEqual(['nginx']);
    expect(k.complete(['describe', 'pod/n'])).toEqual(['pod/nginx']);
    expect(k.complete(['get', 'pods', '--show-l'])).toEqual(['--show-labels']);
    expect(k.complete(['create', 'con'])).toEqual(['configmap']);
    expect(k.complete(['get', 'pods', '-n', 'kube-s'])).toEqual(['kube-system']);
    expect(k.complete(['get', 'pods', '-o', 'y'])).toEqual(['yaml']);
  });

  it('completes as the --as user, who sees only what they may list', async () => {
    const { k, run } = await kindSession();
    await run('run nginx --image=nginx');
    expect(k.complete(['get', 'pods', '--as=jane', '-n', 'kube-s'])).toEqual([]);
    // The access checks have loaded by now.
    await run('auth can-i list pods --as=jane');
    expect(k.complete(['get', 'pods', '--as=jane', '-n', 'kube-s'])).toEqual([]);
    expect(k.complete(['get', 'pods', '--as=jane', 'ng'])).toEqual([]);
    await run('create clusterrole lister --verb=list --resource=pods,namespaces');
    await run('create clusterrolebinding jane-lists --clusterrole=lister --user=jane');
    expect(k.complete(['get', 'pods', '--as=jane', 'ng'])).toEqual(['nginx']);
    expect(k.complete(['get', 'pods', '--as=jane', '-n', 'kube-s'])).toEqual(['kube-system']);
    expect(k.complete(['get', 'pods', '-n', 'kube-s'])).toEqual(['kube-system']);
  });
});
