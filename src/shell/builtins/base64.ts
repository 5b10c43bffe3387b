/** `base64` and `base64 -d` with UTF-8 text, as learners use to read Secrets. */
import type { Command } from '../../command/contract.ts';
import { decodeBase64Bytes, encodeBase64Bytes } from '../../encoding/crypto/base64-bytes.ts';
import { parseArgs, readInputs } from './util.ts';

/** UTF-8 bytes of a string (the core has no TextEncoder). */
export function utf8Encode(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/** Decodes UTF-8 bytes; invalid sequences become U+FFFD. */
export function utf8Decode(bytes: number[]): string {
  let s = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (need < 0 || i + need >= bytes.length + (need ? 0 : 1) || bytes.slice(i + 1, i + 1 + need).some((c) => (c & 0xc0) !== 0x80)) {
      s += need === 0 ? String.fromCharCode(b) : '\ufffd';
      i++;
      continue;
    }
    let cp = need === 0 ? b : b & (0x3f >> need);
    for (let k = 1; k <= need; k++) cp = (cp << 6) | (bytes[i + k]! & 63);
    s += String.fromCodePoint(cp);
    i += need + 1;
  }
  return s;
}

/** Standard base64 of a string's UTF-8 bytes. */
export function encodeBase64(text: string): string {
  return encodeBase64Bytes(Uint8Array.from(utf8Encode(text)));
}

/** Decodes base64 (whitespace ignored) to text; undefined for invalid input. */
export function decodeBase64(data: string): string | undefined {
  const bytes = decodeBase64Bytes(data.replace(/\s+/g, ''));
  return bytes && utf8Decode([...bytes]);
}

export const base64: Command = async (args, ctx) => {
  const p = parseArgs('base64', args, { bool: 'diw', value: 'w', long: { decode: 'd', 'wrap=': 'w', 'ignore-garbage': 'i' } }, ctx);
  if (!p) return 1;
  if (p.operands.length > 1) {
    ctx.stderr(`base64: extra operand '${p.operands[1]}'\nTry 'base64 --help' for more information.\n`);
    return 1;
  }
  const { inputs, failed } = readInputs('base64', p.operands, ctx);
  if (failed) return 1;
  const text = inputs[0]!.text;
  if (p.flags.has('d')) {
    const decoded = decodeBase64(text);
    if (decoded === undefined) {
      ctx.stderr('base64: invalid input\n');
      return 1;
    }
    ctx.stdout(decoded);
    return 0;
  }
  const wrap = p.flags.has('w') ? Number(p.flags.get('w')) : 76;
  const encoded = encodeBase64(text);
  if (!encoded) return 0;
  const rows = wrap > 0 ? (encoded.match(new RegExp(`.{1,${wrap}}`, 'g')) ?? []) : [encoded];
  ctx.stdout(rows.join('\n') + '\n');
  return 0;
};
