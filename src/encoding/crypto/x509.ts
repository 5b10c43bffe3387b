/**
 * Keys and certificates in the formats OpenSSL 3 writes: PKCS#8 private keys, self-signed X.509
 * v3 certificates (subject and authority key identifiers, CA:TRUE as `req -x509` adds them,
 * optional subjectAltName) and PKCS#10 certificate requests, all signed with SHA-256 and RSA;
 * and the reading back of keys and certificates for `openssl x509` and `req -key`.
 */
import { bits, bool, children, concat, decodeOid, explicit, int, nul, octets, oid, printable, read, seq, set, tlv, utf8, type Der } from './der.ts';
import { bytesOf, sha1 } from './hash.ts';
import { fromBytes, signSha256, type RsaKey } from './rsa.ts';

const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

/** Distinguished-name attributes by their short names, as OpenSSL prints them. */
const ATTRS: Record<string, string> = {
  C: '2.5.4.6',
  ST: '2.5.4.8',
  L: '2.5.4.7',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  CN: '2.5.4.3',
  emailAddress: '1.2.840.113549.1.9.1',
  serialNumber: '2.5.4.5',
  DC: '0.9.2342.19200300.100.1.25',
  UID: '0.9.2342.19200300.100.1.1',
};
const NAMES = Object.fromEntries(Object.entries(ATTRS).map(([k, v]) => [v, k]));

/** `-subj /CN=a/O=b` as attribute pairs; undefined when malformed. */
export function parseSubject(s: string): [string, string][] | undefined {
  if (!s.startsWith('/')) return undefined;
  const out: [string, string][] = [];
  for (const part of s.slice(1).split(/(?<!\\)\//)) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    out.push([part.slice(0, eq), part.slice(eq + 1).replace(/\\\//g, '/')]);
  }
  return out;
}

export function knownAttribute(name: string): boolean {
  return name in ATTRS;
}

function name(attrs: [string, string][]): Der {
  return seq(...attrs.map(([k, v]) => set(seq(oid(ATTRS[k]!), k === 'C' ? printable(v) : k === 'emailAddress' ? tlv(0x16, bytesOf(v)) : utf8(v, bytesOf)))));
}

export function rsaPublicKey(key: RsaKey): Der {
  return seq(int(key.n), int(key.e));
}

function spki(key: RsaKey): Der {
  return seq(seq(oid(RSA_ENCRYPTION), nul()), bits(rsaPublicKey(key)));
}

/** The key as `-----BEGIN PRIVATE KEY-----` holds it (PKCS#8 around PKCS#1). */
export function pkcs8(key: RsaKey): Der {
  const inner = seq(int(0), int(key.n), int(key.e), int(key.d), int(key.p), int(key.q), int(key.dp), int(key.dq), int(key.qi));
  return seq(int(0), seq(oid(RSA_ENCRYPTION), nul()), octets(inner));
}

/** Reads a PKCS#8 or PKCS#1 RSA private key; undefined when it is not one. */
export function readPrivateKey(der: Uint8Array, pkcs1: boolean): RsaKey | undefined {
  try {
    let body = read(der).body;
    if (!pkcs1) {
      const parts = children(body);
      if (decodeOid(children(parts[1]!.body)[0]!.body) !== RSA_ENCRYPTION) return undefined;
      body = read(parts[2]!.body).body;
    }
    const n = children(body).map((e) => fromBytes(e.body));
    const [, nn, e, d, p, q, dp, dq, qi] = n as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    return { n: nn, e, d, p, q, dp, dq, qi };
  } catch {
    return undefined;
  }
}

/** UTCTime up to 2049, GeneralizedTime after, as X.509 requires. */
export function validityTime(ms: number): Der {
  const d = new Date(ms);
  const p = (n: number): string => String(n).padStart(2, '0');
  const rest = `${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  const y = d.getUTCFullYear();
  return y < 2050 ? tlv(0x17, bytesOf(p(y % 100) + rest)) : tlv(0x18, bytesOf(String(y) + rest));
}

export interface SubjectAltName {
  dns: string[];
  ips: number[][];
}

function extensions(key: RsaKey, san?: SubjectAltName): Der {
  const ski = sha1(rsaPublicKey(key));
  const exts: Der[] = [
    seq(oid('2.5.29.14'), octets(octets(ski))),
    seq(oid('2.5.29.35'), octets(seq(tlv(0x80, ski)))),
    seq(oid('2.5.29.19'), bool(true), octets(seq(bool(true)))),
  ];
  if (san) exts.push(sanExtension(san));
  return seq(...exts);
}

function sanExtension(san: SubjectAltName): Der {
  return seq(oid('2.5.29.17'), octets(seq(...san.dns.map((d) => tlv(0x82, bytesOf(d))), ...san.ips.map((ip) => tlv(0x87, ip)))));
}

/** A self-signed certificate for `key`, valid from `now` for `days`. */
export function selfSigned(key: RsaKey, subject: [string, string][], now: number, days: number, serial: Uint8Array, san?: SubjectAltName): Der {
  const alg = seq(oid(SHA256_WITH_RSA), nul());
  const tbs = seq(
    explicit(0, int(2)),
    int(serial),
    alg,
    name(subject),
    seq(validityTime(now), validityTime(now + days * 86_400_000)),
    name(subject),
    spki(key),
    explicit(3, extensions(key, san)),
  );
  return seq(tbs, alg, bits(signSha256(key, tbs)));
}

/** A PKCS#10 certificate request. */
export function certificateRequest(key: RsaKey, subject: [string, string][], san?: SubjectAltName): Der {
  const attrs = san ? tlv(0xa0, seq(oid('1.2.840.113549.1.9.14'), set(seq(sanExtension(san))))) : tlv(0xa0, []);
  const info = seq(int(0), name(subject), spki(key), attrs);
  const alg = seq(oid(SHA256_WITH_RSA), nul());
  return seq(info, alg, bits(signSha256(key, info)));
}

/** What `openssl x509` prints about a certificate. */
export interface CertificateInfo {
  serial: Uint8Array;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  der: Uint8Array;
}

function printName(body: Uint8Array): string {
  return children(body)
    .map((rdn) => {
      const [t, v] = children(children(rdn.body)[0]!.body);
      const o = decodeOid(t!.body);
      return `${NAMES[o] ?? o} = ${utf8Decode(v!.body)}`;
    })
    .join(', ');
}

function utf8Decode(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c < 0x80) s += String.fromCharCode(c);
    else if (c < 0xe0) s += String.fromCharCode(((c & 31) << 6) | (b[++i]! & 63));
    else if (c < 0xf0) s += String.fromCharCode(((c & 15) << 12) | ((b[++i]! & 63) << 6) | (b[++i]! & 63));
    else {
      const cp = ((c & 7) << 18) | ((b[++i]! & 63) << 12) | ((b[++i]! & 63) << 6) | (b[++i]! & 63);
      s += String.fromCodePoint(cp);
    }
  }
  return s;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Dec  2 00:11:15 2026 GMT`, as OpenSSL prints a time. */
function printTime(e: { tag: number; body: Uint8Array }): string {
  const s = utf8Decode(e.body);
  const full = e.tag === 0x17 ? (Number(s.slice(0, 2)) < 50 ? '20' : '19') + s : s;
  const [y, mo, d, h, mi, se] = [full.slice(0, 4), full.slice(4, 6), full.slice(6, 8), full.slice(8, 10), full.slice(10, 12), full.slice(12, 14)];
  return `${MONTHS[Number(mo) - 1]} ${String(Number(d)).padStart(2, ' ')} ${h}:${mi}:${se} ${y} GMT`;
}

/** Reads a DER certificate; undefined when it is not one. */
export function readCertificate(der: Uint8Array): CertificateInfo | undefined {
  try {
    const [tbs] = children(read(der).body);
    const f = children(tbs!.body);
    const k = f[0]!.tag === 0xa0 ? 1 : 0;
    const validity = children(f[k + 3]!.body);
    return {
      serial: f[k]!.body,
      issuer: printName(f[k + 2]!.body),
      notBefore: printTime(validity[0]!),
      notAfter: printTime(validity[1]!),
      subject: printName(f[k + 4]!.body),
      der,
    };
  } catch {
    return undefined;
  }
}

export { concat };
