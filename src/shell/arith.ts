/**
 * `$(( ... ))` arithmetic on integers: + - * / % **, comparisons, ! && ||, parentheses, unary
 * minus, and variables by name (unset or non-numeric ones count as 0), as bash evaluates it.
 */

/** A malformed or impossible expression (`1 +`, division by zero). */
export class ArithError extends Error {}

/** bash's limit on nested sub-expressions (MAX_EXPR_RECURSION_LEVEL). */
const MAX_RECURSION = 1024;

/** Evaluates `expr` with `vars`; throws ArithError with bash's wording. */
export function evalArith(expr: string, vars: Record<string, string>): number {
  const tokens = expr.match(/\s*(\d+|[A-Za-z_][A-Za-z0-9_]*|\$[A-Za-z_][A-Za-z0-9_]*|\*\*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!])\s*/gy);
  const joined = (tokens ?? []).join('');
  if (joined.length !== expr.length) throw new ArithError(`${expr.trim()}: syntax error: invalid arithmetic operator (error token is "${expr.slice(joined.length).trim()}")`);
  const toks = (tokens ?? []).map((t) => t.trim());
  let i = 0;
  const peek = (): string | undefined => toks[i];
  const fail = (): never => {
    throw new ArithError(`${expr.trim()}: syntax error: operand expected (error token is "${toks.slice(i).join(' ') || expr.trim()}")`);
  };
  const LEVELS: string[][] = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];
  /** Precedence climbing: one stack frame per nested operand, whatever the number of levels. */
  const binary = (minLevel: number): number => {
    let left = power();
    for (;;) {
      const level = LEVELS.findIndex((ops) => ops.includes(peek() ?? ''));
      if (level < minLevel || level < 0) return left;
      const op = toks[i++]!;
      left = apply(op, left, binary(level + 1));
    }
  };
  const power = (): number => {
    const base = unary();
    if (peek() === '**') {
      i++;
      return Math.trunc(base ** power());
    }
    return base;
  };
  let nesting = 0;
  const unary = (): number => {
    if (++nesting > MAX_RECURSION) {
      throw new ArithError(`${expr.trim()}: expression recursion level exceeded (error token is "${toks.slice(i).join('')}")`);
    }
    try {
      return operand();
    } finally {
      nesting--;
    }
  };
  const operand = (): number => {
    const t = peek();
    if (t === '-') return i++, -unary();
    if (t === '+') return i++, unary();
    if (t === '!') return i++, unary() === 0 ? 1 : 0;
    if (t === '(') {
      i++;
      const v = binary(0);
      if (peek() !== ')') fail();
      i++;
      return v;
    }
    if (t === undefined) return fail();
    i++;
    if (/^\d+$/.test(t)) return Number(t);
    if (/^\$?[A-Za-z_]/.test(t)) {
      const v = vars[t.replace(/^\$/, '')] ?? '';
      return /^\s*-?\d+\s*$/.test(v) ? Number(v) : 0;
    }
    return fail();
  };
  function apply(op: string, a: number, b: number): number {
    switch (op) {
      case '+': return a + b;
      case '-': return a - b;
      case '*': return a * b;
      case '/':
      case '%':
        if (b === 0) throw new ArithError(`${expr.trim()}: division by 0 (error token is "${String(b)}")`);
        return op === '/' ? Math.trunc(a / b) : a % b;
      case '<': return +(a < b);
      case '>': return +(a > b);
      case '<=': return +(a <= b);
      case '>=': return +(a >= b);
      case '==': return +(a === b);
      case '!=': return +(a !== b);
      case '&&': return +(a !== 0 && b !== 0);
      default: return +(a !== 0 || b !== 0);
    }
  }
  if (!toks.length) return 0;
  const v = binary(0);
  if (i < toks.length) fail();
  return v;
}
