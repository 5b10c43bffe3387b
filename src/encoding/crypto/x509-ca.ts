/**
 * What a certificate authority does with PKCS#10 requests and X.509 certificates: reads a
 * request (its subject, its public key) and checks its signature, issues a certificate for it
 * signed by the CA's key (as Go's x509.CreateCertificate lays one out for the Kubernetes signer:
 * key usage, extended key usage, CA:FALSE, the CA's key identifier), and reads a certificate back
 * far enough to verify who signed it and when it is valid.
 */
import { bits, bool, children, decodeOid, explicit, int, nul, octets, oid, read, seq, tlv, type Der, type Element } from './der.ts';
import { bytesOf, sha1, sha256 } from './hash.ts';
import { fromBytes, modPow, signSha256, toBytes, type RsaKey } from './rsa.ts';
import { rsaPublicKey, validityTime as time } from './x509.ts';

const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const SHA256_PREFIX = [0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20];

/** Attribute OIDs to the short names the API server reads (CN, O, OU...). */
const SHORT: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.8': 'ST',
  '2.5.4.7': 'L',
};

export interface PublicKey {
  n: bigint;
  e: bigint;
}

/** The whole element (header and contents) as DER: DER is canonical, so re-encoding gives its bytes. */
const whole = (e: Element): Der => tlv(e.tag, e.body);

/** UTF-8 (or ASCII) string contents. */
function text(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c < 0x80) s += String.fromCharCode(c);
    else if (c < 0xe0) s += String.fromCharCode(((c & 31) << 6) | (b[++i]! & 63));
    else if (c < 0xf0) s += String.fromCharCode(((c & 15) << 12) | ((b[++i]! & 63) << 6) | (b[++i]! & 63));
    else s += String.fromCodePoint(((c & 7) << 18) | ((b[++i]! & 63) << 12) | ((b[++i]! & 63) << 6) | (b[++i]! & 63));
  }
  return s;
}

/** A Name's attributes in order, as [short name or OID, value]. */
function nameAttributes(name: Uint8Array): [string, string][] {
  const out: [string, string][] = [];
  for (const rdn of children(name)) {
    for (const atv of children(rdn.body)) {
      const [t, v] = children(atv.body);
      const o = decodeOid(t!.body);
      out.push([SHORT[o] ?? o, text(v!.body)]);
    }
  }
  return out;
}

function publicKeyOf(spki: Element): PublicKey | undefined {
  const [alg, key] = children(spki.body);
  if (decodeOid(children(alg!.body)[0]!.body) !== RSA_ENCRYPTION) return undefined;
  const [n, e] = children(read(key!.body.subarray(1)).body);
  return { n: fromBytes(n!.body), e: fromBytes(e!.body) };
}

/** RSASSA-PKCS1-v1_5 with SHA-256: whether `sig` is `key`'s signature of `data`. */
export function verifySha256(key: PublicKey, data: Uint8Array, sig: Uint8Array): boolean {
  const k = toBytes(key.n).length;
  if (sig.length !== k) return false;
  const em = toBytes(modPow(fromBytes(sig), key.e, key.n), k);
  const t = [...SHA256_PREFIX, ...sha256(data)];
  if (em[0] !== 0 || em[1] !== 1 || em[k - t.length - 1] !== 0) return false;
  for (let i = 2; i < k - t.length - 1; i++) if (em[i] !== 0xff) return false;
  return t.every((b, i) => em[k - t.length + i] === b);
}

/** A parsed certificate request. */
export interface CertificateRequest {
  subject: [string, string][];
  /** The subject Name as DER, copied into the certificate. */
  subjectDer: Der;
  /** The SubjectPublicKeyInfo as DER. */
  spkiDer: Der;
  publicKey?: PublicKey;
  /** Whether the request is signed by its own key (x509.CertificateRequest.CheckSignature). */
  signatureValid: boolean;
}

/** Reads a DER PKCS#10 request; undefined when it is not one. */
export function readCertificateRequest(der: Uint8Array): CertificateRequest | undefined {
  try {
    const outer = read(der);
    if (outer.tag !== 0x30) return undefined;
    const [info, alg, sig] = children(outer.body);
    const [, subject, spki] = children(info!.body);
    const publicKey = publicKeyOf(spki!);
    const algorithm = decodeOid(children(alg!.body)[0]!.body);
    const signatureValid = !!publicKey && algorithm === SHA256_WITH_RSA && verifySha256(publicKey, whole(info!), sig!.body.subarray(1));
    return { subject: nameAttributes(subject!.body), subjectDer: whole(subject!), spkiDer: whole(spki!), publicKey, signatureValid };
  } catch {
    return undefined;
  }
}

/** A parsed certificate, as far as a verifier needs it. */
export interface Certificate {
  subject: [string, string][];
  issuerDer: Der;
  notBefore: number;
  notAfter: number;
  publicKey?: PublicKey;
  /** The signed part and its signature. */
  tbs: Der;
  signature: Uint8Array;
}

function timeOf(e: Element): number {
  const s = text(e.body);
  const full = e.tag === 0x17 ? (Number(s.slice(0, 2)) < 50 ? '20' : '19') + s : s;
  return Date.UTC(+full.slice(0, 4), +full.slice(4, 6) - 1, +full.slice(6, 8), +full.slice(8, 10), +full.slice(10, 12), +full.slice(12, 14));
}

/** Reads a DER certificate; undefined when it is not one. */
export function parseCertificate(der: Uint8Array): Certificate | undefined {
  try {
    const [tbs, , sig] = children(read(der).body);
    const f = children(tbs!.body);
    const k = f[0]!.tag === 0xa0 ? 1 : 0;
    const validity = children(f[k + 3]!.body);
    return {
      issuerDer: whole(f[k + 2]!),
      notBefore: timeOf(validity[0]!),
      notAfter: timeOf(validity[1]!),
      subject: nameAttributes(f[k + 4]!.body),
      publicKey: publicKeyOf(f[k + 5]!),
      tbs: whole(tbs!),
      signature: sig!.body.subarray(1),
    };
  } catch {
    return undefined;
  }
}

/** Key usage bits (RFC 5280 4.2.1.3), by the names the certificates API uses. */
const KEY_USAGE_BITS: Record<string, number> = {
  'digital signature': 0,
  signing: 0,
  'content commitment': 1,
  'key encipherment': 2,
  'data encipherment': 3,
  'key agreement': 4,
  'cert sign': 5,
  'crl sign': 6,
  'encipher only': 7,
  'decipher only': 8,
};
const EXT_KEY_USAGES: Record<string, string> = {
  'server auth': '1.3.6.1.5.5.7.3.1',
  'client auth': '1.3.6.1.5.5.7.3.2',
  'code signing': '1.3.6.1.5.5.7.3.3',
  'email protection': '1.3.6.1.5.5.7.3.4',
  's/mime': '1.3.6.1.5.5.7.3.4',
  timestamping: '1.3.6.1.5.5.7.3.8',
  'ocsp signing': '1.3.6.1.5.5.7.3.9',
};

function keyUsage(usages: string[]): Der | undefined {
  const set = usages.map((u) => KEY_USAGE_BITS[u]).filter((b): b is number => b !== undefined);
  if (!set.length) return undefined;
  const bytes = new Uint8Array(Math.max(...set) >= 8 ? 2 : 1);
  for (const b of set) bytes[b >> 3]! |= 0x80 >> (b & 7);
  const last = bytes[bytes.length - 1]!;
  let unused = 0;
  while (unused < 7 && !(last & (1 << unused))) unused++;
  return seq(oid('2.5.29.15'), bool(true), octets(tlv(0x03, [unused, ...bytes])));
}

/** What the CA signs. */
export interface IssueRequest {
  caKey: RsaKey;
  /** The CA certificate's subject Name (the issued certificate's issuer). */
  issuerDer: Der;
  subjectDer: Der;
  spkiDer: Der;
  serial: Uint8Array;
  notBefore: number;
  notAfter: number;
  usages: string[];
}

/** A certificate for a request, signed by the CA with SHA-256 and RSA. */
export function issueCertificate(r: IssueRequest): Der {
  const alg = seq(oid(SHA256_WITH_RSA), nul());
  const exts: Der[] = [];
  const ku = keyUsage(r.usages);
  if (ku) exts.push(ku);
  const eku = r.usages.map((u) => EXT_KEY_USAGES[u]).filter((o): o is string => !!o);
  if (eku.length) exts.push(seq(oid('2.5.29.37'), octets(seq(...eku.map(oid)))));
  exts.push(seq(oid('2.5.29.19'), bool(true), octets(seq())));
  exts.push(seq(oid('2.5.29.35'), octets(seq(tlv(0x80, sha1(rsaPublicKey(r.caKey)))))));
  const tbs = seq(
    explicit(0, int(2)),
    int(r.serial),
    alg,
    r.issuerDer,
    seq(time(r.notBefore), time(r.notAfter)),
    r.subjectDer,
    r.spkiDer,
    explicit(3, seq(...exts)),
  );
  return seq(tbs, alg, bits(signSha256(r.caKey, tbs)));
}

export { rsaPublicKey };
