/**
 * The jq language as jq 1.7 parses it: paths (`.a.b`, `.[0]`, `.[]`, `..`, `?`), pipes, commas,
 * `//`, comparisons and arithmetic with jq's precedence, object and array construction, string
 * interpolation and `@format` strings, `if`, `try`, `reduce`, `foreach`, `as` bindings with
 * destructuring, `def`, `label`/`break`, and the update-assignments.
 */
import { JqCompileError, lex, syntax, type Tok } from './lex.ts';

export type Node =
  | { t: 'identity' }
  | { t: 'recurse' }
  | { t: 'field'; of: Node; name: string }
  | { t: 'index'; of: Node; idx: Node }
  | { t: 'slice'; of: Node; from?: Node; to?: Node }
  | { t: 'iterate'; of: Node }
  | { t: 'try'; body: Node; handler?: Node }
  | { t: 'literal'; v: unknown }
  | { t: 'str'; parts: (string | Node)[]; fmt?: string }
  | { t: 'format'; name: string }
  | { t: 'array'; e?: Node }
  | { t: 'object'; entries: { key: Node; value: Node }[] }
  | { t: 'neg'; e: Node }
  | { t: 'pipe' | 'comma' | 'alt' | 'and' | 'or'; a: Node; b: Node }
  | { t: 'bin'; op: string; a: Node; b: Node }
  | { t: 'assign'; op: string; lhs: Node; rhs: Node }
  | { t: 'if'; cond: Node; then: Node; else?: Node }
  | { t: 'reduce'; src: Node; pat: Pattern; init: Node; update: Node }
  | { t: 'foreach'; src: Node; pat: Pattern; init: Node; update: Node; extract?: Node }
  | { t: 'call'; name: string; args: Node[] }
  | { t: 'var'; name: string }
  | { t: 'as'; src: Node; pat: Pattern; body: Node }
  | { t: 'def'; name: string; params: string[]; body: Node; rest: Node }
  | { t: 'label'; name: string; body: Node }
  | { t: 'break'; name: string };

export type Pattern = { t: 'var'; name: string } | { t: 'array'; items: Pattern[] } | { t: 'object'; entries: { key: Node; pat?: Pattern; bind?: string }[] };

export { JqCompileError };

/** Parses a jq program; throws JqCompileError. */
export function parseJq(src: string): Node {
  const all = lex(src).toks;
  all.push({ k: 'eof', v: '' });
  return parseTokens(all, src, true);
}

function parseTokens(toks: Tok[], src: string, top: boolean): Node {
  let p = 0;
  const peek = (k = 0): Tok => toks[Math.min(p + k, toks.length - 1)]!;
  const isOp = (v: string, k = 0): boolean => peek(k).k === 'op' && peek(k).v === v;
  const isKw = (v: string, k = 0): boolean => peek(k).k === 'kw' && peek(k).v === v;
  const describe = (t: Tok): string => {
    if (t.k === 'eof') return top ? '$end' : 'end of file';
    if (t.k === 'num') return 'LITERAL';
    if (t.k === 'str') return 'QQSTRING_START';
    if (t.k === 'ident') return 'IDENT';
    if (t.k === 'field') return 'FIELD';
    if (t.k === 'var') return '$';
    if (t.k === 'format') return 'FORMAT';
    if (t.k === 'kw') return t.v;
    return t.v.length > 1 ? `"${t.v}"` : `'${t.v}'`;
  };
  const fail = (): never => {
    const t = peek();
    throw syntax(t.k === 'op' && t.v === ']' && top ? 'INVALID_CHARACTER, expecting $end' : describe(t), src);
  };
  const expectOp = (v: string): void => {
    if (!isOp(v)) fail();
    p++;
  };
  const expectKw = (v: string): void => {
    if (!isKw(v)) fail();
    p++;
  };

  const node = pipe();
  if (peek().k !== 'eof') fail();
  return node;

  function pipe(): Node {
    if (isKw('def')) {
      p++;
      const name = peek();
      if (name.k !== 'ident' && name.k !== 'kw') fail();
      p++;
      const params: string[] = [];
      if (isOp('(')) {
        p++;
        for (;;) {
          const t = peek();
          if (t.k === 'var') params.push('$' + t.v);
          else if (t.k === 'ident') params.push(t.v);
          else fail();
          p++;
          if (isOp(';')) p++;
          else break;
        }
        expectOp(')');
      }
      expectOp(':');
      const body = pipe();
      expectOp(';');
      return { t: 'def', name: name.v, params, body, rest: pipe() };
    }
    if (isKw('label')) {
      p++;
      const v = peek();
      if (v.k !== 'var') fail();
      p++;
      expectOp('|');
      return { t: 'label', name: v.v, body: pipe() };
    }
    const a = comma();
    if (isOp('|')) {
      p++;
      return { t: 'pipe', a, b: pipe() };
    }
    return a;
  }

  function comma(): Node {
    let a = alternative();
    while (isOp(',')) {
      p++;
      a = { t: 'comma', a, b: alternative() };
    }
    return a;
  }

  function alternative(): Node {
    const a = assignment();
    if (isOp('//')) {
      p++;
      return { t: 'alt', a, b: alternative() };
    }
    return a;
  }

  function assignment(): Node {
    const a = or();
    const t = peek();
    if (t.k === 'op' && ['=', '|=', '+=', '-=', '*=', '/=', '%=', '//='].includes(t.v)) {
      p++;
      return { t: 'assign', op: t.v, lhs: a, rhs: alternative() };
    }
    return a;
  }

  function or(): Node {
    let a = and();
    while (isKw('or')) {
      p++;
      a = { t: 'or', a, b: and() };
    }
    return a;
  }

  function and(): Node {
    let a = comparison();
    while (isKw('and')) {
      p++;
      a = { t: 'and', a, b: comparison() };
    }
    return a;
  }

  function comparison(): Node {
    const a = additive();
    const t = peek();
    if (t.k === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.v)) {
      p++;
      return { t: 'bin', op: t.v, a, b: additive() };
    }
    return a;
  }

  function additive(): Node {
    let a = multiplicative();
    while (isOp('+') || isOp('-')) {
      const op = peek().v;
      p++;
      a = { t: 'bin', op, a, b: multiplicative() };
    }
    return a;
  }

  function multiplicative(): Node {
    let a = unary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = peek().v;
      p++;
      a = { t: 'bin', op, a, b: unary() };
    }
    return a;
  }

  function unary(): Node {
    if (isOp('-')) {
      p++;
      return { t: 'neg', e: unary() };
    }
    return postfix();
  }

  /** A term with its suffixes: `.a`, `[i]`, `[]`, `[a:b]`, `?`, and `as $x | body`. */
  function postfix(): Node {
    let e = term();
    for (;;) {
      const t = peek();
      if (t.k === 'field') {
        p++;
        e = { t: 'field', of: e, name: t.v };
      } else if (isOp('.') && peek(1).k === 'str') {
        p++;
        e = { t: 'index', of: e, idx: stringNode(peek()) };
        p++;
      } else if (isOp('[') || (isOp('.') && isOp('[', 1))) {
        if (isOp('.')) p++;
        e = bracket(e);
      } else if (isOp('?')) {
        p++;
        e = { t: 'try', body: e };
      } else break;
    }
    if (isKw('as')) {
      p++;
      const pat = pattern();
      expectOp('|');
      return { t: 'as', src: e, pat, body: pipe() };
    }
    return e;
  }

  function bracket(of: Node): Node {
    expectOp('[');
    if (isOp(']')) {
      p++;
      return { t: 'iterate', of };
    }
    if (isOp(':')) {
      p++;
      const to = pipe();
      expectOp(']');
      return { t: 'slice', of, to };
    }
    const idx = pipe();
    if (isOp(':')) {
      p++;
      const to = isOp(']') ? undefined : pipe();
      expectOp(']');
      return { t: 'slice', of, from: idx, to };
    }
    expectOp(']');
    return { t: 'index', of, idx };
  }

  function pattern(): Pattern {
    const t = peek();
    if (t.k === 'var') {
      p++;
      return { t: 'var', name: t.v };
    }
    if (isOp('[')) {
      p++;
      const items: Pattern[] = [];
      while (!isOp(']')) {
        items.push(pattern());
        if (isOp(',')) p++;
        else if (!isOp(']')) fail();
      }
      p++;
      return { t: 'array', items };
    }
    if (isOp('{')) {
      p++;
      const entries: { key: Node; pat?: Pattern; bind?: string }[] = [];
      while (!isOp('}')) {
        const k = peek();
        if (k.k === 'var') {
          p++;
          const entry: { key: Node; pat?: Pattern; bind?: string } = { key: { t: 'literal', v: k.v }, bind: k.v };
          if (isOp(':')) {
            p++;
            entry.pat = pattern();
          }
          entries.push(entry);
        } else {
          let key: Node;
          if (k.k === 'ident' || k.k === 'kw') key = { t: 'literal', v: k.v };
          else if (k.k === 'str') key = stringNode(k);
          else if (isOp('(')) {
            p++;
            key = pipe();
            if (!isOp(')')) fail();
          } else return fail();
          p++;
          expectOp(':');
          entries.push({ key, pat: pattern() });
        }
        if (isOp(',')) p++;
        else if (!isOp('}')) fail();
      }
      p++;
      return { t: 'object', entries };
    }
    return fail();
  }

  function stringNode(t: Tok, fmt?: string): Node {
    const parts = t.parts!.map((x) => (typeof x === 'string' ? x : parseTokens(x, src, false)));
    if (parts.length === 1 && !fmt) return { t: 'literal', v: parts[0] };
    return { t: 'str', parts, fmt };
  }

  function args(): Node[] {
    const out: Node[] = [];
    if (!isOp('(')) return out;
    p++;
    for (;;) {
      out.push(pipe());
      if (isOp(';')) p++;
      else break;
    }
    expectOp(')');
    return out;
  }

  function term(): Node {
    const t = peek();
    switch (t.k) {
      case 'num':
        p++;
        return { t: 'literal', v: Number(t.v) };
      case 'str':
        p++;
        return stringNode(t);
      case 'format':
        p++;
        if (peek().k === 'str') {
          const s = peek();
          p++;
          return stringNode(s, t.v);
        }
        return { t: 'format', name: t.v };
      case 'field':
        p++;
        return { t: 'field', of: { t: 'identity' }, name: t.v };
      case 'var':
        p++;
        if (t.v === '__loc__')
          return {
            t: 'literal',
            v: new Map<string, unknown>([
              ['file', '<stdin>'],
              ['line', 1],
            ]),
          };
        return { t: 'var', name: t.v };
      case 'ident': {
        p++;
        if (t.v === 'true' || t.v === 'false' || t.v === 'null') return { t: 'literal', v: t.v === 'null' ? null : t.v === 'true' };
        if (t.v === 'break' && peek().k === 'var') {
          p++;
          return { t: 'break', name: toks[p - 1]!.v };
        }
        const a = args();
        return { t: 'call', name: t.v, args: a };
      }
      case 'kw':
        return keywordTerm(t.v);
      case 'op':
        break;
      default:
        return fail();
    }
    if (isOp('.')) {
      p++;
      if (peek().k === 'str') {
        const s = peek();
        p++;
        return { t: 'index', of: { t: 'identity' }, idx: stringNode(s) };
      }
      if (isOp('[')) return bracket({ t: 'identity' });
      return { t: 'identity' };
    }
    if (isOp('..')) {
      p++;
      return { t: 'recurse' };
    }
    if (isOp('(')) {
      p++;
      const e = pipe();
      expectOp(')');
      return e;
    }
    if (isOp('[')) {
      p++;
      if (isOp(']')) {
        p++;
        return { t: 'array' };
      }
      const e = pipe();
      expectOp(']');
      return { t: 'array', e };
    }
    if (isOp('{')) return object();
    if (isOp('-')) {
      p++;
      return { t: 'neg', e: postfix() };
    }
    return fail();
  }

  function keywordTerm(kw: string): Node {
    p++;
    switch (kw) {
      case 'if': {
        const cond = pipe();
        expectKw('then');
        const then = pipe();
        if (isKw('elif')) {
          // `elif c then x ...` is `else if c then x ... end`, sharing the one `end`.
          toks[p] = { k: 'kw', v: 'if' };
          const rest = keywordTerm('if');
          return { t: 'if', cond, then, else: rest };
        }
        let els: Node | undefined;
        if (isKw('else')) {
          p++;
          els = pipe();
        }
        expectKw('end');
        return { t: 'if', cond, then, else: els };
      }
      case 'try': {
        const body = postfixNoAs();
        if (isKw('catch')) {
          p++;
          return { t: 'try', body, handler: postfixNoAs() };
        }
        return { t: 'try', body };
      }
      case 'reduce':
      case 'foreach': {
        const src = postfixNoAs();
        expectKw('as');
        const pat = pattern();
        expectOp('(');
        const init = pipe();
        expectOp(';');
        const update = pipe();
        let extract: Node | undefined;
        if (kw === 'foreach' && isOp(';')) {
          p++;
          extract = pipe();
        }
        expectOp(')');
        return kw === 'reduce' ? { t: 'reduce', src, pat, init, update } : { t: 'foreach', src, pat, init, update, extract };
      }
      default:
        p--;
        return fail();
    }
  }

  /** A postfix term that stops before `as` (reduce/foreach/try take one). */
  function postfixNoAs(): Node {
    let e = term();
    for (;;) {
      const t = peek();
      if (t.k === 'field') {
        p++;
        e = { t: 'field', of: e, name: t.v };
      } else if (isOp('[') || (isOp('.') && isOp('[', 1))) {
        if (isOp('.')) p++;
        e = bracket(e);
      } else if (isOp('?')) {
        p++;
        e = { t: 'try', body: e };
      } else break;
    }
    return e;
  }

  function object(): Node {
    expectOp('{');
    const entries: { key: Node; value: Node }[] = [];
    while (!isOp('}')) {
      const k = peek();
      let key: Node;
      let value: Node | undefined;
      if (k.k === 'var') {
        p++;
        key = { t: 'literal', v: k.v };
        value = { t: 'var', name: k.v };
      } else if (k.k === 'ident' || k.k === 'kw') {
        p++;
        key = { t: 'literal', v: k.v };
        value = { t: 'field', of: { t: 'identity' }, name: k.v };
      } else if (k.k === 'str') {
        p++;
        key = stringNode(k);
        value = { t: 'index', of: { t: 'identity' }, idx: key };
      } else if (k.k === 'format' && peek(1).k === 'str') {
        p++;
        key = stringNode(peek(), k.v);
        p++;
        value = { t: 'index', of: { t: 'identity' }, idx: key };
      } else if (k.k === 'num') {
        p++;
        key = { t: 'literal', v: k.v };
        if (!isOp(':')) fail();
      } else if (isOp('(')) {
        p++;
        key = pipe();
        expectOp(')');
        if (!isOp(':')) fail();
      } else return fail();
      if (isOp(':')) {
        p++;
        value = objectValue();
      }
      entries.push({ key, value: value! });
      if (isOp(',')) p++;
      else if (!isOp('}')) fail();
    }
    p++;
    return { t: 'object', entries };
  }

  /** An object value: terms joined by `|` (no commas). */
  function objectValue(): Node {
    let a = alternativeNoComma();
    while (isOp('|')) {
      p++;
      a = { t: 'pipe', a, b: alternativeNoComma() };
    }
    return a;
  }

  function alternativeNoComma(): Node {
    return alternative();
  }
}
