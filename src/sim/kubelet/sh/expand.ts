/**
 * Word expansion for the container shell: quotes, backslashes, `$VAR`, `${VAR:-x}` and
 * friends, `$?`/`$#`/`$1`, command substitution (`$(...)`, backquotes) and `$((...))` (the
 * shared grammar's arithmetic, which ash has too: `$((i += 1))`, `$((i++))`).
 * Unquoted expansion results are split into fields on blanks; quoted ones are not.
 */
import { ArithError, evalArith } from '../../../shell-grammar/arith.ts';
import { ExitSignal } from './exit-signal.ts';
import type { Gen, Shell } from './interpreter.ts';

export function* dollar(sh: Shell, raw: string, i: number): Gen<{ value: string; end: number }> {
  const next = raw[i + 1];
  if (raw.startsWith('$((', i)) {
    const end = raw.indexOf('))', i);
    const expr = raw.slice(i + 3, end < 0 ? raw.length : end);
    try {
      const expanded = (yield* expandWord(sh, expr, false)).join(' ');
      const scope = { get: (n: string) => sh.param(n), set: (n: string, v: string) => void (sh.vars[n] = v) };
      return { value: String(evalArith(expanded, scope)), end: end < 0 ? raw.length : end + 2 };
    } catch (e) {
      if (e instanceof ArithError) {
        sh.err(`${sh.name}: arithmetic syntax error\n`);
        throw new ExitSignal(2);
      }
      throw e;
    }
  }
  if (next === '(') {
    let depth = 0;
    let j = i + 1;
    for (; j < raw.length; j++) {
      if (raw[j] === '(') depth++;
      else if (raw[j] === ')' && --depth === 0) break;
    }
    return { value: yield* sh.substitute(raw.slice(i + 2, j)), end: j + 1 };
  }
  if (next === '{') {
    const end = raw.indexOf('}', i);
    const body = raw.slice(i + 2, end < 0 ? raw.length : end);
    // `${NAME[SUBSCRIPT]}` (bash's indexed arrays): the subscript is expanded, then read as a number.
    const el = sh.bash ? /^(#?)([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s.exec(body) : null;
    if (el) {
      const name = el[2]!;
      const sub = (yield* expandWord(sh, el[3]!, false)).join('').trim();
      const all = Object.keys(sh.vars)
        .filter((k) => k.startsWith(`${name}[`))
        .sort((a, b) => Number(a.slice(name.length + 1, -1)) - Number(b.slice(name.length + 1, -1)))
        .map((k) => sh.vars[k]!);
      const v = sub === '@' || sub === '*' ? all.join(' ') : (sh.vars[`${name}[${Number.parseInt(sub, 10) || 0}]`] ?? (Number.parseInt(sub, 10) ? '' : (sh.vars[name] ?? '')));
      return { value: el[1] ? String(sub === '@' || sub === '*' ? all.length : v.length) : v, end: end < 0 ? raw.length : end + 1 };
    }
    const m = /^(#?)([A-Za-z_][A-Za-z0-9_]*|[?#$@*!0-9])(?:(:?[-=+?])(.*))?$/s.exec(body);
    let value = '';
    if (m) {
      const v = sh.param(m[2]!);
      const unset = m[3]?.startsWith(':') ? !v : v === undefined;
      if (m[1]) value = String((v ?? '').length);
      else if (m[3]?.endsWith('-')) value = unset ? (yield* expandWord(sh, m[4]!, false)).join(' ') : v!;
      else if (m[3]?.endsWith('=')) {
        value = unset ? (yield* expandWord(sh, m[4]!, false)).join(' ') : v!;
        if (unset) sh.vars[m[2]!] = value;
      } else if (m[3]?.endsWith('+')) value = unset ? '' : (yield* expandWord(sh, m[4]!, false)).join(' ');
      else value = v ?? '';
    }
    return { value, end: end < 0 ? raw.length : end + 1 };
  }
  const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[?#$@*!0-9])/.exec(raw.slice(i + 1));
  if (!m) return { value: '$', end: i + 1 };
  return { value: sh.param(m[0]) ?? '', end: i + 1 + m[0].length };
}

/** Expands one raw word into fields (split unless `split` is false). */
export function* expandWord(sh: Shell, raw: string, split = true): Gen<string[]> {
  const fields: string[] = [];
  let cur = '';
  let has = false;
  const addSplit = (value: string) => {
    if (!split) {
      cur += value;
      return;
    }
    const parts = value.split(/[ \t\n]+/);
    parts.forEach((p, k) => {
      if (k > 0 && (cur !== '' || has)) {
        fields.push(cur);
        cur = '';
        has = false;
      }
      cur += p;
      if (p) has = true;
    });
  };
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i]!;
    if (ch === '\\') {
      cur += raw[i + 1] ?? '';
      has = true;
      i += 2;
    } else if (ch === "'") {
      const end = raw.indexOf("'", i + 1);
      cur += raw.slice(i + 1, end);
      has = true;
      i = end + 1;
    } else if (ch === '"') {
      has = true;
      i++;
      while (i < raw.length && raw[i] !== '"') {
        const c = raw[i]!;
        if (c === '\\' && '$`"\\\n'.includes(raw[i + 1] ?? '')) {
          cur += raw[i + 1];
          i += 2;
        } else if (c === '$') {
          const r = yield* dollar(sh, raw, i);
          cur += r.value;
          i = r.end;
        } else if (c === '`') {
          const end = raw.indexOf('`', i + 1);
          cur += yield* sh.substitute(raw.slice(i + 1, end));
          i = end + 1;
        } else {
          cur += c;
          i++;
        }
      }
      i++;
    } else if (ch === '$') {
      const r = yield* dollar(sh, raw, i);
      addSplit(r.value);
      i = r.end;
    } else if (ch === '`') {
      const end = raw.indexOf('`', i + 1);
      addSplit(yield* sh.substitute(raw.slice(i + 1, end < 0 ? raw.length : end)));
      i = end < 0 ? raw.length : end + 1;
    } else {
      cur += ch;
      has = true;
      i++;
    }
  }
  if (cur !== '' || has) fields.push(cur);
  return fields;
}
