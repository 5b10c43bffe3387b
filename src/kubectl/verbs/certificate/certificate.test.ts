import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const CSR = `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: jane
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 86400
  usages:
  - client auth
`;

describe('kubectl certificate', () => {
  it('approves a CSR once, with kubectl\'s condition, and get csr shows it', async () => {
    const { run } = await kindSession({ 'csr.yaml': CSR });
    await run('create -f csr.yaml');
    expect((await run('get csr')).stdout).toMatch(/^NAME   AGE   SIGNERNAME                            REQUESTOR   REQUESTEDDURATION   CONDITION\njane   0s    kubernetes.io\/kube-apiserver-client   +24h +Pending\n$/);
    expect(await run('certificate approve jane')).toEqual({ stdout: 'certificatesigningrequest.certificates.k8s.io/jane approved\n', stderr: '', code: 0 });
    expect((await run('certificate approve -f csr.yaml')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
    const conditions = JSON.parse((await run('get csr jane -o jsonpath={.status.conditions}')).stdout);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({ type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.' });
    expect((await run('get csr')).stdout).toMatch(/ Approved\n$/);
  });

  it('denies, and reports missing names and CSRs', async () => {
    const { run } = await kindSession({ 'csr.yaml': CSR });
    await run('create -f csr.yaml');
    expect((await run('certificate deny jane')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane denied\n');
    expect((await run('get csr jane -o jsonpath={.status.conditions[0].reason}')).stdout).toBe('KubectlDeny');
    expect((await run('certificate deny')).stderr).toBe('error: one or more CSRs must be specified as <name> or -f <filename>\n');
    expect((await run('certificate approve nope')).stderr).toBe('Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nope" not found\n');
    const help = await run('certificate');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Modify certificate resources\.\n/);
  });
});
