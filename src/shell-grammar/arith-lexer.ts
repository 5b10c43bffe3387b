/**
 * The tokens of a shell arithmetic expression, read one at a time as bash's evaluator reads
 * them: numbers in their bases, variable names with subscripts (whose values are read as the
 * name is), operators, and the position errors point at.
 */
import type { ArithScope } from './arith.ts';
import { ArithError } from './arith-error.ts';

export { ArithError };

export type Tok = 'num' | 'str' | 'end' | 'preinc' | 'predec' | 'postinc' | 'postdec' | 'opassign' | string;

const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);

/** The lexer's state; the evaluator (arith.ts) reads expressions from it. */
export abstract class ArithLexer {
  protected src = '';
  protected tp = 0;
  protected lasttp = 0;
  protected cur: Tok = 'end';
  protected last: Tok = 'end';
  protected tokval = 0n;
  /** The variable (with its subscript) the last `str` token named. */
  protected tokref: { name: string; key?: string | bigint } | undefined;
  protected assignOp = '';
  protected noeval = 0;
  protected depth = 0;

  protected readonly scope: ArithScope;
  /** How deep in variables holding expressions this evaluation is. */
  protected readonly level: number;

  constructor(scope: ArithScope, level: number) {
    this.scope = scope;
    this.level = level;
  }

  /** The current token (a method, so that checks after readtok() are not narrowed away). */
  protected peek(): Tok {
    return this.cur;
  }

  protected fail(msg: string): never {
    throw new ArithError(`${this.src}: ${msg} (error token is "${this.src.slice(this.lasttp)}")`);
  }

  protected save() {
    return { tp: this.tp, lasttp: this.lasttp, cur: this.cur, last: this.last, tokval: this.tokval, tokref: this.tokref, noeval: this.noeval };
  }

  protected restore(s: ReturnType<ArithLexer['save']>): void {
    ({ tp: this.tp, lasttp: this.lasttp, cur: this.cur, last: this.last, tokval: this.tokval, tokref: this.tokref, noeval: this.noeval } = s);
  }

  /** Reads the next token into `cur` (the one before goes to `last`). */
  protected readtok(): void {
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
      this.fail(
        prev === 'end' || !/^(num|str|\)|postinc|postdec)$/.test(prev) ? 'syntax error: operand expected' : 'syntax error: invalid arithmetic operator',
      );
    }
    this.last = this.cur;
    this.cur = tok;
  }

  /** A variable name, with its subscript; its value is read unless a plain `=` follows (or it is not evaluated). */
  protected readName(cp: number): void {
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
    const key = sub === undefined ? undefined : this.scope.isAssoc?.(name) ? sub : this.noeval ? 0n : this.subexpression(sub);
    this.tokref = { name, key };
    this.tokval = peekAssign || this.noeval ? 0n : this.valueOf(this.scope.get(name, key));
    this.last = this.cur;
    this.cur = 'str';
  }

  /** A variable's value: empty is 0, anything else is an expression of its own. */
  protected valueOf(text: string | undefined): bigint {
    if (text === undefined || text === '') return 0n;
    if (/^-?[0-9]{1,15}$/.test(text)) return BigInt(text);
    return this.subexpression(text);
  }

  /** `123`, `0x1F`, `017`, `BASE#DIGITS` (bases 2 to 64). */
  protected number(text: string): bigint {
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

  /** The value of an expression inside this one (a subscript, a variable's value). */
  protected abstract subexpression(text: string): bigint;
}

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
