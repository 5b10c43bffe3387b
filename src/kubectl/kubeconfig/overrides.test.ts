import { describe, expect, it } from 'vitest';
import { kindSession } from '../testing.ts';
import { CA_PEM } from './document.ts';

const FORBIDDEN_ANON = 'Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"\n';

describe('global flags over the kubeconfig', () => {
  it('--token goes beside kind admin\'s certificate, which the API server takes first', async () => {
    const s = await kindSession();
    expect((await s.run('--token=not-a-token auth whoami')).stdout).toContain('kubernetes-admin');
    expect((await s.run('--username=a --password=b get pods')).stderr).toBe('No resources found in default namespace.\n');
    expect(await s.run('--token=x --username=a get pods')).toEqual({
      stdout: '',
      stderr: 'error: more than one authentication method found for kubernetes-admin; found [token basicAuth], only one is allowed\n',
      code: 1,
    });
  });

  it('--token authenticates a user without a certificate; basic auth alone is anonymous', async () => {
    const s = await kindSession();
    await s.run('create sa builder');
    const token = (await s.run('create token builder')).stdout.trim();
    await s.run('config set-credentials nobody');
    await s.run('config set-context nobody --cluster=kind-kind --user=nobody');
    expect((await s.run(`--context=nobody --token=${token} get pods`)).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:builder" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
    expect((await s.run('--context=nobody --token=forged get pods')).stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    expect((await s.run('--context=nobody --username=admin --password=admin get pods')).stderr).toBe(FORBIDDEN_ANON);
    // --user picks another kubeconfig user for the current context.
    expect((await s.run(`--user=nobody --token=${token} auth whoami -o jsonpath={.status.userInfo.username}`)).stdout).toBe(
      'system:serviceaccount:default:builder',
    );
    expect((await s.run('--user=nobody get pods')).stderr).toBe(FORBIDDEN_ANON);
    expect((await s.run('--user=ghost get pods')).stderr).toBe('error: auth info "ghost" does not exist\n');
  });

  it('a client certificate file beside the kubeconfig\'s certificate data is refused', async () => {
    const s = await kindSession({ '/home/learner/c.pem': 'x' });
    expect((await s.run('--client-certificate=c.pem get pods')).stderr).toBe(
      'error: client-cert-data and client-cert are both specified for kubernetes-admin. client-cert-data will override.\n',
    );
    expect((await s.run('--client-key=/nope get pods')).stderr).toBe(
      'Error in configuration: \n' +
        '* client-key-data and client-key are both specified for kubernetes-admin; client-key-data will override\n' +
        '* unable to read client-key /nope for kubernetes-admin due to open /nope: no such file or directory\n',
    );
  });

  it('--cluster, --server, --certificate-authority and --insecure-skip-tls-verify', async () => {
    const s = await kindSession({ '/home/learner/ca.crt': CA_PEM, '/home/learner/other.crt': CA_PEM.replace('MIID', 'MIIE'), '/home/learner/junk': 'x\n' });
    expect((await s.run('--cluster=ghost get pods')).stderr).toBe('error: no server found for cluster "ghost"\n');
    expect((await s.run('--cluster=ghost --token=x --username=a get pods')).stderr).toBe(
      'Error in configuration: \n' +
        '* more than one authentication method found for kubernetes-admin; found [token basicAuth], only one is allowed\n' +
        '* no server found for cluster "ghost"\n',
    );
    expect((await s.run('-s https://127.0.0.1:6443 get pods')).stderr).toBe('No resources found in default namespace.\n');
    expect((await s.run('--server=https://10.0.0.1:6443 get pods')).stderr).toBe(
      'The connection to the server 10.0.0.1:6443 was refused - did you specify the right host or port?\n',
    );
    expect((await s.run('--insecure-skip-tls-verify get pods')).code).toBe(0);
    expect((await s.run('--certificate-authority=ca.crt get pods')).code).toBe(0);
    expect((await s.run('--insecure-skip-tls-verify --certificate-authority=ca.crt get pods')).stderr).toBe(
      'error: specifying a root certificates file with the insecure flag is not allowed\n',
    );
    expect((await s.run('--certificate-authority=/nope get pods')).stderr).toBe(
      'error: unable to read certificate-authority /nope for kind-kind due to open /nope: no such file or directory\n',
    );
    expect((await s.run('--certificate-authority=junk get pods')).stderr).toBe('error: unable to load root certificates: no valid certificate authority data seen\n');
    expect((await s.run('--certificate-authority=other.crt get pods')).stderr).toBe(
      'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority\n',
    );
  });

  it('a command\'s own flag of the same name is not the global one', async () => {
    const s = await kindSession();
    expect((await s.run('create rolebinding r --clusterrole=view --user=ghost')).stdout).toBe('rolebinding.rbac.authorization.k8s.io/r created\n');
  });
});
