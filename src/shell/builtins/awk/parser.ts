/**
 * The awk grammar (POSIX awk, the parts gawk and mawk share): pattern-action items, BEGIN/END,
 * ranges, functions, statements and expressions with awk's precedence, including implicit
 * concatenation and `>` as a redirection inside `print`.
 */
import { AwkSyntaxError, tokenize, type Token } from './lexer.ts';

export type Expr =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 're'; src: string }
  | { t: 'var'; name: string }
  | { t: 'field'; e: Expr }
  | { t: 'index'; name: string; subs: Expr[] }
  | { t: 'assign'; op: string; target: Expr; e: Expr }
  | { t: 'cond'; c: Expr; a: Expr; b: Expr }
  | { t: 'and' | 'or'; a: Expr; b: Expr }
  | { t: 'in'; subs: Expr[]; name: string }
  | { t: 'match'; neg: boolean; e: Expr; re: Expr }
  | { t: 'bin'; op: string; a: Expr; b: Expr }
  | { t: 'cat'; a: Expr; b: Expr }
  | { t: 'unary'; op: string; e: Expr }
  | { t: 'incdec'; op: '++' | '--'; prefix: boolean; target: Expr }
  | { t: 'call'; name: string; args: Expr[] }
  | { t: 'builtin'; name: string; args: Expr[] }
  | { t: 'getline'; target?: Expr }
  | { t: 'group'; items: Expr[] };

export type Stmt =
  | { t: 'print' | 'printf'; args: Expr[]; redir?: { op: string; e: Expr } }
  | { t: 'expr'; e: Expr }
  | { t: 'if'; c: Expr; a: Stmt; b?: Stmt }
  | { t: 'while'; c: Expr; body: Stmt }
  | { t: 'do'; body: Stmt; c: Expr }
  | { t: 'for'; init?: Expr; c?: Expr; step?: Expr; body: Stmt }
  | { t: 'forin'; v: Expr; arr: string; body: Stmt }
  | { t: 'block'; body: Stmt[] }
  | { t: 'delete'; name: string; subs?: Expr[] }
  | { t: 'exit' | 'return'; e?: Expr }
  | { t: 'next' | 'nextfile' | 'break' | 'continue' };

export interface Item {
  pattern?: 'BEGIN' | 'END' | Expr | [Expr, Expr];
  body?: Stmt[];
}

export interface AwkFunction {
  params: string[];
  body: Stmt[];
}

export interface AwkProgram {
  items: Item[];
  functions: Map<string, AwkFunction>;
}

/** Parses an awk program; throws AwkSyntaxError with mawk's wording. */
export function parseProgram(src: string): AwkProgram {
  const toks = tokenize(src);
  let p = 0;
  const peek = (k = 0): Token => toks[Math.min(p + k, toks.length - 1)]!;
  const is = (text: string, k = 0): boolean => {
    const t = peek(k);
    return (t.kind === 'op' || t.kind === 'kw') && t.text === text;
  };
  const fail = (t: Token = peek()): never => {
    if (t.kind === 'eof') {
      const open =
        toks.slice(0, p).filter((x) => x.kind === 'op' && x.text === '{').length - toks.slice(0, p).filter((x) => x.kind === 'op' && x.text === '}').length;
      if (open > 0) throw new AwkSyntaxError(`line ${t.line + (toks[toks.length - 2]?.kind === 'nl' ? 0 : 1)}: missing } near end of file`);
    }
    const near = t.kind === 'nl' ? 'end of line' : t.kind === 'str' ? t.text : t.text;
    throw new AwkSyntaxError(`line ${t.line}: syntax error at or near ${near}`);
  };
  const expect = (text: string): void => {
    if (!is(text)) fail();
    p++;
  };
  const nls = (): void => {
    while (peek().kind === 'nl') p++;
  };
  const terminators = (): void => {
    while (peek().kind === 'nl' || is(';')) p++;
  };

  const functions = new Map<string, AwkFunction>();
  const items: Item[] = [];
  terminators();
  while (peek().kind !== 'eof') {
    if (is('function')) {
      p++;
      const name = peek();
      if (name.kind !== 'func' && name.kind !== 'name') fail();
      p++;
      expect('(');
      const params: string[] = [];
      while (!is(')')) {
        const t = peek();
        if (t.kind !== 'name') fail();
        params.push(t.text);
        p++;
        if (is(',')) {
          p++;
          nls();
        } else if (!is(')')) fail();
      }
      p++;
      nls();
      functions.set(name.text, { params, body: block() });
    } else {
      const item: Item = {};
      if (is('BEGIN') || is('END')) {
        item.pattern = peek().text as 'BEGIN';
        p++;
        if (!is('{')) fail();
      } else if (!is('{')) {
        const a = expr();
        if (is(',')) {
          p++;
          nls();
          item.pattern = [a, expr()];
        } else item.pattern = a;
      }
      if (is('{')) item.body = block();
      items.push(item);
    }
    terminators();
  }
  return { items, functions };

  function block(): Stmt[] {
    expect('{');
    const body: Stmt[] = [];
    terminators();
    while (!is('}')) {
      if (peek().kind === 'eof') fail();
      body.push(statement());
      terminators();
    }
    p++;
    return body;
  }

  function simpleEnd(): void {
    if (is(';') || peek().kind === 'nl') {
      p++;
      return;
    }
    if (is('}') || peek().kind === 'eof') return;
    fail();
  }

  function body(): Stmt {
    nls();
    if (is(';')) {
      p++;
      return { t: 'block', body: [] };
    }
    return statement();
  }

  function statement(): Stmt {
    const t = peek();
    if (is('{')) return { t: 'block', body: block() };
    if (is('if')) {
      p++;
      expect('(');
      const c = expr();
      expect(')');
      const a = body();
      // An `else` may follow after newlines or a `;`.
      let k = 0;
      while (peek(k).kind === 'nl' || is(';', k)) k++;
      if (is('else', k)) {
        p += k + 1;
        return { t: 'if', c, a, b: body() };
      }
      return { t: 'if', c, a };
    }
    if (is('while')) {
      p++;
      expect('(');
      const c = expr();
      expect(')');
      if (is(';')) {
        p++;
        return { t: 'while', c, body: { t: 'block', body: [] } };
      }
      return { t: 'while', c, body: body() };
    }
    if (is('do')) {
      p++;
      const b = body();
      terminators();
      expect('while');
      expect('(');
      const c = expr();
      expect(')');
      simpleEnd();
      return { t: 'do', body: b, c };
    }
    if (is('for')) {
      p++;
      expect('(');
      if (peek().kind === 'name' && is('in', 1) && peek(2).kind === 'name' && is(')', 3)) {
        const v: Expr = { t: 'var', name: peek().text };
        const arr = peek(2).text;
        p += 4;
        return { t: 'forin', v, arr, body: body() };
      }
      const init = is(';') ? undefined : expr();
      expect(';');
      nls();
      const c = is(';') ? undefined : expr();
      expect(';');
      nls();
      const step = is(')') ? undefined : expr();
      expect(')');
      if (is(';')) {
        p++;
        return { t: 'for', init, c, step, body: { t: 'block', body: [] } };
      }
      return { t: 'for', init, c, step, body: body() };
    }
    if (t.kind === 'kw' && (t.text === 'next' || t.text === 'nextfile' || t.text === 'break' || t.text === 'continue')) {
      p++;
      simpleEnd();
      return { t: t.text as 'next' };
    }
    if (is('exit') || is('return')) {
      p++;
      const e = is(';') || is('}') || peek().kind === 'nl' || peek().kind === 'eof' ? undefined : expr();
      simpleEnd();
      return { t: t.text as 'exit', e };
    }
    if (is('delete')) {
      p++;
      const n = peek();
      if (n.kind !== 'name') fail();
      p++;
      let subs: Expr[] | undefined;
      if (is('[')) {
        p++;
        subs = exprList(']');
      }
      simpleEnd();
      return { t: 'delete', name: n.text, subs };
    }
    if (is('print') || is('printf')) {
      p++;
      let args: Expr[] = [];
      if (!(is(';') || is('}') || is('>') || is('>>') || is('|') || peek().kind === 'nl' || peek().kind === 'eof')) {
        args.push(expr(true));
        while (is(',')) {
          p++;
          nls();
          args.push(expr(true));
        }
      }
      if (args.length === 1 && args[0]!.t === 'group') args = args[0].items;
      let redir: { op: string; e: Expr } | undefined;
      if (is('>') || is('>>') || is('|')) {
        const op = peek().text;
        p++;
        redir = { op, e: concat(true) };
      }
      if (t.text === 'printf' && !args.length) fail();
      simpleEnd();
      return { t: t.text as 'print', args, redir };
    }
    const e = expr();
    simpleEnd();
    return { t: 'expr', e };
  }

  function exprList(close: string): Expr[] {
    const list = [expr()];
    while (is(',')) {
      p++;
      nls();
      list.push(expr());
    }
    expect(close);
    return list;
  }

  /** An expression; `noGt` inside print, where `>` redirects and `|` pipes. */
  function expr(noGt = false): Expr {
    return ternary(noGt);
  }

  function isLvalue(e: Expr): boolean {
    return e.t === 'var' || e.t === 'field' || e.t === 'index';
  }

  function ternary(noGt: boolean): Expr {
    const c = or(noGt);
    if (is('?')) {
      p++;
      nls();
      const a = ternary(noGt);
      nls();
      expect(':');
      nls();
      return { t: 'cond', c, a, b: ternary(noGt) };
    }
    const op = peek();
    if (op.kind === 'op' && ['=', '+=', '-=', '*=', '/=', '%=', '^='].includes(op.text) && isLvalue(c)) {
      p++;
      nls();
      return { t: 'assign', op: op.text, target: c, e: ternary(noGt) };
    }
    return c;
  }

  function or(noGt: boolean): Expr {
    let a = and(noGt);
    while (is('||')) {
      p++;
      nls();
      a = { t: 'or', a, b: and(noGt) };
    }
    return a;
  }

  function and(noGt: boolean): Expr {
    let a = inExpr(noGt);
    while (is('&&')) {
      p++;
      nls();
      a = { t: 'and', a, b: inExpr(noGt) };
    }
    return a;
  }

  function inExpr(noGt: boolean): Expr {
    let a = matchExpr(noGt);
    while (is('in') && peek(1).kind === 'name') {
      p++;
      const name = peek().text;
      p++;
      a = { t: 'in', subs: a.t === 'group' ? a.items : [a], name };
    }
    return a;
  }

  function matchExpr(noGt: boolean): Expr {
    let a = comparison(noGt);
    while (is('~') || is('!~')) {
      const neg = peek().text === '!~';
      p++;
      a = { t: 'match', neg, e: a, re: comparison(noGt) };
    }
    return a;
  }

  function comparison(noGt: boolean): Expr {
    const a = concat(noGt);
    const t = peek();
    if (t.kind === 'op' && ['<', '<=', '==', '!=', '>=', '>'].includes(t.text) && !(noGt && t.text === '>')) {
      p++;
      return { t: 'bin', op: t.text, a, b: concat(noGt) };
    }
    return a;
  }

  function startsOperand(): boolean {
    const t = peek();
    if (t.kind === 'num' || t.kind === 'str' || t.kind === 're' || t.kind === 'name' || t.kind === 'func' || t.kind === 'builtin') return true;
    if (t.kind === 'op') return t.text === '$' || t.text === '!' || t.text === '(' || t.text === '-' || t.text === '+' || t.text === '++' || t.text === '--';
    return false;
  }

  function concat(noGt: boolean): Expr {
    let a = additive();
    // `a -1` subtracts; other operand starts concatenate.
    while (startsOperand() && !is('-') && !is('+') && !is('!') && !is('in')) a = { t: 'cat', a, b: additive() };
    void noGt;
    return a;
  }

  function additive(): Expr {
    let a = multiplicative();
    while (is('+') || is('-')) {
      const op = peek().text;
      p++;
      a = { t: 'bin', op, a, b: multiplicative() };
    }
    return a;
  }

  function multiplicative(): Expr {
    let a = unary();
    while (is('*') || is('/') || is('%')) {
      const op = peek().text;
      p++;
      a = { t: 'bin', op, a, b: unary() };
    }
    return a;
  }

  function unary(): Expr {
    if (is('!') || is('-') || is('+')) {
      const op = peek().text;
      p++;
      return { t: 'unary', op, e: unary() };
    }
    return power();
  }

  function power(): Expr {
    const a = postfix();
    if (is('^')) {
      p++;
      // Right-associative, and binds tighter than unary minus on its left only.
      const b = is('-') || is('+') || is('!') ? unary() : power();
      return { t: 'bin', op: '^', a, b };
    }
    return a;
  }

  function postfix(): Expr {
    if (is('++') || is('--')) {
      const op = peek().text as '++';
      p++;
      const target = postfix();
      if (!isLvalue(target)) fail();
      return { t: 'incdec', op, prefix: true, target };
    }
    const e = primary();
    if ((is('++') || is('--')) && isLvalue(e)) {
      const op = peek().text as '++';
      p++;
      return { t: 'incdec', op, prefix: false, target: e };
    }
    return e;
  }

  function primary(): Expr {
    const t = peek();
    p++;
    switch (t.kind) {
      case 'num':
        return { t: 'num', v: t.value as number };
      case 'str':
        return { t: 'str', v: t.value as string };
      case 're':
        return { t: 're', src: t.value as string };
      case 'name':
        if (is('[')) {
          p++;
          return { t: 'index', name: t.text, subs: exprList(']') };
        }
        return { t: 'var', name: t.text };
      case 'func': {
        expect('(');
        const args = is(')') ? (p++, []) : exprList(')');
        return { t: 'call', name: t.text, args };
      }
      case 'builtin': {
        if (!is('(')) {
          if (t.text === 'length') return { t: 'builtin', name: 'length', args: [] };
          fail();
        }
        p++;
        const args = is(')') ? (p++, []) : exprList(')');
        return { t: 'builtin', name: t.text, args };
      }
      case 'kw':
        if (t.text === 'getline') {
          const target = peek().kind === 'name' || is('$') ? postfix() : undefined;
          return { t: 'getline', target };
        }
        return fail(t);
      case 'op':
        if (t.text === '$') {
          const e = is('++') || is('--') ? postfix() : primary();
          return { t: 'field', e };
        }
        if (t.text === '(') {
          nls();
          const items = [expr()];
          while (is(',')) {
            p++;
            nls();
            items.push(expr());
          }
          nls();
          expect(')');
          return items.length === 1 ? items[0]! : { t: 'group', items };
        }
        if (t.text === '-' || t.text === '+' || t.text === '!') return { t: 'unary', op: t.text, e: unary() };
        return fail(t);
      default:
        return fail(t);
    }
  }
}
