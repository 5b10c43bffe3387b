/**
 * Shell arithmetic `$(( ... ))`: integers, + - * / % ** comparisons, && || !, parentheses,
 * variables by name (unset = 0). Division by zero is reported as busybox does.
 */

export class ArithError extends Error {}

export function evalArith(expr: string, lookup: (name: string) => string | undefined): number {
  const toks = expr.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|\*\*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!]/g) ?? [];
  let i = 0;
  const peek = () => toks[i];
  const next = () => toks[i++];
  const primary = (): number => {
    const t = next();
    if (t === undefined) throw new ArithError('arithmetic syntax error');
    if (t === '(') {
      const v = or();
      if (next() !== ')') throw new ArithError('arithmetic syntax error');
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    if (t === '!') return primary() ? 0 : 1;
    if (/^\d+$/.test(t)) return Number(t);
    if (/^[A-Za-z_]/.test(t)) {
      const v = lookup(t);
      return v === undefined || v === '' ? 0 : Number.parseInt(v, 10) || 0;
    }
    throw new ArithError('arithmetic syntax error');
  };
  const power = (): number => {
    const b = primary();
    if (peek() === '**') {
      next();
      return b ** power();
    }
    return b;
  };
  const mul = (): number => {
    let v = power();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const op = next();
      const r = power();
      if ((op === '/' || op === '%') && r === 0) throw new ArithError('divide by zero');
      v = op === '*' ? v * r : op === '/' ? Math.trunc(v / r) : v % r;
    }
    return v;
  };
  const add = (): number => {
    let v = mul();
    while (peek() === '+' || peek() === '-') v = next() === '+' ? v + mul() : v - mul();
    return v;
  };
  const cmp = (): number => {
    let v = add();
    for (;;) {
      const op = peek();
      if (!op || !['<', '>', '<=', '>=', '==', '!='].includes(op)) return v;
      next();
      const r = add();
      v = Number(op === '<' ? v < r : op === '>' ? v > r : op === '<=' ? v <= r : op === '>=' ? v >= r : op === '==' ? v === r : v !== r);
    }
  };
  const and = (): number => {
    let v = cmp();
    while (peek() === '&&') {
      next();
      const r = cmp();
      v = v && r ? 1 : 0;
    }
    return v;
  };
  const or = (): number => {
    let v = and();
    while (peek() === '||') {
      next();
      const r = and();
      v = v || r ? 1 : 0;
    }
    return v;
  };
  const v = or();
  if (i < toks.length) throw new ArithError('arithmetic syntax error');
  return v;
}
