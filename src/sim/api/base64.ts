/**
 * Base64 with UTF-8 text, without DOM or Node globals (Secret `stringData` -> `data`,
 * `kubectl get secret -o jsonpath | base64 -d`).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/** Encodes bytes (or a string as UTF-8) with padding. */
export function base64Encode(input: string | number[]): string {
  const bytes = typeof input === 'string' ? utf8(input) : input;
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += ALPHABET[b0 >> 2];
    out += ALPHABET[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)];
    out += b1 === undefined ? '=' : ALPHABET[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)];
    out += b2 === undefined ? '=' : ALPHABET[b2 & 63];
  }
  return out;
}

/**
 * Decodes standard base64 to bytes. Throws Error `illegal base64 data at input byte N` (Go's
 * encoding/base64 wording) on bad input.
 */
export function base64DecodeBytes(text: string): number[] {
  const out: number[] = [];
  let buf = 0;
  let bits = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '=') break;
    const v = ALPHABET.indexOf(c);
    if (v < 0) throw new Error(`illegal base64 data at input byte ${i}`);
    buf = (buf << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buf >> bits) & 0xff);
    }
  }
  const pad = text.length - i;
  if (text.slice(i) !== '='.repeat(pad) || (text.length % 4 !== 0)) {
    throw new Error(`illegal base64 data at input byte ${Math.min(i, text.length - (text.length % 4 || 4))}`);
  }
  return out;
}

/** Decodes base64 to a UTF-8 string (invalid sequences become U+FFFD). */
export function base64Decode(text: string): string {
  const bytes = base64DecodeBytes(text);
  let s = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    let cp: number;
    let n: number;
    if (b < 0x80) [cp, n] = [b, 1];
    else if (b >> 5 === 6) [cp, n] = [((b & 31) << 6) | ((bytes[i + 1] ?? 0) & 63), 2];
    else if (b >> 4 === 14) [cp, n] = [((b & 15) << 12) | (((bytes[i + 1] ?? 0) & 63) << 6) | ((bytes[i + 2] ?? 0) & 63), 3];
    else if (b >> 3 === 30)
      [cp, n] = [((b & 7) << 18) | (((bytes[i + 1] ?? 0) & 63) << 12) | (((bytes[i + 2] ?? 0) & 63) << 6) | ((bytes[i + 3] ?? 0) & 63), 4];
    else [cp, n] = [0xfffd, 1];
    s += String.fromCodePoint(cp);
    i += n;
  }
  return s;
}
