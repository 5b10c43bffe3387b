/**
 * `openssl x509 -text` (OpenSSL 3.0): a certificate laid out field by field, with the
 * extensions the course's certificates carry (key identifiers, basic constraints, key usage,
 * extended key usage, subject alternative names) and any other one by its OID.
 */
import { children, decodeOid, read, type Element } from './der.ts';
import { readCertificate } from './x509.ts';

const ALGORITHMS: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.1': 'rsaEncryption',
};
const KEY_USAGES = [
  'Digital Signature',
  'Non Repudiation',
  'Key Encipherment',
  'Data Encipherment',
  'Key Agreement',
  'Certificate Sign',
  'CRL Sign',
  'Encipher Only',
  'Decipher Only',
];
const EXT_KEY_USAGES: Record<string, string> = {
  '1.3.6.1.5.5.7.3.1': 'TLS Web Server Authentication',
  '1.3.6.1.5.5.7.3.2': 'TLS Web Client Authentication',
  '1.3.6.1.5.5.7.3.3': 'Code Signing',
  '1.3.6.1.5.5.7.3.4': 'E-mail Protection',
  '1.3.6.1.5.5.7.3.8': 'Time Stamping',
  '1.3.6.1.5.5.7.3.9': 'OCSP Signing',
};

const hex2 = (b: number) => b.toString(16).padStart(2, '0');

/** Bytes as OpenSSL dumps them: lower-case pairs with colons, `perLine` to a line. */
function dump(bytes: Uint8Array, perLine: number, indent: number): string {
  const pad = ' '.repeat(indent);
  const all = [...bytes].map(hex2);
  const lines: string[] = [];
  for (let i = 0; i < all.length; i += perLine) lines.push(pad + all.slice(i, i + perLine).join(':') + (i + perLine < all.length ? ':' : ''));
  return lines.join('\n') + '\n';
}

const upperColons = (b: Uint8Array) => [...b].map((x) => hex2(x).toUpperCase()).join(':');

function bitString(e: Element): { bits: number[] } {
  const unused = e.body[0] ?? 0;
  const bits: number[] = [];
  const bytes = e.body.subarray(1);
  for (let i = 0; i < bytes.length * 8 - unused; i++) if (bytes[i >> 3]! & (0x80 >> (i & 7))) bits.push(i);
  return { bits };
}

/** The value lines of one extension (16 spaces in). */
function extensionValue(id: string, value: Uint8Array): string {
  const pad = ' '.repeat(16);
  const inner = read(value);
  switch (id) {
    case '2.5.29.14':
      return `${pad}${upperColons(inner.body)}\n`;
    case '2.5.29.35': {
      const key = children(inner.body).find((c) => c.tag === 0x80);
      return key ? `${pad}${upperColons(key.body)}\n` : '';
    }
    case '2.5.29.19': {
      const parts = children(inner.body);
      const ca = parts[0]?.tag === 0x01 && parts[0].body[0] !== 0;
      const len = parts.find((p) => p.tag === 0x02);
      return `${pad}CA:${ca ? 'TRUE' : 'FALSE'}${len ? `, pathlen:${len.body[0]}` : ''}\n`;
    }
    case '2.5.29.15':
      return `${pad}${bitString(inner)
        .bits.map((b) => KEY_USAGES[b] ?? '')
        .join(', ')}\n`;
    case '2.5.29.37':
      return `${pad}${children(inner.body)
        .map((o) => EXT_KEY_USAGES[decodeOid(o.body)] ?? decodeOid(o.body))
        .join(', ')}\n`;
    case '2.5.29.17':
      return `${pad}${children(inner.body)
        .map((n) =>
          n.tag === 0x82 ? `DNS:${String.fromCharCode(...n.body)}` : n.tag === 0x87 ? `IP Address:${[...n.body].join('.')}` : `othername:<unsupported>`,
        )
        .join(', ')}\n`;
    default:
      return `${pad}${[...value].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('')}\n`;
  }
}

const EXTENSION_NAMES: Record<string, string> = {
  '2.5.29.14': 'X509v3 Subject Key Identifier',
  '2.5.29.35': 'X509v3 Authority Key Identifier',
  '2.5.29.19': 'X509v3 Basic Constraints',
  '2.5.29.15': 'X509v3 Key Usage',
  '2.5.29.37': 'X509v3 Extended Key Usage',
  '2.5.29.17': 'X509v3 Subject Alternative Name',
};

/** The `-text` form of a DER certificate; undefined when it is not one. */
export function certificateText(der: Uint8Array): string | undefined {
  const info = readCertificate(der);
  if (!info) return undefined;
  try {
    const [tbs, , sig] = children(read(der).body);
    const f = children(tbs!.body);
    const k = f[0]!.tag === 0xa0 ? 1 : 0;
    const version = k ? children(f[0]!.body)[0]!.body[0]! : 0;
    const alg = ALGORITHMS[decodeOid(children(f[k + 1]!.body)[0]!.body)] ?? decodeOid(children(f[k + 1]!.body)[0]!.body);
    const serial = f[k]!.body;
    let out = `Certificate:\n    Data:\n        Version: ${version + 1} (0x${version.toString(16)})\n`;
    if (serial.length <= 8 && !(serial[0]! & 0x80)) {
      let n = 0n;
      for (const b of serial) n = (n << 8n) | BigInt(b);
      out += `        Serial Number: ${n} (0x${n.toString(16)})\n`;
    } else out += `        Serial Number:\n${dump(serial, serial.length, 12)}`;
    out += `        Signature Algorithm: ${alg}\n        Issuer: ${info.issuer}\n        Validity\n            Not Before: ${info.notBefore}\n            Not After : ${info.notAfter}\n`;
    out += `        Subject: ${info.subject}\n        Subject Public Key Info:\n`;
    const [keyAlg, keyBits] = children(f[k + 5]!.body);
    out += `            Public Key Algorithm: ${ALGORITHMS[decodeOid(children(keyAlg!.body)[0]!.body)] ?? decodeOid(children(keyAlg!.body)[0]!.body)}\n`;
    const [n, e] = children(read(keyBits!.body.subarray(1)).body);
    const modulus = n!.body;
    const bitsOf = (modulus[0] === 0 ? modulus.length - 1 : modulus.length) * 8 - Math.clz32(modulus[modulus[0] === 0 ? 1 : 0]!) + 24;
    let exponent = 0n;
    for (const b of e!.body) exponent = (exponent << 8n) | BigInt(b);
    out += `                Public-Key: (${bitsOf} bit)\n                Modulus:\n${dump(modulus, 15, 20)}                Exponent: ${exponent} (0x${exponent.toString(16)})\n`;
    const extsWrap = f.slice(k + 6).find((x) => x.tag === 0xa3);
    if (extsWrap) {
      out += '        X509v3 extensions:\n';
      for (const ext of children(read(extsWrap.body).body)) {
        const parts = children(ext.body);
        const id = decodeOid(parts[0]!.body);
        const critical = parts[1]?.tag === 0x01 && parts[1].body[0] !== 0;
        const value = parts[parts.length - 1]!.body;
        out += `            ${EXTENSION_NAMES[id] ?? id}: ${critical ? 'critical' : ''}\n${extensionValue(id, value)}`;
      }
    }
    out += `    Signature Algorithm: ${alg}\n    Signature Value:\n${dump(sig!.body.subarray(1), 18, 8)}`;
    return out;
  } catch {
    return undefined;
  }
}
