/**
 * Kubernetes resource quantities (apimachinery/pkg/api/resource): `100m`, `0.5`, `128Mi`,
 * `1Gi`, `1e3`, `2k`. Values are kept exactly as a BigInt mantissa times a power of ten, so
 * comparisons and sums never round; the canonical String() form is what the API server stores.
 */

/** How a quantity prints: `1k` (DecimalSI), `1Ki` (BinarySI), `1e3` (DecimalExponent). */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** An exact quantity value and the format it was written in. */
export interface Quantity {
  /** value = mantissa * 10^exponent */
  mantissa: bigint;
  exponent: number;
  format: QuantityFormat;
}

/** The regular expression the API server quotes when a quantity does not parse. */
export const QUANTITY_REGEXP = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
/** The API server's error texts for undecodable quantities. */
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${QUANTITY_REGEXP}'`;
export const ERR_NUMERIC = "unable to parse quantity's numeric part";
export const ERR_SUFFIX = "unable to parse quantity's suffix";

const RE = new RegExp(QUANTITY_REGEXP);
const DEC_SUFFIX: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BIN_SUFFIX: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };

/** Parses a quantity (string, or a JSON number as YAML gives `cpu: 2`). Throws Error with the server's text. */
export function parseQuantity(input: string | number): Quantity {
  const s = typeof input === 'number' ? numberText(input) : input.trim();
  if (s.length === 0) throw new Error('quantities must not be empty');
  const m = RE.exec(s);
  if (!m) throw new Error(ERR_FORMAT_WRONG);
  const num = m[1]!;
  const suffix = m[2]!;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(num)) throw new Error(ERR_NUMERIC);
  const neg = num.startsWith('-');
  const digits = num.replace(/^[+-]/, '');
  const [intPart, frac = ''] = digits.split('.');
  let mantissa = BigInt((intPart || '0') + frac);
  let exponent = -frac.length;
  let format: QuantityFormat;
  if (suffix in DEC_SUFFIX) {
    exponent += DEC_SUFFIX[suffix]!;
    format = 'DecimalSI';
  } else if (suffix in BIN_SUFFIX) {
    mantissa *= 1024n ** BigInt(BIN_SUFFIX[suffix]!);
    format = 'BinarySI';
  } else if (/^[eE][-+]?\d+$/.test(suffix)) {
    exponent += Number(suffix.slice(1));
    format = 'DecimalExponent';
  } else throw new Error(ERR_SUFFIX);
  if (neg) mantissa = -mantissa;
  return normalize({ mantissa, exponent, format });
}

function numberText(n: number): string {
  // JSON numbers such as 0.5 or 1e3 print fine through String(); large ones lose no digits here.
  return String(n);
}

/** Whether the input parses; returns the server's error text or undefined. */
export function quantityError(input: unknown): string | undefined {
  if (typeof input !== 'string' && typeof input !== 'number') return ERR_FORMAT_WRONG;
  try {
    parseQuantity(input);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

function normalize(q: Quantity): Quantity {
  let { mantissa, exponent } = q;
  if (mantissa === 0n) return { mantissa: 0n, exponent: 0, format: q.format };
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  return { mantissa, exponent, format: q.format };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** -1, 0 or 1. */
export function compareQuantity(a: Quantity, b: Quantity): number {
  const e = Math.min(a.exponent, b.exponent);
  const x = a.mantissa * pow10(a.exponent - e);
  const y = b.mantissa * pow10(b.exponent - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a + b, keeping a's format (as Quantity.Add does). */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  const e = Math.min(a.exponent, b.exponent);
  return normalize({ mantissa: a.mantissa * pow10(a.exponent - e) + b.mantissa * pow10(b.exponent - e), exponent: e, format: a.format });
}

/** The value in milli-units, rounded up (MilliValue), as a JS number (for scheduling sums). */
export function milliValue(q: Quantity): number {
  return Number(scaledCeil(q, -3));
}

/** The value in whole units, rounded up (Value). */
export function quantityValue(q: Quantity): number {
  return Number(scaledCeil(q, 0));
}

function scaledCeil(q: Quantity, scale: number): bigint {
  const d = q.exponent - scale;
  if (d >= 0) return q.mantissa * pow10(d);
  const div = pow10(-d);
  const r = q.mantissa / div;
  return q.mantissa % div === 0n ? r : q.mantissa > 0n ? r + 1n : r;
}

/** Builds a quantity from a number of milli-units (e.g. summed CPU). */
export function fromMilli(milli: number, format: QuantityFormat = 'DecimalSI'): Quantity {
  return normalize({ mantissa: BigInt(Math.round(milli)), exponent: -3, format });
}

/** Builds a quantity from whole units (bytes). */
export function fromValue(v: number, format: QuantityFormat = 'BinarySI'): Quantity {
  return normalize({ mantissa: BigInt(Math.round(v)), exponent: 0, format });
}

const DEC_BY_EXP: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BIN_BY_POW = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** The canonical String() form: `500m`, `2k`, `1536Mi`, `1e3`, `0`. */
export function formatQuantity(q: Quantity): string {
  let { mantissa, exponent } = normalize(q);
  let format = q.format;
  if (mantissa === 0n) return '0';
  if (format === 'BinarySI') {
    // Small or fractional binary values print in decimal form.
    const integral = exponent >= 0 || mantissa % pow10(-exponent) === 0n;
    const asInt = exponent >= 0 ? mantissa * pow10(exponent) : mantissa / pow10(-exponent);
    if (!integral || (asInt > -1024n && asInt < 1024n)) format = 'DecimalSI';
    else {
      let v = asInt;
      let p = 0;
      while (p < 6 && v % 1024n === 0n) {
        v /= 1024n;
        p++;
      }
      return `${v}${BIN_BY_POW[p]}`;
    }
  }
  // Round up to nano precision, as the API server does.
  if (exponent < -9) {
    const div = pow10(-9 - exponent);
    const r = mantissa / div;
    mantissa = mantissa % div === 0n ? r : mantissa > 0n ? r + 1n : r;
    exponent = -9;
    ({ mantissa, exponent } = normalize({ mantissa, exponent, format }));
  }
  let e3 = Math.floor(exponent / 3) * 3;
  if (e3 > 18) e3 = 18;
  mantissa *= pow10(exponent - e3);
  if (format === 'DecimalExponent') return e3 === 0 ? `${mantissa}` : `${mantissa}e${e3}`;
  return `${mantissa}${DEC_BY_EXP[e3]}`;
}

/** Parses and re-prints in canonical form (what `-o yaml` shows after a round trip). */
export function canonicalQuantity(input: string | number): string {
  return formatQuantity(parseQuantity(input));
}
