/**
 * Seeded randomness for everything the cluster invents: uids, name suffixes, IPs, ports.
 * The same seed gives the same transcript.
 */

/** The alphabet Kubernetes uses for generated suffixes: no vowels, no 0/1/3 look-alikes. */
export const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export class Random {
  private state: number;

  constructor(seed: number = 1) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** `n` characters from Kubernetes' suffix alphabet, as generateName produces. */
  suffix(n: number = 5): string {
    let s = '';
    for (let i = 0; i < n; i++) s += SUFFIX_ALPHABET[this.int(0, SUFFIX_ALPHABET.length - 1)];
    return s;
  }

  /** `n` lowercase hex digits. */
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(0, 15)];
    return s;
  }

  /** A version-4-shaped UUID. */
  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[this.int(0, 3)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
