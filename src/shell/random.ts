/**
 * `$RANDOM`: bash 5.2's generator (Park and Miller's minimal standard, folded to 15 bits), so
 * `RANDOM=5; echo $RANDOM` prints what bash prints. The first seed is fixed, not the time, so
 * a replayed session draws the same numbers.
 */

/** The generator's state; a subshell gets a state of its own (bash reseeds subshells). */
export interface RandomState {
  seed: number;
  last: number;
  /** `$SRANDOM`'s own sequence (bash reads the system's random source; here it is seeded, for replays). */
  secure?: number;
}

/** One step of the Park and Miller generator, as bash's intrand32. */
function step(last: number): number {
  const x = last === 0 ? 123459876 : last;
  const h = Math.floor(x / 127773);
  const l = x - 127773 * h;
  const t = 16807 * l - 2836 * h;
  return t < 0 ? t + 0x7fffffff : t;
}

/** The next `$RANDOM` (0-32767), never the same as the one before, as in bash. */
export function nextRandom(r: RandomState): number {
  let v: number;
  do {
    r.seed = step(r.seed);
    v = ((r.seed >>> 16) ^ (r.seed & 65535)) & 32767;
  } while (v === r.last);
  r.last = v;
  return v;
}

/** `RANDOM=N`: seeds the generator with N (as a 32-bit unsigned number). */
export function seedRandom(r: RandomState, value: string): void {
  const n = Number.parseInt(value, 10);
  r.seed = Number.isFinite(n) ? n >>> 0 : 0;
  // bash's sbrand forgets the last value, so `RANDOM=N; echo $RANDOM` prints the same number each time.
  r.last = 0;
}

/** A subshell's generator: derived from the parent's and how many subshells it made before. */
export function forkRandom(r: RandomState, n: number): RandomState {
  return { seed: step((r.seed ^ Math.imul(n, 2654435761)) >>> 0), last: r.last };
}

/** The next `$SRANDOM`: a 32-bit number from a sequence apart from `$RANDOM`'s (which RANDOM=N does not reseed). */
export function nextSecureRandom(r: RandomState): number {
  const a = step(r.secure ?? (r.seed ^ 0x2545f491) >>> 0);
  const b = step(a);
  r.secure = b;
  return ((a << 16) ^ b) >>> 0;
}
