/**
 * bash's arithmetic, expression by expression: the values and error messages are what bash
 * 5.2.15 prints for `echo $((EXPR))` (without its `bash: line 1: ` prefix).
 */
import { describe, expect, it } from 'vitest';
import { ArithError, evalArith } from './arith.ts';

/** [expression, bash's value or `error: MESSAGE`] */
const CASES: [string, string][] = [
  ['1/0', 'error: 1/0: division by 0 (error token is "0")'],
  ['1+', 'error: 1+: syntax error: operand expected (error token is "+")'],
  ['1 + ', 'error: 1 + : syntax error: operand expected (error token is "+ ")'],
  [' 2 * (3 + ) ', 'error: 2 * (3 + ) : syntax error: operand expected (error token is ") ")'],
  ['a b', 'error: a b: syntax error in expression (error token is "b")'],
  ['5 % 0', 'error: 5 % 0: division by 0 (error token is "0")'],
  ['3=4', 'error: 3=4: attempted assignment to non-variable (error token is "=4")'],
  ['1?2', 'error: 1?2: `:\' expected for conditional expression (error token is "2")'],
  ['1?2:', 'error: 1?2:: expression expected (error token is ":")'],
  ['1@2', 'error: 1@2: value too great for base (error token is "1@2")'],
  ['08', 'error: 08: value too great for base (error token is "08")'],
  ['0x1F + 010 + 2#101 + 64#_', '107'],
  ['2**63', '-9223372036854775808'],
  ['2**64', '0'],
  ['-2**63', '-9223372036854775808'],
  ['9223372036854775807+1', '-9223372036854775808'],
  ['2**-1', 'error: 2**-1: exponent less than 0 (error token is "1")'],
  ['1,2,3', '3'],
  ['1?2:3', '2'],
  ['0?2:3', '3'],
  ['a=5, a*=2, a', '10'],
  ['~5', '-6'],
  ['5^3', '6'],
  ['5&3', '1'],
  ['5|3', '7'],
  ['1<<4', '16'],
  ['256>>2', '64'],
  ['++5', '5'],
  ['5++', 'error: 5++: syntax error: operand expected (error token is "+")'],
  ['x++ +1', '1'],
  ['--x', '-1'],
  ['x--5', 'error: x--5: syntax error in expression (error token is "5")'],
  ['1 2', 'error: 1 2: syntax error in expression (error token is "2")'],
  ['!', 'error: !: syntax error: operand expected (error token is "!")'],
  ['10/3', '3'],
  ['-10/3', '-3'],
  ['-10%3', '-1'],
  ['7**2**0', '7'],
  ['1 && 0 || 5', '1'],
  ['1 == 1 != 0', '1'],
  ['-9223372036854775808 / -1', '-9223372036854775808'],
  ['1 ? 0 : 1/0', '0'],
  ['0 && 1/0', '0'],
  ['1 || 1/0', '1'],
  ['16#ff', '255'],
  ['2#102', 'error: 2#102: value too great for base (error token is "2#102")'],
  ['0x', '0'],
  ['  1/0  ', 'error: 1/0  : division by 0 (error token is "0  ")'],
  ['x=3, x<<=2, x|=1, x^=4, x&=13, x', '9'],
  ['y=7, y/=2, y%=2, y', '1'],
  ['(1+2)*3 - -4', '13'],
  ['!0 + !5', '1'],
  ['1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 4', '0'],
  ['i=1, j=i++ + ++i, j', '4'],
  ['1 ? 2 : 3 ? 4 : 5', '2'],
  ['0 ? 1 : 0 ? 2 : 3', '3'],
  ['36#zz + 64#@@', '5325'],
  ['-5 >> 1', '-3'],
  ['1 << 63', '-9223372036854775808'],
];

function run(expr: string): string {
  const vars: Record<string, string> = {};
  try {
    return String(evalArith(expr, { get: (n) => vars[n], set: (n, v) => void (vars[n] = v) }));
  } catch (e) {
    if (e instanceof ArithError) return 'error: ' + e.message;
    throw e;
  }
}

describe('evalArith', () => {
  for (const [expr, expected] of CASES) it(expr, () => expect(run(expr)).toBe(expected));

  it('reads a variable holding an expression as that expression, and stops a variable naming itself', () => {
    const vars: Record<string, string> = { x: '1+2', loop: 'loop' };
    const scope = { get: (n: string) => vars[n], set: (n: string, v: string) => void (vars[n] = v) };
    expect(evalArith('x*2', scope)).toBe(6n);
    expect(() => evalArith('loop', scope)).toThrow(/expression recursion level exceeded/);
  });

  it('reads and assigns array elements through the scope, with an evaluated subscript', () => {
    const items = new Map<string, string>([['1', '10']]);
    const scope = {
      get: (n: string, k?: string | bigint) => (k === undefined ? (n === 'i' ? '0' : undefined) : items.get(String(k))),
      set: (_n: string, v: string, k?: string | bigint) => void items.set(String(k), v),
    };
    expect(evalArith('a[i+1]*2', scope)).toBe(20n);
    expect(evalArith('a[2]=a[1]++', scope)).toBe(10n);
    expect([...items]).toEqual([
      ['1', '11'],
      ['2', '10'],
    ]);
  });
});
