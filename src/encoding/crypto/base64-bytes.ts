/** Base64 of raw bytes (the shell's base64 builtin works on text). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function encodeBase64Bytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + (b === undefined ? '=' : ALPHABET[(n >> 6) & 63]!) + (c === undefined ? '=' : ALPHABET[n & 63]!);
  }
  return out;
}

/** Decodes base64 (no whitespace); undefined when it is not base64. */
export function decodeBase64Bytes(data: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 === 1) return undefined;
  const out: number[] = [];
  let acc = 0;
  let nbits = 0;
  for (const ch of data.replace(/=+$/, '')) {
    acc = ((acc << 6) | ALPHABET.indexOf(ch)) & 0xffffff;
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      out.push((acc >> nbits) & 255);
    }
  }
  return Uint8Array.from(out);
}
