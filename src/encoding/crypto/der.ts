/** DER encoding and decoding (X.690) for the few types keys and certificates use, and PEM armour. */
import { decodeBase64Bytes, encodeBase64Bytes } from './base64-bytes.ts';

export type Der = Uint8Array;

function len(n: number): number[] {
  if (n < 128) return [n];
  const out: number[] = [];
  while (n) {
    out.unshift(n & 255);
    n >>= 8;
  }
  return [0x80 | out.length, ...out];
}

export function tlv(tag: number, body: Uint8Array | number[]): Der {
  const b = body instanceof Uint8Array ? body : Uint8Array.from(body);
  const h = [tag, ...len(b.length)];
  const out = new Uint8Array(h.length + b.length);
  out.set(h);
  out.set(b, h.length);
  return out;
}

export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const seq = (...items: Der[]): Der => tlv(0x30, concat(...items));
export const set = (...items: Der[]): Der => tlv(0x31, concat(...items));
export const nul = (): Der => tlv(0x05, []);
export const octets = (b: Uint8Array): Der => tlv(0x04, b);
export const bits = (b: Uint8Array): Der => tlv(0x03, concat(Uint8Array.of(0), b));
export const utf8 = (s: string, bytes: (s: string) => Uint8Array): Der => tlv(0x0c, bytes(s));
export const printable = (s: string): Der => tlv(0x13, Uint8Array.from([...s].map((c) => c.charCodeAt(0))));
export const bool = (v: boolean): Der => tlv(0x01, [v ? 0xff : 0]);
export const explicit = (n: number, inner: Der): Der => tlv(0xa0 + n, inner);

/** A non-negative INTEGER from big-endian bytes or a bigint. */
export function int(v: bigint | number | Uint8Array): Der {
  let b: number[];
  if (v instanceof Uint8Array) b = [...v];
  else {
    let h = BigInt(v).toString(16);
    if (h.length % 2) h = '0' + h;
    b = h.match(/../g)!.map((x) => parseInt(x, 16));
  }
  while (b.length > 1 && b[0] === 0 && b[1]! < 0x80) b.shift();
  if (b[0]! >= 0x80) b.unshift(0);
  return tlv(0x02, b);
}

export function oid(dotted: string): Der {
  const parts = dotted.split('.').map(Number);
  const out = [40 * parts[0]! + parts[1]!];
  for (const p of parts.slice(2)) {
    const enc = [p & 127];
    for (let x = p >> 7; x; x >>= 7) enc.unshift(0x80 | (x & 127));
    out.push(...enc);
  }
  return tlv(0x06, out);
}

/** A decoded element: tag, contents, and where the whole element ends. */
export interface Element {
  tag: number;
  body: Uint8Array;
  end: number;
}

/** Reads the element at `at`; throws on malformed input. */
export function read(b: Uint8Array, at = 0): Element {
  const tag = b[at];
  let l = b[at + 1];
  if (tag === undefined || l === undefined) throw new Error('truncated');
  let p = at + 2;
  if (l & 0x80) {
    const n = l & 127;
    if (n > 4) throw new Error('too long');
    l = 0;
    for (let k = 0; k < n; k++) l = (l << 8) | b[p++]!;
  }
  if (p + l > b.length) throw new Error('truncated');
  return { tag, body: b.subarray(p, p + l), end: p + l };
}

/** The elements inside a constructed element's contents. */
export function children(body: Uint8Array): Element[] {
  const out: Element[] = [];
  for (let at = 0; at < body.length;) {
    const e = read(body, at);
    out.push(e);
    at = e.end;
  }
  return out;
}

export function decodeOid(body: Uint8Array): string {
  const parts = [Math.floor(body[0]! / 40), body[0]! % 40];
  let x = 0;
  for (const v of body.subarray(1)) {
    x = (x << 7) | (v & 127);
    if (!(v & 0x80)) {
      parts.push(x);
      x = 0;
    }
  }
  return parts.join('.');
}

/** PEM armour: base64 in 64-character lines between BEGIN and END lines. */
export function pem(label: string, der: Uint8Array): string {
  const b64 = encodeBase64Bytes(der);
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

/** The DER inside the first PEM block labelled `label`, if any. */
export function unpem(text: string, label: string): Uint8Array | undefined {
  const m = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(text);
  return m ? decodeBase64Bytes(m[1]!.replace(/\s+/g, '')) : undefined;
}
