import { beforeAll, describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';
import { csrManifest, testRequest, type TestRequest } from '../../../sim/testing/certificates.ts';

let jane: TestRequest;
let CSR: string;
beforeAll(async () => {
  jane = await testRequest([
    ['CN', 'jane'],
    ['O', 'dev'],
  ]);
  CSR = csrManifest('jane', jane.request, { expirationSeconds: 86400 });
});

describe('kubectl certificate', () => {
  it("approves a CSR once, with kubectl's condition, and the signer issues its certificate", async () => {
    const { run, c } = await kindSession({ 'csr.yaml': CSR });
    expect((await run('create -f csr.yaml')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane created\n');
    expect((await run('get csr')).stdout).toBe(
      'NAME   AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION\n' +
        'jane   0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   24h                 Pending\n',
    );
    expect(await run('certificate approve jane')).toEqual({ stdout: 'certificatesigningrequest.certificates.k8s.io/jane approved\n', stderr: '', code: 0 });
    expect((await run('certificate approve -f csr.yaml')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
    const conditions = JSON.parse((await run('get csr jane -o jsonpath={.status.conditions}')).stdout);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({
      type: 'Approved',
      status: 'True',
      reason: 'KubectlApprove',
      message: 'This CSR was approved by kubectl certificate approve.',
    });
    expect(conditions[0].lastTransitionTime).toBe(conditions[0].lastUpdateTime);
    c.advance(1000);
    expect((await run('get csr')).stdout).toMatch(/ Approved,Issued\n$/);
    expect((await run('get csr jane -o jsonpath={.spec.groups}')).stdout).toBe('["kubeadm:cluster-admins","system:authenticated"]');
  });

  it('denies; a decision is final, and missing names and CSRs are reported', async () => {
    const { run } = await kindSession({ 'csr.yaml': CSR });
    await run('create -f csr.yaml');
    expect((await run('certificate deny jane')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane denied\n');
    expect((await run('get csr jane -o jsonpath={.status.conditions[0].reason}')).stdout).toBe('KubectlDeny');
    expect((await run('get csr jane')).stdout).toMatch(/ Denied\n$/);
    expect(await run('certificate approve jane')).toEqual({ stdout: '', stderr: 'error: certificate signing request "jane" is already Denied\n', code: 1 });
    expect((await run('certificate deny jane')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane denied\n');
    expect((await run('certificate deny')).stderr).toBe('error: one or more CSRs must be specified as <name> or -f <filename>\n');
    expect((await run('certificate approve nope')).stderr).toBe(
      'Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nope" not found\n',
    );
    const help = await run('certificate');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Modify certificate resources\.\n/);
  });

  it("a request for server auth from the client signer fails with the signer's reason", async () => {
    const { run, c } = await kindSession({ 'csr.yaml': csrManifest('web', jane.request, { usages: ['server auth', 'client auth'] }) });
    await run('create -f csr.yaml');
    await run('certificate approve web');
    c.advance(1000);
    expect((await run('get csr web')).stdout).toMatch(/ Approved,Failed\n$/);
    const failed = JSON.parse((await run('get csr web -o jsonpath={.status.conditions[1]}')).stdout);
    expect(failed).toMatchObject({
      type: 'Failed',
      status: 'True',
      reason: 'SignerValidationFailure',
      message: 'invalid usage for client certificate: server auth',
    });
    expect((await run('get csr web -o jsonpath={.status.certificate}')).stdout).toBe('');
  });

  it('leaves requests for signers kind does not run pending a certificate', async () => {
    const { run, c } = await kindSession({ 'csr.yaml': csrManifest('other', jane.request, { signerName: 'example.com/signer' }) });
    await run('create -f csr.yaml');
    await run('certificate approve other');
    c.advance(1000);
    expect((await run('get csr other')).stdout).toMatch(/example\.com\/signer +kubernetes-admin +<none> +Approved\n$/);
  });
});
