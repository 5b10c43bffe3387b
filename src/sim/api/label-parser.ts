/**
 * The label selector text parser (apimachinery pkg/labels/selector.go Lexer/Parser), with
 * its error messages word for word.
 */
import { isQualifiedName, isValidLabelValue } from './names.ts';
import type { Requirement, SelectorOperator } from './labels.ts';

const BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];

type Tok = 'id' | 'in' | 'notin' | '!' | '!=' | '(' | ')' | ',' | '=' | '==' | '>' | '<' | 'eos';

function isSpecial(c: string): boolean {
  return '=!(),><'.includes(c);
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function lex(text: string): { tok: Tok; lit: string }[] {
  const out: { tok: Tok; lit: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (isSpecial(c)) {
      const two = text.slice(i, i + 2);
      if (two === '!=' || two === '==') {
        out.push({ tok: two, lit: two });
        i += 2;
      } else {
        out.push({ tok: c as Tok, lit: c });
        i++;
      }
      continue;
    }
    let j = i;
    while (j < text.length && !isSpace(text[j]!) && !isSpecial(text[j]!)) j++;
    const word = text.slice(i, j);
    out.push({ tok: word === 'in' ? 'in' : word === 'notin' ? 'notin' : 'id', lit: word });
    i = j;
  }
  out.push({ tok: 'eos', lit: '' });
  return out;
}

/** Parses selector text into requirements (unsorted); throws Error with the server's text. */
export class Parser {
  private toks: { tok: Tok; lit: string }[];
  private pos = 0;
  constructor(text: string) {
    this.toks = lex(text);
  }
  /** In the Values context `in`/`notin` are plain identifiers, as in the Go lexer. */
  private fix(t: { tok: Tok; lit: string }, values: boolean): { tok: Tok; lit: string } {
    return values && (t.tok === 'in' || t.tok === 'notin') ? { tok: 'id', lit: t.lit } : t;
  }
  peek(values = true): { tok: Tok; lit: string } {
    return this.fix(this.toks[this.pos]!, values);
  }
  next(values = true): { tok: Tok; lit: string } {
    const t = this.toks[this.pos]!;
    if (this.pos < this.toks.length - 1) this.pos++;
    return this.fix(t, values);
  }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const { tok, lit } = this.peek();
      if (tok === 'id' || tok === '!') {
        try {
          reqs.push(this.requirement());
        } catch (e) {
          throw new Error(`unable to parse requirement: ${(e as Error).message}`);
        }
        const t = this.next();
        if (t.tok === 'eos') return reqs;
        if (t.tok === ',') {
          const t2 = this.peek();
          if (t2.tok !== 'id' && t2.tok !== '!') throw new Error(`found '${t2.lit}', expected: identifier after ','`);
          continue;
        }
        throw new Error(`found '${t.lit}', expected: ',' or 'end of string'`);
      }
      if (tok === 'eos') return reqs;
      throw new Error(`found '${lit}', expected: !, identifier, or 'end of string'`);
    }
  }

  private requirement(): Requirement {
    let t = this.next();
    let op: SelectorOperator | undefined;
    if (t.tok === '!') {
      op = '!';
      t = this.next();
    }
    if (t.tok !== 'id') throw new Error(`found '${t.lit}', expected: identifier`);
    const key = t.lit;
    const keyErrs = isQualifiedName(key);
    if (keyErrs.length) throw new Error(`: Invalid value: ${JSON.stringify(key)}: ${keyErrs.join('; ')}`);
    const after = this.peek().tok;
    if (after === 'eos' || after === ',') return newRequirement(key, op ?? 'exists', []);
    if (op === '!') throw new Error(`found '${this.peek().lit}', expected: ',' or 'end of string'`);
    const o = this.next(false);
    const map: Partial<Record<Tok, SelectorOperator>> = { in: 'in', notin: 'notin', '=': '=', '==': '==', '!=': '!=', '>': 'gt', '<': 'lt' };
    op = map[o.tok];
    if (!op) throw new Error(`found '${o.lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    const values = op === 'in' || op === 'notin' ? this.setValues() : this.exactValue();
    return newRequirement(key, op, values);
  }

  private setValues(): string[] {
    const t = this.next();
    if (t.tok !== '(') throw new Error(`found '${t.lit}' expected: '('`);
    const la = this.peek();
    if (la.tok === ')') {
      this.next();
      return [''];
    }
    if (la.tok !== 'id' && la.tok !== ',') throw new Error(`found '${la.lit}', expected: ',', ')' or identifier`);
    const s = new Set<string>();
    for (;;) {
      const v = this.next();
      if (v.tok === 'id') {
        s.add(v.lit);
        const n = this.peek();
        if (n.tok === ',') continue;
        if (n.tok === ')') break;
        throw new Error(`found '${n.lit}', expected: ',' or ')'`);
      } else if (v.tok === ',') {
        if (s.size === 0) s.add('');
        const n = this.peek();
        if (n.tok === ')') {
          s.add('');
          break;
        }
        if (n.tok === ',') {
          this.next();
          s.add('');
        }
      } else {
        throw new Error(`found '${v.lit}', expected: ',', or identifier`);
      }
    }
    if (this.next().tok !== ')') throw new Error(`found '${la.lit}', expected: ')'`);
    return [...s];
  }

  private exactValue(): string[] {
    const la = this.peek();
    if (la.tok === 'eos' || la.tok === ',') return [''];
    const t = this.next();
    if (t.tok === 'id') return [t.lit];
    throw new Error(`found '${t.lit}', expected: identifier`);
  }
}

function newRequirement(key: string, operator: SelectorOperator, values: string[]): Requirement {
  const vals = [...new Set(values)].sort();
  if ((operator === 'in' || operator === 'notin') && vals.length === 0) {
    throw new Error(`values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty`);
  }
  if ((operator === '=' || operator === '==' || operator === '!=') && vals.length !== 1) {
    throw new Error(`values: Invalid value: []string{}: exact-match compatibility requires one single value`);
  }
  if ((operator === 'gt' || operator === 'lt') && (vals.length !== 1 || !/^-?\d+$/.test(vals[0]!))) {
    throw new Error(`values[0]: Invalid value: ${JSON.stringify(vals[0] ?? '')}: for 'Gt', 'Lt' operators, the value must be an integer`);
  }
  vals.forEach((v, i) => {
    const errs = isValidLabelValue(v);
    if (errs.length) throw new Error(`values[${i}][${key}]: Invalid value: ${JSON.stringify(v)}: ${errs.join('; ')}`);
  });
  return { key, operator, values: vals };
}
