/**
 * RSA key generation (BigInt, Miller-Rabin), and PKCS#1 v1.5 signatures with SHA-256, as
 * OpenSSL makes them for `req -newkey rsa:N` and `genrsa`. The search reports its progress the
 * way OpenSSL's callback does: `.` per candidate, `+` per primality round passed, `*` per prime.
 */
import type { DeterministicRandom } from './random.ts';
import { sha256 } from './hash.ts';

export interface RsaKey {
  n: bigint;
  e: bigint;
  d: bigint;
  p: bigint;
  q: bigint;
  dp: bigint;
  dq: bigint;
  qi: bigint;
}

export function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

function modInv(a: bigint, m: bigint): bigint {
  let [r0, r1] = [a % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

const SMALL_PRIMES: bigint[] = [];
for (let n = 3; SMALL_PRIMES.length < 1500; n += 2) if (SMALL_PRIMES.every((p) => n % Number(p) !== 0)) SMALL_PRIMES.push(BigInt(n));

/** A prime of `bits` bits with p-1 coprime to e; `progress` gets OpenSSL's marks; `pause` between candidates. */
async function prime(
  bits: number,
  e: bigint,
  rnd: DeterministicRandom,
  progress: (mark: string) => void,
  pause: () => Promise<boolean>,
): Promise<bigint | undefined> {
  for (;;) {
    // The top two bits set, so that the product has exactly 2*bits bits.
    let c = rnd.bigint(bits) | (1n << BigInt(bits - 2)) | 1n;
    for (; ; c += 2n) {
      if (SMALL_PRIMES.some((p) => c % p === 0n)) continue;
      progress('.');
      if (!(await pause())) return undefined;
      if ((c - 1n) % e === 0n) continue;
      let d = c - 1n;
      let s = 0;
      while (!(d & 1n)) {
        d >>= 1n;
        s++;
      }
      let probable = true;
      for (let round = 0; round < 5 && probable; round++) {
        const a = (rnd.bigint(bits - 1) % (c - 3n)) + 2n;
        let x = modPow(a, d, c);
        if (x !== 1n && x !== c - 1n) {
          let k = 1;
          for (; k < s; k++) {
            x = (x * x) % c;
            if (x === c - 1n) break;
          }
          if (k === s) probable = false;
        }
        if (probable) progress('+');
      }
      if (probable) {
        progress('*');
        return c;
      }
      if (c > (1n << BigInt(bits)) - 2n) break;
    }
  }
}

/** A new RSA key of `bits` bits (e = 65537); undefined when interrupted. */
export async function generateRsa(
  bits: number,
  rnd: DeterministicRandom,
  progress: (mark: string) => void,
  pause: () => Promise<boolean>,
): Promise<RsaKey | undefined> {
  const e = 65537n;
  for (;;) {
    const p = await prime(bits >> 1, e, rnd, progress, pause);
    if (p === undefined) return undefined;
    progress('\n');
    const q = await prime(bits - (bits >> 1), e, rnd, progress, pause);
    if (q === undefined) return undefined;
    progress('\n');
    if (p === q) continue;
    const [P, Q] = p > q ? [p, q] : [q, p];
    const n = P * Q;
    const phi = (P - 1n) * (Q - 1n);
    const d = modInv(e, phi);
    return { n, e, d, p: P, q: Q, dp: d % (P - 1n), dq: d % (Q - 1n), qi: modInv(Q, P) };
  }
}

export function toBytes(x: bigint, len?: number): Uint8Array {
  let h = x.toString(16);
  if (h.length % 2) h = '0' + h;
  const raw = Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));
  if (len === undefined || raw.length >= len) return raw;
  const out = new Uint8Array(len);
  out.set(raw, len - raw.length);
  return out;
}

export function fromBytes(b: Uint8Array): bigint {
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x;
}

/** The DER DigestInfo prefix of SHA-256 (RFC 8017, 9.2). */
const SHA256_PREFIX = [0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20];

/** RSASSA-PKCS1-v1_5 with SHA-256 over `data`. */
export function signSha256(key: RsaKey, data: Uint8Array): Uint8Array {
  const k = toBytes(key.n).length;
  const t = [...SHA256_PREFIX, ...sha256(data)];
  const em = new Uint8Array(k);
  em[1] = 1;
  em.fill(0xff, 2, k - t.length - 1);
  em[k - t.length - 1] = 0;
  em.set(t, k - t.length);
  // The Chinese remainder theorem: four times faster than m^d mod n.
  const m = fromBytes(em);
  const m1 = modPow(m, key.dp, key.p);
  const m2 = modPow(m, key.dq, key.q);
  const h = (key.qi * (m1 - m2 + key.p)) % key.p;
  return toBytes(m2 + h * key.q, k);
}
