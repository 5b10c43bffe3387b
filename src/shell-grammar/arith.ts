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

/** A malformed or impossible expression; `message` is bash's text without the `bash: ` prefix. */
export class ArithError extends Error {}

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

type Tok = 'num' | 'str' | 'end' | 'preinc' | 'predec' | 'postinc' | 'postdec' | 'opassign' | string;

/** Evaluates `expr` in `scope`; throws ArithError with bash's wording. */
export function evalArith(expr: string, scope: ArithScope): bigint {
  return new Evaluator(scope, 0).evaluate(expr);
}

/** The same as a JavaScript number (for offsets and lengths, which are small). */
export function evalArithNumber(expr: string, scope: ArithScope): number {
  return Number(evalArith(expr, scope));
}

/** Evaluation state of one expression (a variable holding an expression gets its own). */
class Evaluator {
  private src = '';
  private tp = 0;
  private lasttp = 0;
  private cur: Tok = 'end';
  private last: Tok = 'end';
  private tokval = 0n;
  /** The variable (with its subscript) the last `str` token named. */
  private tokref: { name: string; key?: string | bigint } | undefined;
  private assignOp = '';
  private noeval = 0;
  private depth = 0;

  private readonly scope: ArithScope;
  /** How deep in variables holding expressions this evaluation is. */
  private readonly level: number;

  constructor(scope: ArithScope, level: number) {
    this.scope = scope;
    this.level = level;
  }

  evaluate(expr: string): bigint {
    if (this.level > MAX_RECURSION) throw new ArithError(`${expr}: expression recursion level exceeded (error token is "${expr}")`);
    this.src = expr.replace(/^[ \t\n]+/, '');
    if (this.src === '') return 0n;
    this.tp = 0;
    this.readtok();
    const v = this.comma();
    if (this.peek() !== 'end') this.fail('syntax error in expression');
    return v;
  }

  /** The current token (a method, so that checks after readtok() are not narrowed away). */
  private peek(): Tok {
    return this.cur;
  }

  private fail(msg: string): never {
    throw new ArithError(`${this.src}: ${msg} (error token is "${this.src.slice(this.lasttp)}")`);
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
  private binary(level: number): bigint {
    if (level === LEVELS.length) return this.power();
    let a = this.binary(level + 1);
    while (LEVELS[level]!.includes(this.peek())) {
      const op = this.cur;
      this.readtok();
      const b = this.binary(level + 1);
      a = this.binop(op, a, b);
      this.last = 'num';
    }
    return a;
  }

  private binop(op: string, a: bigint, b: bigint): bigint {
    switch (op) {
      case '+': return wrap(a + b);
      case '-': return wrap(a - b);
      case '*': return wrap(a * b);
      case '/':
      case '%':
        if (b === 0n) {
          if (this.noeval === 0) this.fail('division by 0');
          b = 1n;
        }
        if (a === INT_MIN && b === -1n) return op === '/' ? a : 0n;
        return op === '/' ? a / b : a % b;
      case '<<': return wrap(a << (b & 63n));
      case '>>': return a >> (b & 63n);
      case '&': return a & b;
      case '|': return a | b;
      case '^': return a ^ b;
      case '==': return a === b ? 1n : 0n;
      case '!=': return a !== b ? 1n : 0n;
      case '<': return a < b ? 1n : 0n;
      case '>': return a > b ? 1n : 0n;
      case '<=': return a <= b ? 1n : 0n;
      default: return a >= b ? 1n : 0n;
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

  private save() {
    return { tp: this.tp, lasttp: this.lasttp, cur: this.cur, last: this.last, tokval: this.tokval, tokref: this.tokref, noeval: this.noeval };
  }

  private restore(s: ReturnType<Evaluator['save']>): void {
    ({ tp: this.tp, lasttp: this.lasttp, cur: this.cur, last: this.last, tokval: this.tokval, tokref: this.tokref, noeval: this.noeval } = s);
  }

  /** Reads the next token into `cur` (the one before goes to `last`). */
  private readtok(): void {
    const src = this.src;
    let cp = this.tp;
    while (cp < src.length && (src[cp] === ' ' || src[cp] === '\t' || src[cp] === '\n')) cp++;
    if (cp >= src.length) {
      this.last = this.cur;
      this.cur = 'end';
      this.tp = cp;
      return;
    }
    this.lasttp = cp;
    const c = src[cp]!;
    if (/[A-Za-z_]/.test(c)) return this.readName(cp);
    if (/[0-9]/.test(c)) {
      let end = cp;
      while (end < src.length && /[A-Za-z0-9#@_]/.test(src[end]!)) end++;
      this.tokval = this.number(src.slice(cp, end));
      this.tp = end;
      this.last = this.cur;
      this.cur = 'num';
      return;
    }
    this.tp = cp + 1;
    const c1 = src[cp + 1];
    let tok: Tok = c;
    const two = c + (c1 ?? '');
    if (two === '<<' || two === '>>') {
      this.tp++;
      tok = two;
      if (src[this.tp] === '=') {
        this.tp++;
        this.assignOp = two;
        tok = 'opassign';
      }
    } else if (['==', '!=', '>=', '<=', '&&', '||', '**'].includes(two)) {
      this.tp++;
      tok = two;
    } else if ((c === '+' || c === '-') && c1 === c) {
      if (this.peek() === 'str') {
        this.tp++;
        tok = c === '+' ? 'postinc' : 'postdec';
      } else if (/^[ \t\n]*[A-Za-z_]/.test(src.slice(cp + 2))) {
        this.tp++;
        tok = c === '+' ? 'preinc' : 'predec';
      }
    } else if (c1 === '=' && '*/%+-&^|'.includes(c)) {
      this.tp++;
      this.assignOp = c;
      tok = 'opassign';
    } else if (!'=,?:()|^&<>+-*/%!~'.includes(c)) {
      this.tp = cp;
      const prev = this.cur;
      this.fail(prev === 'end' || !/^(num|str|\)|postinc|postdec)$/.test(prev) ? 'syntax error: operand expected' : 'syntax error: invalid arithmetic operator');
    }
    this.last = this.cur;
    this.cur = tok;
  }

  /** A variable name, with its subscript; its value is read unless a plain `=` follows (or it is not evaluated). */
  private readName(cp: number): void {
    const src = this.src;
    let end = cp;
    while (end < src.length && /[A-Za-z0-9_]/.test(src[end]!)) end++;
    const name = src.slice(cp, end);
    let sub: string | undefined;
    if (src[end] === '[') {
      const close = matchBracket(src, end);
      if (close < 0) this.fail('bad array subscript');
      sub = src.slice(end + 1, close);
      end = close + 1;
    }
    this.tp = end;
    const peekAssign = /^[ \t\n]*=(?!=)/.test(src.slice(end));
    const key = sub === undefined ? undefined : this.scope.isAssoc?.(name) ? sub : this.noeval ? 0n : new Evaluator(this.scope, this.level + 1).evaluate(sub);
    this.tokref = { name, key };
    this.tokval = peekAssign || this.noeval ? 0n : this.valueOf(this.scope.get(name, key));
    this.last = this.cur;
    this.cur = 'str';
  }

  /** A variable's value: empty is 0, anything else is an expression of its own. */
  private valueOf(text: string | undefined): bigint {
    if (text === undefined || text === '') return 0n;
    if (/^-?[0-9]{1,15}$/.test(text)) return BigInt(text);
    return new Evaluator(this.scope, this.level + 1).evaluate(text);
  }

  /** `123`, `0x1F`, `017`, `BASE#DIGITS` (bases 2 to 64). */
  private number(text: string): bigint {
    let base = 10;
    let digits = text;
    const hash = text.indexOf('#');
    if (hash >= 0) {
      base = Number(text.slice(0, hash));
      digits = text.slice(hash + 1);
      if (!/^[0-9]+$/.test(text.slice(0, hash)) || base < 2 || base > 64) this.fail('invalid arithmetic base');
      if (digits === '') this.fail('invalid integer constant');
    } else if (/^0[xX]/.test(text)) {
      base = 16;
      digits = text.slice(2);
    } else if (text.length > 1 && text[0] === '0') {
      base = 8;
      digits = text.slice(1);
    }
    let v = 0n;
    for (const d of digits) {
      const n = digitValue(d, base);
      if (n < 0 || n >= base) this.fail('value too great for base');
      v = wrap(v * BigInt(base) + BigInt(n));
    }
    return v;
  }
}

const LEVELS: string[][] = [['|'], ['^'], ['&'], ['==', '!='], ['<', '>', '<=', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];

/** A digit's value in `base` (bash: letters are 10-35 and case-insensitive up to base 36; then a-z, A-Z, @, _). */
function digitValue(d: string, base: number): number {
  if (d >= '0' && d <= '9') return d.charCodeAt(0) - 48;
  const lower = d >= 'a' && d <= 'z';
  const upper = d >= 'A' && d <= 'Z';
  if (base <= 36) return lower ? d.charCodeAt(0) - 87 : upper ? d.charCodeAt(0) - 55 : 99;
  if (lower) return d.charCodeAt(0) - 87;
  if (upper) return d.charCodeAt(0) - 29;
  return d === '@' ? 62 : d === '_' ? 63 : 99;
}

/** Index of the `]` closing the `[` at `open`, past nested brackets; -1 if none. */
function matchBracket(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '[') depth++;
    else if (src[i] === ']' && --depth === 0) return i;
  }
  return -1;
}
