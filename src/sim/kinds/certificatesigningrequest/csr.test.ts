import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { base64Decode, base64Encode } from '../../api/base64.ts';
import type { KubeObject } from '../../api/types.ts';
import { certificateUser, parseRequestPem, signRequest } from '../../auth/pki.ts';
import { KIND_ADMIN_CERTIFICATE } from '../../auth/kind-admin.ts';
import { authorize } from '../../auth/rbac.ts';
import { createCluster } from '../../index.ts';
import { testRequest, type TestRequest } from '../../testing/certificates.ts';
import { CSRS } from './names.ts';
import { validateCsr } from './kind.ts';
import { parseCertificate } from '../../../encoding/crypto/x509-ca.ts';
import { unpem } from '../../../encoding/crypto/der.ts';

let jane: TestRequest;
beforeAll(async () => {
  jane = await testRequest([
    ['CN', 'jane'],
    ['O', 'dev'],
    ['O', 'ops'],
  ]);
});

const csr = (spec: Record<string, unknown>, status?: Record<string, unknown>): KubeObject => ({
  apiVersion: 'certificates.k8s.io/v1',
  kind: 'CertificateSigningRequest',
  metadata: { name: 'jane' },
  spec,
  ...(status ? { status } : {}),
});
const messages = (o: KubeObject) => validateCsr(o).map((c) => c.message);
const good = () => ({ request: jane.request, signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] });

describe('CertificateSigningRequest validation', () => {
  it('accepts a signed request and reports each bad field as the API server does', () => {
    expect(messages(csr(good()))).toEqual([]);
    expect(messages(csr({ ...good(), request: base64Encode('hi\n') }))).toEqual([
      'spec.request: Invalid value: []byte{0x68, 0x69, 0xa}: PEM block type must be CERTIFICATE REQUEST',
    ]);
    expect(messages(csr({ ...good(), signerName: undefined }))).toEqual(['spec.signerName: Required value: signerName must be provided']);
    expect(messages(csr({ ...good(), signerName: 'kubernetes' }))).toEqual([
      `spec.signerName: Invalid value: "kubernetes": must be a fully qualified domain and path of the form 'example.com/signer-name'`,
    ]);
    expect(messages(csr({ ...good(), signerName: 'example/signer' }))).toEqual([
      'spec.signerName: Invalid value: "example": should be a domain with at least two segments separated by dots',
    ]);
    expect(messages(csr({ ...good(), usages: [] }))).toEqual(['spec.usages: Required value: usages must be provided']);
    expect(messages(csr({ ...good(), usages: ['client auth', 'client auth'] }))).toEqual(['spec.usages[1]: Duplicate value: "client auth"']);
    expect(messages(csr({ ...good(), usages: ['login'] }))[0]).toMatch(
      /^spec\.usages\[0\]: Unsupported value: "login": supported values: "any", "cert sign", "client auth", /,
    );
    expect(messages(csr({ ...good(), expirationSeconds: 300 }))).toEqual([
      'spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 600 seconds (10 minutes)',
    ]);
    expect(messages(csr({ ...good(), signerName: 'kubernetes.io/legacy-unknown' }))).toEqual([
      'spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version',
    ]);
  });

  it('checks the request is signed by its own key', () => {
    const pem = base64Decode(jane.request);
    const body = pem.split('\n').slice(1, -2).join('');
    // Flip a character near the end of the signature.
    const tampered = body.slice(0, -8) + (body.at(-8) === 'A' ? 'B' : 'A') + body.slice(-7);
    const text = `-----BEGIN CERTIFICATE REQUEST-----\n${tampered.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
    expect(parseRequestPem(text)).toEqual({ error: 'crypto/rsa: verification error' });
  });

  it('refuses Approved and Denied together and the removal of a decision', () => {
    const both = csr(good(), {
      conditions: [
        { type: 'Approved', status: 'True' },
        { type: 'Denied', status: 'True' },
      ],
    });
    expect(messages(both)).toEqual(['status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive']);
    expect(messages(csr(good(), { conditions: [{ type: 'Approved', status: 'False' }] }))).toEqual([
      'status.conditions[0].status: Unsupported value: "False": supported values: "True"',
    ]);
  });

  it('creates through the API server with its error text, resets status and keeps spec', () => {
    const c = createCluster({ preset: 'kind' });
    let error: unknown;
    try {
      c.api.create(CSRS, csr({ ...good(), signerName: '', usages: [] }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      'CertificateSigningRequest.certificates.k8s.io "jane" is invalid: [spec.usages: Required value: usages must be provided, spec.signerName: Required value: signerName must be provided]',
    );
    const created = c.api.create(CSRS, csr(good(), { certificate: 'Zm9v' })).object;
    expect(created.status).toBeUndefined();
    const changed = { ...created, spec: { ...created.spec, usages: ['digital signature', 'client auth'] } };
    expect(c.api.update(CSRS, changed).object.spec.usages).toEqual(['client auth']);
  });
});

describe('the cluster CA', () => {
  it("issues a certificate with the request's subject, which authenticates as CN with O as groups until it expires", () => {
    const parsed = parseRequestPem(base64Decode(jane.request));
    if (!('request' in parsed)) throw new Error(parsed.error);
    const now = Date.parse('2026-11-30T03:00:00Z');
    const pem = signRequest(parsed.request, ['client auth'], 86_400_000, now, 'serial');
    const cert = parseCertificate(unpem(pem, 'CERTIFICATE')!)!;
    expect(cert.notBefore).toBe(now - 300_000);
    expect(cert.notAfter).toBe(now + 86_400_000 - 300_000);
    expect(cert.publicKey?.n).toBe(jane.key.n);
    expect(certificateUser(pem, now)).toEqual({ username: 'jane', groups: ['dev', 'ops', 'system:authenticated'] });
    expect(certificateUser(pem, now + 86_400_000)).toBeUndefined();
    // A short-lived certificate is not backdated at its end.
    const short = parseCertificate(unpem(signRequest(parsed.request, ['client auth'], 3_600_000, now, 's'), 'CERTIFICATE')!)!;
    expect(short.notAfter).toBe(now + 3_600_000);
    expect(certificateUser(KIND_ADMIN_CERTIFICATE, now)).toEqual({ username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] });
  });

  it('does not accept a self-signed certificate', () => {
    const self = `-----BEGIN CERTIFICATE-----\nMIIBszCCAV2gAwIBAgIUQ==\n-----END CERTIFICATE-----\n`;
    expect(certificateUser(self, Date.parse('2026-11-30T03:00:00Z'))).toBeUndefined();
  });
});

describe('RBAC', () => {
  it('allows what a RoleBinding grants in its namespace, and self reviews to everyone authenticated', () => {
    const c = createCluster({ preset: 'kind' });
    const user = { username: 'jane', groups: ['dev', 'system:authenticated'] };
    const pods = { verb: 'list', group: '', resource: 'pods', namespace: 'default', name: '' };
    expect(authorize(c.store, user, pods)).toBe(false);
    c.api.create('roles.rbac.authorization.k8s.io', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'reader', namespace: 'default' },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }],
    });
    c.api.create('rolebindings.rbac.authorization.k8s.io', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'devs', namespace: 'default' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'dev' }],
    });
    expect(authorize(c.store, user, pods)).toBe(true);
    expect(authorize(c.store, user, { ...pods, namespace: 'kube-system' })).toBe(false);
    expect(authorize(c.store, user, { ...pods, verb: 'delete' })).toBe(false);
    expect(authorize(c.store, user, { verb: 'create', group: 'authentication.k8s.io', resource: 'selfsubjectreviews', namespace: '', name: '' })).toBe(true);
  });
});
