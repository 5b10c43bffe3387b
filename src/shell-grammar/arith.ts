/**
 * Shell arithmetic (`$(( ))`, `(( ))`, `let`, `declare -i`) as bash evaluates it: 64-bit
 * integers that wrap, every C operator bash has (`++ --` pre and post, `**`, `~ !`, shifts,
 * bitwise and logical operators, `?:`, `=` and the compound assignments, `,`), numbers in
 * bases 8, 16 and `BASE#DIGITS`, variables whose values are themselves expressions, array
 * elements (`a[i+1]`), and short-circuiting that skips errors in the branch not taken.
 *
 * Errors carry bash's wording, and its "error token": the rest of the expression from the
 * token being read when the error was found (`1/0: division by 0 (error token is "0")`).
 */
import { ArithError, ArithLexer } from './arith-lexer.ts';

export { ArithError } from './arith-lexer.ts';

/** The variables an expression reads and assigns. `key` is an array subscript (a number for indexed arrays). */
export interface ArithScope {
  get(name: string, key?: string | bigint): string | undefined;
  set(name: string, value: string, key?: string | bigint): void;
  /** Whether NAME is an associative array (its subscripts are strings, not expressions). */
  isAssoc?(name: string): boolean;
}

/** bash's limit on nested sub-expressions and variable evaluations (MAX_EXPR_RECURSION_LEVEL). */
const MAX_RECURSION = 1024;

const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);
const INT_MIN = -(2n ** 63n);

/** Evaluates `expr` in `scope`; throws ArithError with bash's wording. */
export function evalArith(expr: string, scope: ArithScope): bigint {
  return new Evaluator(scope, 0).evaluate(expr);
}

/** The same as a JavaScript number (for offsets and lengths, which are small). */
export function evalArithNumber(expr: string, scope: ArithScope): number {
  return Number(evalArith(expr, scope));
}

/** Evaluation state of one expression (a variable holding an expression gets its own). */
class Evaluator extends ArithLexer {
  evaluate(expr: string): bigint {
    if (this.level > MAX_RECURSION) throw new ArithError(`${expr}: expression recursion level exceeded (error token is "${expr}")`);
    this.src = expr.replace(/^[ \t\n]+/, '');
    if (this.src === '') return 0n;
    this.tp = 0;
    try {
      this.readtok();
      const v = this.comma();
      if (this.peek() !== 'end') this.fail('syntax error in expression');
      return v;
    } catch (e) {
      // A stack that runs out first (nesting close to the limit) is the same error.
      if (e instanceof RangeError && this.level === 0) this.fail('expression recursion level exceeded');
      throw e;
    }
  }

  protected subexpression(text: string): bigint {
    return new Evaluator(this.scope, this.level + 1).evaluate(text);
  }

  private comma(): bigint {
    let v = this.assign();
    while (this.peek() === ',') {
      this.readtok();
      v = this.assign();
    }
    return v;
  }

  private assign(): bigint {
    let value = this.cond();
    if (this.peek() !== '=' && this.peek() !== 'opassign') return value;
    const special = this.peek() === 'opassign';
    if (this.last !== 'str') this.fail('attempted assignment to non-variable');
    const op = this.assignOp;
    const lhs = this.tokref!;
    const lvalue = value;
    this.readtok();
    value = this.assign();
    if (special) value = this.binop(op, lvalue, value);
    if (this.noeval === 0) this.scope.set(lhs.name, String(value), lhs.key);
    return value;
  }

  private cond(): bigint {
    const c = this.lor();
    if (this.peek() !== '?') return c;
    this.readtok();
    if (this.peek() === 'end' || this.peek() === ':') this.fail('expression expected');
    const a = this.skipIf(c === 0n, () => this.comma());
    if (this.peek() !== ':') this.fail("`:' expected for conditional expression");
    this.readtok();
    if (this.peek() === 'end') this.fail('expression expected');
    const b = this.skipIf(c !== 0n, () => this.cond());
    this.last = 'num';
    return c !== 0n ? a : b;
  }

  /** Evaluates `f` without side effects or errors from division when `skip` (a branch not taken). */
  private skipIf(skip: boolean, f: () => bigint): bigint {
    if (skip) this.noeval++;
    try {
      return f();
    } finally {
      if (skip) this.noeval--;
    }
  }

  private lor(): bigint {
    let a = this.land();
    while (this.peek() === '||') {
      this.readtok();
      const b = this.skipIf(a !== 0n, () => this.land());
      a = a !== 0n || b !== 0n ? 1n : 0n;
      this.last = '||';
    }
    return a;
  }

  private land(): bigint {
    let a = this.binary(0);
    while (this.peek() === '&&') {
      this.readtok();
      const b = this.skipIf(a === 0n, () => this.binary(0));
      a = a !== 0n && b !== 0n ? 1n : 0n;
      this.last = '&&';
    }
    return a;
  }

  /** `|`, `^`, `&`, equality, comparison, shifts, `+ -`, `* / %`: left-associative levels, lowest first. */
  private binary(minLevel: number): bigint {
    // Precedence climbing: one stack frame per operand whatever the number of levels, so deep
    // parentheses reach bash's recursion limit before the JavaScript stack does.
    let a = this.power();
    for (;;) {
      const level = LEVELS.findIndex((ops) => ops.includes(this.peek()));
      if (level < 0 || level < minLevel) return a;
      const op = this.cur;
      this.readtok();
      const b = this.binary(level + 1);
      a = this.binop(op, a, b);
      this.last = 'num';
    }
  }

  private binop(op: string, a: bigint, b: bigint): bigint {
    switch (op) {
      case '+':
        return wrap(a + b);
      case '-':
        return wrap(a - b);
      case '*':
        return wrap(a * b);
      case '/':
      case '%':
        if (b === 0n) {
          if (this.noeval === 0) this.fail('division by 0');
          b = 1n;
        }
        if (a === INT_MIN && b === -1n) return op === '/' ? a : 0n;
        return op === '/' ? a / b : a % b;
      case '<<':
        return wrap(a << (b & 63n));
      case '>>':
        return a >> (b & 63n);
      case '&':
        return a & b;
      case '|':
        return a | b;
      case '^':
        return a ^ b;
      case '==':
        return a === b ? 1n : 0n;
      case '!=':
        return a !== b ? 1n : 0n;
      case '<':
        return a < b ? 1n : 0n;
      case '>':
        return a > b ? 1n : 0n;
      case '<=':
        return a <= b ? 1n : 0n;
      default:
        return a >= b ? 1n : 0n;
    }
  }

  private power(): bigint {
    const base = this.unary();
    if (this.peek() !== '**') return base;
    this.readtok();
    const exp = this.power(); // right-associative
    this.last = 'num';
    if (exp === 0n) return 1n;
    if (exp < 0n) this.fail('exponent less than 0');
    let result = 1n;
    let b = base;
    for (let e = exp; e > 0n; e >>= 1n) {
      if (e & 1n) result = wrap(result * b);
      b = wrap(b * b);
    }
    return result;
  }

  private unary(): bigint {
    const t = this.cur;
    if (t === '!' || t === '~' || t === '-' || t === '+') {
      this.readtok();
      const v = this.nested(() => this.unary());
      this.last = 'num';
      return t === '!' ? (v === 0n ? 1n : 0n) : t === '~' ? ~v : t === '-' ? wrap(-v) : v;
    }
    return this.operand();
  }

  /** One level deeper (parentheses, unary operators), refused past bash's recursion limit. */
  private nested(f: () => bigint): bigint {
    if (++this.depth > MAX_RECURSION) this.fail('expression recursion level exceeded');
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private operand(): bigint {
    if (this.peek() === 'preinc' || this.peek() === 'predec') {
      const inc = this.peek() === 'preinc' ? 1n : -1n;
      this.last = this.cur;
      this.readtok();
      if (this.peek() !== 'str') this.fail('identifier expected after pre-increment or pre-decrement');
      const v = wrap(this.tokval + inc);
      if (this.noeval === 0) this.scope.set(this.tokref!.name, String(v), this.tokref!.key);
      this.cur = 'num'; // `++x=7` is an assignment to a non-variable
      this.readtok();
      return v;
    }
    if (this.peek() === '(') {
      this.readtok();
      const v = this.nested(() => this.comma());
      if (this.peek() !== ')') this.fail("missing `)'");
      this.readtok();
      return v;
    }
    if (this.peek() !== 'num' && this.peek() !== 'str') this.fail('syntax error: operand expected');
    const v = this.tokval;
    if (this.peek() === 'str') {
      const saved = this.save();
      this.readtok();
      if (this.peek() === 'postinc' || this.peek() === 'postdec') {
        const ref = saved.tokref!;
        if (saved.noeval === 0) this.scope.set(ref.name, String(wrap(v + (this.peek() === 'postinc' ? 1n : -1n))), ref.key);
        this.tokref = ref;
        this.last = 'str';
        this.cur = 'num'; // `x++=7` is an assignment to a non-variable
      } else this.restore(saved);
    }
    this.readtok();
    return v;
  }
}

const LEVELS: string[][] = [['|'], ['^'], ['&'], ['==', '!='], ['<', '>', '<=', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];
