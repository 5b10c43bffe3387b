/** Ed25519 public keys from their 32-byte seeds (RFC 8032, 5.1.5), with BigInt arithmetic. */
import { sha512 } from './hash.ts';

const P = 2n ** 255n - 19n;
const mod = (a: bigint): bigint => ((a % P) + P) % P;

function inv(a: bigint): bigint {
  let r = 1n;
  let b = mod(a);
  for (let e = P - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * b) % P;
    b = (b * b) % P;
  }
  return r;
}

const D = mod(-121665n * inv(121666n));
type Point = [bigint, bigint, bigint, bigint];

function add([x1, y1, z1, t1]: Point, [x2, y2, z2, t2]: Point): Point {
  const a = mod((y1 - x1) * (y2 - x2));
  const b = mod((y1 + x1) * (y2 + x2));
  const c = mod(2n * t1 * t2 * D);
  const d = mod(2n * z1 * z2);
  const [e, f, g, h] = [b - a, d - c, d + c, b + a];
  return [mod(e * f), mod(g * h), mod(f * g), mod(e * h)];
}

const BY = mod(4n * inv(5n));
function recoverX(y: bigint): bigint {
  const xx = mod((y * y - 1n) * inv(D * y * y + 1n));
  let x = 1n;
  for (let e = (P + 3n) / 8n, b = xx; e > 0n; e >>= 1n) {
    if (e & 1n) x = (x * b) % P;
    b = (b * b) % P;
  }
  if (mod(x * x - xx) !== 0n) {
    // Multiply by sqrt(-1).
    let i = 1n;
    for (let e = (P - 1n) / 4n, b = 2n; e > 0n; e >>= 1n) {
      if (e & 1n) i = (i * b) % P;
      b = (b * b) % P;
    }
    x = mod(x * i);
  }
  return x & 1n ? P - x : x;
}
const BX = recoverX(BY);
const BASE: Point = [BX, BY, 1n, mod(BX * BY)];

function multiply(s: bigint, pt: Point): Point {
  let q: Point = [0n, 1n, 1n, 0n];
  let p = pt;
  for (; s > 0n; s >>= 1n) {
    if (s & 1n) q = add(q, p);
    p = add(p, p);
  }
  return q;
}

/** The public key of the private key whose seed is `seed` (32 bytes). */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const h = sha512(seed);
  let s = 0n;
  for (let i = 31; i >= 0; i--) {
    let b = h[i]!;
    if (i === 0) b &= 248;
    if (i === 31) b = (b & 127) | 64;
    s = (s << 8n) | BigInt(b);
  }
  const [x, y, z] = multiply(s, BASE);
  const zi = inv(z);
  const ax = mod(x * zi);
  let ay = mod(y * zi);
  if (ax & 1n) ay |= 1n << 255n;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((ay >> BigInt(8 * i)) & 0xffn);
  return out;
}
