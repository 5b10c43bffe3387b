/**
 * Test material for the certificates API: an RSA key and a PKCS#10 request for a subject, made
 * with the same code as the shell's openssl (a small key, so tests stay fast; the API server
 * accepts any RSA size).
 */
import { pem } from '../../encoding/crypto/der.ts';
import { DeterministicRandom } from '../../encoding/crypto/random.ts';
import { generateRsa, type RsaKey } from '../../encoding/crypto/rsa.ts';
import { certificateRequest, pkcs8 } from '../../encoding/crypto/x509.ts';
import { base64Encode } from '../api/base64.ts';

export interface TestRequest {
  key: RsaKey;
  keyPem: string;
  /** The request as `openssl req -new` writes it. */
  csrPem: string;
  /** `base64 -w0` of the request, as `spec.request` takes it. */
  request: string;
}

/** A key and a request for `subject` ([['CN', 'jane'], ['O', 'dev']]), the same for the same seed. */
export async function testRequest(subject: [string, string][], seed = subject.map(([k, v]) => `${k}=${v}`).join('/')): Promise<TestRequest> {
  const key = (await generateRsa(
    512,
    new DeterministicRandom(seed),
    () => {},
    async () => true,
  ))!;
  const csrPem = pem('CERTIFICATE REQUEST', certificateRequest(key, subject));
  return { key, keyPem: pem('PRIVATE KEY', pkcs8(key)), csrPem, request: base64Encode(csrPem) };
}

/** A CertificateSigningRequest manifest (YAML). */
export function csrManifest(name: string, request: string, opts: { signerName?: string; usages?: string[]; expirationSeconds?: number } = {}): string {
  const usages = opts.usages ?? ['client auth'];
  return [
    'apiVersion: certificates.k8s.io/v1',
    'kind: CertificateSigningRequest',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  request: ${request}`,
    ...(opts.signerName === '' ? [] : [`  signerName: ${opts.signerName ?? 'kubernetes.io/kube-apiserver-client'}`]),
    ...(opts.expirationSeconds === undefined ? [] : [`  expirationSeconds: ${opts.expirationSeconds}`]),
    ...(usages.length ? ['  usages:', ...usages.map((u) => `  - ${u}`)] : []),
    '',
  ].join('\n');
}
