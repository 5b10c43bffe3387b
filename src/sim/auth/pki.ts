/**
 * The cluster's certificate authority, as kind's kubeadm makes one (CN=kubernetes, ten years):
 * the key the controller manager's CSR signers sign with, and what the API server's client
 * certificate authenticator checks a certificate against. One fixed key for every simulated
 * cluster (a generated one would cost seconds of BigInt arithmetic and draws from the cluster's
 * random stream), so a certificate issued by one simulated cluster is valid for any other.
 * Nothing at a cluster's creation signs: this module and the X.509 code it uses load with the
 * CSR signer or the access checks, whichever comes first; kind's admin is recognised without
 * them (kind-admin.ts).
 */
import { pem, unpem } from '../../encoding/crypto/der.ts';
import { sha256, bytesOf } from '../../encoding/crypto/hash.ts';
import { readPrivateKey, selfSigned } from '../../encoding/crypto/x509.ts';
import { issueCertificate, parseCertificate, readCertificateRequest, verifySha256, type CertificateRequest } from '../../encoding/crypto/x509-ca.ts';
import type { RsaKey } from '../../encoding/crypto/rsa.ts';
import { KIND_ADMIN_CERTIFICATE } from './kind-admin.ts';

const CA_KEY_PEM =
  '-----BEGIN PRIVATE KEY-----\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDd5HqDijWYiDXl\nN1zCWbaG2Wy6QQ4+7VbrnB+ZfUWT2neo0vbeActHbMfrb0RGlF9yYBxagItouYmG\nZZY1+ugIPX3msvGlOUkcKpsXuYUeaDAgYDp56mk/N/5p5d4VMQfR7TsBZLcyK1Ti\n4B3+IzL9uETgwJ46jMi9oH7Zq6PL+5KIUqusccRzLJDmrmzsRN5ZorulJcqXQyA/\ng7sE3nAIJ6sSOu129NKOgZ8c5YprQf3pehP5c2e4RGd8hjgQHqs+IMWdaK2LF8G3\n3M1ETDuVVG8emvIeh5XcgCst0DmCv5adBxuuagxh5ev7RG/HljeIjE5E+I5k5GPR\nbfZiBvmJAgMBAAECggEALfVSwsfvjeY4c39iAQcf3RJPiMxMrQ/vfuFZUis2LAeF\n3TvE0frBJcwMJGFpXM0Cb+gkN0KEnW5AY8vKrueHA53o482Qa05QLDtO4D0Wq1Od\nFDeaJQI+Rk/MrBZmRzFek0Z1gDZiE0wSSuNskuSrfQ2bhomevDXIpi4F2APK60aP\nCO3oeK+WmEUPizT1Wk/RdE7a+PDNN3laCVeSgeSolq+8wihEp/l0zsG+YNA12MfD\nRDBXS029C7IcrwKNxpFu0L/aOkuTPDNXh/f7BApbMO4F5RdoYITNOq165jvEyLuE\n8aDydnYGYE3ctY4k7SXxrFid5XWJRnl2NdrhcJgcYQKBgQD9sWlYAEOYrRm76Br9\ncMz/fio3RGe6Bmj0bJjAaFGrfgDHSjVGFKV0yYZAzB8rCtpF0lejDxbWjvYyKifJ\nJFqMDTWuzni/oMAx5oZS5B9rl5XWcQ/2l2eP5eS2IoJDylGGn3VR8AriwvC/TuHX\nHhc/ONV/pX68KfDknkKANBHT/QKBgQDf6Qlcmc9byvvKA1tWJhZyQu25YI7gBBx9\nn6o3zVYkK4vMjF5kRux9Vh1oTPRDrAoZaB//w8FiP9b4iPaAjWhc28YHyxf1UAWk\nDFb8zuSE8YnPzWQapcS/Zotb7bhYr6K5epKnZIP18ICHGOMYsb10g9/NpAzzKK5h\n56xS2LiDfQKBgH6npw8vOpArw5BDhc4IFeBsTYlAFoUSFC4LVYuhyTxT8PGOA+DU\nB/Kxddw9zEXB6k03gVc//kfqIdHTp/9MrgQDyExYeoI5MBr5mxAhIeqmSEFCOxUC\na8q0nKWtvtk3VdJfI8Rfkh+58VWhfTDXrgV7S2Op7Qbl7YVF2a+Fz2zFAoGAMrHa\nUsLoNcoxU72K0mhxMJGCrTP1ZTbJFJAvw86TsEDDuB4XyPBd3sq+gbzamO+8oZ/3\njrrNb+cwTrkDxns9o7iGj4El/X6OqGO61iYpiwf8wbWo8neRohwfdULPOBUb7I6Z\n4ZhaYDaBgxTZZd/oGxc4dqCr5enSAYyocWFr9SkCgYAyzBZ6I+euhSm3y9BfmizV\nfiV03prEIBvCJw4IFDEbwZEqT5B7PTiD4yC3RUBw6RSzaNXEkss5ZtIjv2sa/hPd\nL+96nOD/6Vov+FERD2SkmfRZI2RMtHQlMZyOs9OlZFhDIQ5XATcGblWvobsPMyeR\nRDeEQUAKuNJvXLhwVU/ahg==\n-----END PRIVATE KEY-----\n';

/** When kind made the cluster's CA (and the admin's certificate). */
const CA_NOT_BEFORE = Date.UTC(2026, 10, 30, 2, 49, 38);
const CA_DAYS = 3650;

interface Authority {
  key: RsaKey;
  certificate: Uint8Array;
  subjectDer: Uint8Array;
  notAfter: number;
}

let authority: Authority | undefined;

function ca(): Authority {
  if (authority) return authority;
  const key = readPrivateKey(unpem(CA_KEY_PEM, 'PRIVATE KEY')!, false)!;
  const serial = sha256(bytesOf('kubernetes-ca')).slice(0, 8);
  serial[0]! &= 0x7f;
  const certificate = selfSigned(key, [['CN', 'kubernetes']], CA_NOT_BEFORE, CA_DAYS, serial);
  const parsed = parseCertificate(certificate)!;
  authority = { key, certificate, subjectDer: parsed.issuerDer, notAfter: parsed.notAfter };
  return authority;
}

/** The CA certificate, PEM (what `certificate-authority-data` and the ca.crt of tokens hold). */
export function caCertificatePem(): string {
  return pem('CERTIFICATE', ca().certificate);
}

/**
 * `spec.request` read as the API server reads it (certificates.ParseCSR, then CheckSignature):
 * the request, or the error its validation reports.
 */
export function parseRequestPem(text: string): { request: CertificateRequest } | { error: string } {
  const m = /-----BEGIN ([^\n-]*)-----/.exec(text);
  if (!m || m[1] !== 'CERTIFICATE REQUEST') return { error: 'PEM block type must be CERTIFICATE REQUEST' };
  const der = unpem(text, 'CERTIFICATE REQUEST');
  const request = der && readCertificateRequest(der);
  // encoding/asn1's answer to a body cut short (the usual slip when pasting one).
  if (!request) return { error: 'asn1: syntax error: data truncated' };
  if (!request.signatureValid) return { error: 'crypto/rsa: verification error' };
  return { request };
}

/**
 * A certificate for `request`, as the signer's PermissiveSigningPolicy makes it: valid from five
 * minutes before `now`, for `ttlMs` (less the five minutes when that is 8h or more), never past
 * the CA's own end; the usages as key usage and extended key usage. PEM.
 */
export function signRequest(request: CertificateRequest, usages: string[], ttlMs: number, now: number, serialSeed: string): string {
  const a = ca();
  const backdate = 5 * 60_000;
  const notBefore = now - backdate;
  let notAfter = ttlMs < 8 * 3_600_000 ? now + ttlMs : now + ttlMs - backdate;
  if (notAfter > a.notAfter) notAfter = a.notAfter;
  const serial = sha256(bytesOf(serialSeed)).slice(0, 16);
  serial[0]! &= 0x7f;
  const der = issueCertificate({
    caKey: a.key,
    issuerDer: a.subjectDer,
    subjectDer: request.subjectDer,
    spkiDer: request.spkiDer,
    serial,
    notBefore: Math.floor(notBefore / 1000) * 1000,
    notAfter: Math.floor(notAfter / 1000) * 1000,
    usages,
  });
  return pem('CERTIFICATE', der);
}

/** Who a client certificate says its holder is, if the cluster's CA issued it and it is valid at `now`. */
export function certificateUser(certPem: string, now: number): { username: string; groups: string[] } | undefined {
  if (certPem === KIND_ADMIN_CERTIFICATE) return { username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
  const der = unpem(certPem, 'CERTIFICATE');
  const cert = der && parseCertificate(der);
  if (!cert) return undefined;
  const a = ca();
  if (!equal(cert.issuerDer, a.subjectDer) || !verifySha256({ n: a.key.n, e: a.key.e }, cert.tbs, cert.signature)) return undefined;
  if (now < cert.notBefore || now > cert.notAfter) return undefined;
  const username = cert.subject.find(([k]) => k === 'CN')?.[1] ?? '';
  const groups = cert.subject.filter(([k]) => k === 'O').map(([, v]) => v);
  return { username, groups: [...groups, 'system:authenticated'] };
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
