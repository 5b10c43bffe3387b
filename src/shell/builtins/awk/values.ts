/**
 * awk's values: numbers, strings, "strnums" (input that looks numeric compares as a number) and
 * the uninitialised value; their conversions, comparisons and `printf` formatting.
 */

/** A run-time error, printed as `awk: MESSAGE` with status 2. */
export class AwkRuntimeError extends Error {}

/** A string read from input (fields, split pieces, -v values): numeric when it looks numeric. */
export class StrNum {
  readonly s: string;
  constructor(s: string) {
    this.s = s;
  }
}

/** The value of a variable never assigned: "" and 0 at once. */
export const UNINIT: unique symbol = Symbol('uninit');

export type Val = number | string | StrNum | typeof UNINIT;

const NUMERIC = /^[ \t\n]*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?[ \t\n]*$/;
const PREFIX = /^[ \t\n]*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/;

/** awk's strtod: the longest numeric prefix, 0 when there is none. */
export function strToNum(s: string): number {
  const m = PREFIX.exec(s);
  return m ? Number(m[0].trim()) : 0;
}

export function toNum(v: Val): number {
  if (typeof v === 'number') return v;
  if (v === UNINIT) return 0;
  return strToNum(typeof v === 'string' ? v : v.s);
}

/** A number as awk turns it into a string: integers whole, others through CONVFMT/OFMT. */
export function numToStr(n: number, fmt: string): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  if (Number.isNaN(n)) return n > 0 ? 'nan' : '-nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  return sprintf(fmt, [n]);
}

export function toStr(v: Val, fmt = '%.6g'): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numToStr(v, fmt);
  if (v === UNINIT) return '';
  return v.s;
}

export function toBool(v: Val): boolean {
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  if (v === UNINIT) return false;
  return NUMERIC.test(v.s) ? strToNum(v.s) !== 0 : v.s !== '';
}

function numberLike(v: Val): boolean {
  return typeof v === 'number' || v === UNINIT || (v instanceof StrNum && NUMERIC.test(v.s));
}

/** Compares as awk does: numerically when both sides are numbers (or numeric input), else as strings. */
export function compare(a: Val, b: Val, fmt: string): number {
  if (numberLike(a) && numberLike(b)) {
    const x = toNum(a);
    const y = toNum(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = toStr(a, fmt);
  const y = toStr(b, fmt);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** C's `%e` exponent form with at least two exponent digits. */
function expForm(n: number, prec: number, upper: boolean): string {
  let s = n.toExponential(Math.min(prec, 100));
  s = s.replace(/e([+-])(\d)$/, 'e$10$2');
  return upper ? s.toUpperCase() : s;
}

function gForm(n: number, prec: number, alt: boolean, upper: boolean): string {
  const P = prec === 0 ? 1 : prec;
  if (n === 0) return alt ? (0).toFixed(P - 1) : '0';
  const X = Math.floor(Math.log10(Math.abs(Number(n.toExponential(P - 1)))));
  let s = P > X && X >= -4 ? n.toFixed(Math.min(100, P - 1 - X)) : expForm(n, P - 1, upper);
  if (!alt) s = s.includes('e') || s.includes('E') ? s.replace(/\.?0+([eE])/, '$1') : s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  return s;
}

/** awk's sprintf: %c %d %i %o %x %X %u %e %E %f %F %g %G %s %%, flags `-0+ #`, width and precision, `*`. */
export function sprintf(fmt: string, args: Val[], convfmt = '%.6g'): string {
  let k = 0;
  const next = (): Val => (k < args.length ? args[k++]! : UNINIT);
  return fmt.replace(
    /%([-0+ #]*)(\*|\d+)?(?:\.(\*|\d*))?([cdiouxXeEfFgGs%])/g,
    (all, flags: string, w: string | undefined, pr: string | undefined, conv: string) => {
      if (conv === '%') return '%';
      let width = w === '*' ? toNum(next()) : w ? Number(w) : 0;
      if (width < 0) {
        flags += '-';
        width = -width;
      }
      const prec = pr === undefined ? undefined : pr === '*' ? Math.max(0, toNum(next())) : Number(pr || 0);
      const v = next();
      let body: string;
      let sign = '';
      let numeric = true;
      switch (conv) {
        case 'c': {
          numeric = false;
          body = typeof v === 'number' ? String.fromCharCode(v) : toStr(v, convfmt).slice(0, 1);
          break;
        }
        case 's':
          numeric = false;
          body = toStr(v, convfmt);
          if (prec !== undefined) body = body.slice(0, prec);
          break;
        case 'd':
        case 'i':
        case 'o':
        case 'x':
        case 'X':
        case 'u': {
          const n = Math.trunc(toNum(v));
          if (n < 0) sign = '-';
          const a = Math.abs(n);
          body = conv === 'o' ? a.toString(8) : conv === 'x' ? a.toString(16) : conv === 'X' ? a.toString(16).toUpperCase() : String(a);
          if (prec !== undefined) body = prec === 0 && a === 0 ? '' : body.padStart(prec, '0');
          if (flags.includes('#') && a !== 0) body = conv === 'o' ? '0' + body : conv === 'x' ? '0x' + body : conv === 'X' ? '0X' + body : body;
          break;
        }
        default: {
          const n = toNum(v);
          if (n < 0 || Object.is(n, -0)) sign = '-';
          const a = Math.abs(n);
          const pp = prec ?? 6;
          if (!Number.isFinite(a)) body = Number.isNaN(a) ? 'nan' : 'inf';
          else if (conv === 'f' || conv === 'F') body = a.toFixed(Math.min(pp, 100));
          else if (conv === 'e' || conv === 'E') body = expForm(a, pp, conv === 'E');
          else body = gForm(a, pp, flags.includes('#'), conv === 'G');
        }
      }
      if (numeric && !sign) sign = flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
      const len = sign.length + body.length;
      if (len >= width) return sign + body;
      if (flags.includes('-')) return sign + body + ' '.repeat(width - len);
      if (flags.includes('0') && numeric && !(prec !== undefined && 'diouxX'.includes(conv))) return sign + '0'.repeat(width - len) + body;
      void all;
      return ' '.repeat(width - len) + sign + body;
    },
  );
}
