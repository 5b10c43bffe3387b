/**
 * UTF-8 encoding of a string, written once for the simulator (the pod-template-hash) and the
 * command layer (the hashes the shell's tools print). The core builds without DOM or Node
 * libraries, so there is no TextEncoder to lean on. This folder imports nothing, so every
 * layer may import it.
 */

/** The UTF-8 bytes of `s` (code points, so a surrogate pair is one 4-byte sequence). */
export function utf8Bytes(s: string): Uint8Array {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}
