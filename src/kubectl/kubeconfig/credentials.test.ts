import { describe, expect, it } from 'vitest';
import { kindSession } from '../testing.ts';
import { base64Decode } from '../../sim/index.ts';
import { csrManifest, testRequest } from '../../sim/testing/certificates.ts';

/** A session with a context NAME for user NAME on kind's cluster, the user's credentials set by `config set-credentials`. */
async function withUser(name: string, credentials: string, files: Record<string, string> = {}) {
  const s = await kindSession(files);
  expect((await s.run(`config set-credentials ${name} ${credentials}`)).code).toBe(0);
  await s.run(`config set-context ${name} --cluster=kind-kind --user=${name}`);
  return s;
}

describe('kubeconfig users', () => {
  it('a service account token authenticates as the service account until it is deleted', async () => {
    const s = await kindSession();
    await s.run('create sa builder');
    const token = (await s.run('create token builder')).stdout.trim();
    await s.run(`config set-credentials builder --token=${token}`);
    await s.run('config set-context builder --cluster=kind-kind --user=builder');
    const uid = (await s.run('get sa builder -o jsonpath={.metadata.uid}')).stdout;
    const jti = JSON.parse(base64Decode(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).jti;
    expect((await s.run('--context=builder auth whoami')).stdout).toBe(
      'ATTRIBUTE                                           VALUE\n' +
        'Username                                            system:serviceaccount:default:builder\n' +
        `UID                                                 ${uid}\n` +
        'Groups                                              [system:serviceaccounts system:serviceaccounts:default system:authenticated]\n' +
        `Extra: authentication.kubernetes.io/credential-id   [JTI=${jti}]\n`,
    );
    expect((await s.run('--context=builder get secrets')).stderr).toBe(
      'Error from server (Forbidden): secrets is forbidden: User "system:serviceaccount:default:builder" cannot list resource "secrets" in API group "" in the namespace "default"\n',
    );
    await s.run('create rolebinding builder-view --clusterrole=secret-reader --serviceaccount=default:builder');
    await s.run('create clusterrole secret-reader --verb=list --resource=secrets');
    expect(await s.run('--context=builder get secrets')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    await s.run('delete sa builder');
    expect(await s.run('--context=builder get secrets')).toEqual({
      stdout: '',
      stderr: 'error: You must be logged in to the server (Unauthorized)\n',
      code: 1,
    });
  });

  it('refuses unknown tokens, and takes a user without credentials or with basic auth as anonymous', async () => {
    const s = await withUser('mallory', '--token=not-a-token');
    expect(await s.run('--context=mallory get pods')).toEqual({ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', code: 1 });
    expect((await s.run('--context=mallory auth whoami')).stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    await s.run('config set-credentials basic --username=admin --password=secret');
    await s.run('config set-context basic --cluster=kind-kind --user=basic');
    // kind's API server has no basic-auth authenticator: the Authorization: Basic header is not looked at.
    expect((await s.run('--context=basic get pods')).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
    await s.run('config set-context nobody --cluster=kind-kind --user=nobody');
    expect((await s.run('--context=nobody get pods')).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
    // Commands that never reach the server do not care.
    expect((await s.run('--context=mallory config current-context')).code).toBe(0);
  });

  it('checks the certificate and key as client-go does before sending anything', async () => {
    const jane = await testRequest([['CN', 'jane']]);
    const other = await testRequest([['CN', 'other']]);
    const s = await kindSession({ 'csr.yaml': csrManifest('jane', jane.request), 'jane.key': jane.keyPem, 'other.key': other.keyPem, 'junk.crt': 'hello\n' });
    await s.run('create -f csr.yaml');
    await s.run('certificate approve jane');
    s.c.advance(1000);
    const cert = base64Decode((await s.run('get csr jane -o jsonpath={.status.certificate}')).stdout);
    s.fs.write('/home/learner/jane.crt', cert);
    const ok = async (key: string) => {
      await s.run(`config set-credentials jane --client-certificate=jane.crt --client-key=${key}`);
      await s.run('config set-context jane --cluster=kind-kind --user=jane');
      return s.run('--context=jane get pods');
    };
    expect((await ok('jane.key')).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
    expect((await ok('other.key')).stderr).toBe('error: tls: private key does not match public key\n');
    expect((await ok('nope.key')).stderr).toBe(
      'error: unable to read client-key /home/learner/nope.key for jane due to open /home/learner/nope.key: no such file or directory\n',
    );
    await s.run('config set-credentials jane --client-certificate=junk.crt --client-key=jane.key');
    expect((await s.run('--context=jane get pods')).stderr).toBe('error: tls: failed to find any PEM data in certificate input\n');
    await s.run('config set-credentials jane --client-certificate=jane.crt --client-key=junk.crt');
    expect((await s.run('--context=jane get pods')).stderr).toBe('error: tls: failed to find any PEM data in key input\n');
  });

  it('a certificate the cluster did not issue is Unauthorized', async () => {
    const s = await kindSession();
    await s.run('config set-credentials kubernetes-admin --client-certificate=/home/learner/self.crt --client-key=/home/learner/self.key');
    s.fs.write('/home/learner/self.key', (await testRequest([['CN', 'x']])).keyPem);
    // A self-signed certificate for that key, as `openssl req -x509` makes one.
    const { selfSigned, readPrivateKey } = await import('../../encoding/crypto/x509.ts');
    const { pem, unpem } = await import('../../encoding/crypto/der.ts');
    const key = readPrivateKey(unpem(s.fs.read('/home/learner/self.key')!, 'PRIVATE KEY')!, false)!;
    s.fs.write('/home/learner/self.crt', pem('CERTIFICATE', selfSigned(key, [['CN', 'kubernetes-admin']], s.c.now(), 30, Uint8Array.of(1))));
    expect(await s.run('get pods')).toEqual({ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', code: 1 });
  });
});
