/** jq's `@text`, `@json`, `@base64`, `@base64d`, `@uri`, `@html`, `@csv`, `@tsv` and `@sh`. */
import { decodeBase64, encodeBase64, utf8Encode } from '../base64.ts';
import { toJson, type JqVal } from './json.ts';
import { JqCompileError } from './lex.ts';
import { describe, JqError } from './values.ts';

/** The `@name` formats: text, json, base64, base64d, uri, csv, tsv, sh, html. */
export function format(name: string, v: JqVal): string {
  const text = (x: JqVal): string => (typeof x === 'string' ? x : toJson(x));
  switch (name) {
    case 'text':
      return text(v);
    case 'json':
      return toJson(v);
    case 'base64':
      return base64(text(v));
    case 'base64d':
      return unbase64(text(v));
    case 'uri':
      return utf8Encode(text(v))
        .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '%' + b.toString(16).toUpperCase().padStart(2, '0')))
        .join('');
    case 'html':
      return text(v).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);
    case 'csv':
    case 'tsv': {
      if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be ${name}-formatted, only an array can be`);
      return v
        .map((x) => {
          if (typeof x === 'number') return toJson(x);
          if (typeof x === 'boolean') return String(x);
          if (x === null) return '';
          if (typeof x !== 'string') throw new JqError(`${describe(x)} is not valid in a csv row`);
          return name === 'csv' ? `"${x.replace(/"/g, '""')}"` : x.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
        })
        .join(name === 'csv' ? ',' : '\t');
    }
    case 'sh': {
      const one = (x: JqVal): string => {
        if (typeof x === 'string') return `'${x.replace(/'/g, "'\\''")}'`;
        if (Array.isArray(x) || x instanceof Map) throw new JqError(`${describe(x)} can not be escaped for shell`);
        return toJson(x);
      };
      return Array.isArray(v) ? v.map(one).join(' ') : one(v);
    }
  }
  throw new JqCompileError(`${name} is not a valid format at <top-level>, line 1:`);
}

function base64(s: string): string {
  return encodeBase64(s);
}

function unbase64(s: string): string {
  const out = decodeBase64(s);
  if (out === undefined) throw new JqError(`${describe(s)} is not valid base64 data`);
  return out;
}
