/**
 * The terminal's random bytes for keys, certificates and `openssl rand`: a hash-based generator
 * (SHA-256 in counter mode) seeded from what the terminal hands the command (its clock and a
 * per-terminal count, see commands.ts), so a replay of the same session makes the same keys.
 */
import { bytesOf, sha256 } from './hash.ts';

export class DeterministicRandom {
  private readonly seed: Uint8Array;
  private counter = 0;
  private buf: Uint8Array = new Uint8Array(0);
  private at = 0;

  constructor(seed: string) {
    this.seed = sha256(bytesOf(seed));
  }

  /** `n` bytes. */
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (this.at >= this.buf.length) {
        const block = new Uint8Array(this.seed.length + 4);
        block.set(this.seed);
        const c = this.counter++;
        block.set([c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255, c & 255], this.seed.length);
        this.buf = sha256(block);
        this.at = 0;
      }
      out[i] = this.buf[this.at++]!;
    }
    return out;
  }

  /** A random integer of exactly `bits` bits (top bit set). */
  bigint(bits: number): bigint {
    const b = this.bytes(Math.ceil(bits / 8));
    let x = 0n;
    for (const v of b) x = (x << 8n) | BigInt(v);
    x &= (1n << BigInt(bits)) - 1n;
    return x | (1n << BigInt(bits - 1));
  }
}
