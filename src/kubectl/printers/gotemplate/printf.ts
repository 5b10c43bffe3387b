/**
 * Go's fmt.Sprintf for the verbs templates use (%v %s %d %q %f %t %x %%), with widths,
 * precision and flags, and fmt's error forms: `%!d(string=web)`, `%!s(MISSING)`,
 * `%!(EXTRA int64=1)`.
 */
import { goPrint, goType, isInt, plain, utf8Bytes } from './values.ts';

function pad(s: string, width: number | undefined, left: boolean, zero: boolean): string {
  if (width === undefined || s.length >= width) return s;
  if (left) return s + ' '.repeat(width - s.length);
  if (zero) {
    const neg = s.startsWith('-');
    const body = neg ? s.slice(1) : s;
    return (neg ? '-' : '') + '0'.repeat(width - s.length) + body;
  }
  return ' '.repeat(width - s.length) + s;
}

function bad(verb: string, v: unknown): string {
  return `%!${verb}(${goType(v)}=${goPrint(v)})`;
}

function one(verb: string, v: unknown, prec: number | undefined, plus: boolean): string {
  const p = plain(v);
  switch (verb) {
    case 'v':
      return goPrint(v);
    case 's':
      if (typeof p === 'string') return prec === undefined ? p : p.slice(0, prec);
      if (p !== null && typeof p === 'object') return goPrint(v);
      return bad(verb, v);
    case 'q':
      return typeof p === 'string' ? JSON.stringify(p) : bad(verb, v);
    case 'd':
      return isInt(v) ? (plus && (p as number) >= 0 ? '+' : '') + String(p) : bad(verb, v);
    case 'f':
    case 'F':
      return typeof p === 'number' && !isInt(v) ? (p as number).toFixed(prec ?? 6) : bad(verb, v);
    case 't':
      return typeof p === 'boolean' ? String(p) : bad(verb, v);
    case 'x':
    case 'X': {
      let s: string;
      if (isInt(v)) s = (p as number).toString(16);
      else if (typeof p === 'string')
        s = utf8Bytes(p)
          .map((b) => b.toString(16).padStart(2, '0'))
          .join('');
      else return bad(verb, v);
      return verb === 'X' ? s.toUpperCase() : s;
    }
    case 'c':
      return isInt(v) ? String.fromCodePoint(p as number) : bad(verb, v);
    default:
      return bad(verb, v);
  }
}

/** Formats like Go's fmt.Sprintf. */
export function sprintf(format: string, args: unknown[]): string {
  let out = '';
  let argi = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      out += c;
      continue;
    }
    const m = /^([-+# 0]*)(\d+)?(?:\.(\d*))?(.)?/.exec(format.slice(i + 1))!;
    i += m[0].length;
    const flags = m[1]!;
    const verb = m[4];
    if (verb === undefined) {
      out += '%!(NOVERB)';
      break;
    }
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (argi >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const width = m[2] ? parseInt(m[2], 10) : undefined;
    const prec = m[3] !== undefined ? parseInt(m[3] || '0', 10) : undefined;
    out += pad(one(verb, args[argi++], prec, flags.includes('+')), width, flags.includes('-'), flags.includes('0'));
  }
  if (argi < args.length)
    out += `%!(EXTRA ${args
      .slice(argi)
      .map((a) => `${goType(a)}=${goPrint(a)}`)
      .join(', ')})`;
  return out;
}
