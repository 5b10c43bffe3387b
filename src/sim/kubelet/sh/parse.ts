/**
 * Tokeniser and parser for the POSIX-shell subset containers run: words with quotes and
 * substitutions kept raw (expanded at run time), `;` `&` newlines `&&` `||` `|`, redirections,
 * `if/elif/else/fi`, `while`/`until ... do ... done`, `for x in ...; do ... done`, `{ }`, `( )`.
 */

export type Token = { t: 'word'; raw: string } | { t: 'op'; v: string };

export interface Redirect {
  fd: number;
  op: '>' | '>>' | '<' | '>&';
  target: string;
}

export type Command =
  | { k: 'simple'; words: string[]; redirs: Redirect[] }
  | { k: 'if'; clauses: { cond: List; body: List }[]; otherwise?: List; redirs: Redirect[] }
  | { k: 'loop'; until: boolean; cond: List; body: List; redirs: Redirect[] }
  | { k: 'for'; name: string; items?: string[]; body: List; redirs: Redirect[] }
  | { k: 'group'; body: List; subshell: boolean; redirs: Redirect[] };

export interface Pipeline {
  bang: boolean;
  cmds: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; p: Pipeline }[];
}

export type List = AndOr[];

export class ShellSyntaxError extends Error {}

const OPS = ['&&', '||', ';;', '>>', '>&', '2>&1', ';', '&', '|', '(', ')', '<', '>', '\n'];

/** Splits a script into words (raw, quotes kept) and operators. */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    if (ch === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (/[0-9]/.test(ch) && (src[i + 1] === '>' || src[i + 1] === '<')) {
      const op = src.startsWith('>&', i + 1) ? '>&' : src.startsWith('>>', i + 1) ? '>>' : src[i + 1]!;
      out.push({ t: 'op', v: ch + op });
      i += 1 + op.length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      out.push({ t: 'op', v: op });
      i += op.length;
      continue;
    }
    let raw = '';
    while (i < src.length) {
      const c = src[i]!;
      if (' \t\n;&|()<>'.includes(c)) break;
      if (c === '\\') {
        raw += src.slice(i, i + 2);
        i += 2;
      } else if (c === "'") {
        const end = src.indexOf("'", i + 1);
        if (end < 0) throw new ShellSyntaxError('unterminated quoted string');
        raw += src.slice(i, end + 1);
        i = end + 1;
      } else if (c === '"' || c === '`') {
        let j = i + 1;
        while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
        if (j >= src.length) throw new ShellSyntaxError('unterminated quoted string');
        raw += src.slice(i, j + 1);
        i = j + 1;
      } else if (c === '$' && src[i + 1] === '(') {
        let depth = 0;
        let j = i + 1;
        for (; j < src.length; j++) {
          if (src[j] === '(') depth++;
          else if (src[j] === ')' && --depth === 0) break;
        }
        raw += src.slice(i, j + 1);
        i = j + 1;
      } else if (c === '$' && src[i + 1] === '{') {
        const end = src.indexOf('}', i);
        raw += src.slice(i, end < 0 ? src.length : end + 1);
        i = end < 0 ? src.length : end + 1;
      } else {
        raw += c;
        i++;
      }
    }
    out.push({ t: 'word', raw });
  }
  return out;
}

const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'while', 'until', 'do', 'done', 'for', 'in', '{', '}', '!']);

class Parser {
  private i = 0;
  private toks: Token[];
  constructor(toks: Token[]) {
    this.toks = toks;
  }

  private peek(): Token | undefined {
    return this.toks[this.i];
  }
  private isWord(w: string): boolean {
    const t = this.peek();
    return t?.t === 'word' && t.raw === w;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.v === v;
  }
  private skipNewlines(): void {
    while (this.isOp('\n') || this.isOp(';')) this.i++;
  }
  private expectWord(w: string): void {
    this.skipNewlines();
    if (!this.isWord(w)) throw new ShellSyntaxError(`syntax error: unexpected ${this.describe()} (expecting "${w}")`);
    this.i++;
  }
  private describe(): string {
    const t = this.peek();
    if (!t) return 'end of file';
    return t.t === 'word' ? `"${t.raw}"` : t.v === '\n' ? 'newline' : `"${t.v}"`;
  }

  /** A list up to one of the terminator words (or the end). */
  list(terminators: string[] = []): List {
    const items: List = [];
    for (;;) {
      this.skipNewlines();
      const t = this.peek();
      if (!t) break;
      if (t.t === 'word' && terminators.includes(t.raw)) break;
      if (t.t === 'op' && t.v === ')') break;
      items.push(this.andOr());
      if (this.isOp('&')) this.i++;
    }
    return items;
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    while (this.isOp('&&') || this.isOp('||')) {
      const op = (this.toks[this.i++] as { v: '&&' | '||' }).v;
      while (this.isOp('\n')) this.i++;
      rest.push({ op, p: this.pipeline() });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline {
    let bang = false;
    if (this.isWord('!')) {
      bang = true;
      this.i++;
    }
    const cmds = [this.command()];
    while (this.isOp('|')) {
      this.i++;
      while (this.isOp('\n')) this.i++;
      cmds.push(this.command());
    }
    return { bang, cmds };
  }

  private command(): Command {
    let cmd: Command;
    if (this.isWord('if')) {
      this.i++;
      const clauses = [{ cond: this.list(['then']), body: (this.expectWord('then'), this.list(['elif', 'else', 'fi'])) }];
      let otherwise: List | undefined;
      for (;;) {
        if (this.isWord('elif')) {
          this.i++;
          const cond = this.list(['then']);
          this.expectWord('then');
          clauses.push({ cond, body: this.list(['elif', 'else', 'fi']) });
        } else if (this.isWord('else')) {
          this.i++;
          otherwise = this.list(['fi']);
        } else break;
      }
      this.expectWord('fi');
      cmd = { k: 'if', clauses, otherwise, redirs: [] };
    } else if (this.isWord('while') || this.isWord('until')) {
      const until = this.isWord('until');
      this.i++;
      const cond = this.list(['do']);
      this.expectWord('do');
      const body = this.list(['done']);
      this.expectWord('done');
      cmd = { k: 'loop', until, cond, body, redirs: [] };
    } else if (this.isWord('for')) {
      this.i++;
      const name = this.peek();
      if (name?.t !== 'word') throw new ShellSyntaxError(`syntax error: bad for loop variable`);
      this.i++;
      let items: string[] | undefined;
      while (this.isOp('\n')) this.i++;
      if (this.isWord('in')) {
        this.i++;
        items = [];
        while (this.peek()?.t === 'word') items.push((this.toks[this.i++] as { raw: string }).raw);
      }
      this.expectWord('do');
      const body = this.list(['done']);
      this.expectWord('done');
      cmd = { k: 'for', name: name.raw, items, body, redirs: [] };
    } else if (this.isWord('{')) {
      this.i++;
      const body = this.list(['}']);
      this.expectWord('}');
      cmd = { k: 'group', body, subshell: false, redirs: [] };
    } else if (this.isOp('(')) {
      this.i++;
      const body = this.list();
      if (!this.isOp(')')) throw new ShellSyntaxError(`syntax error: unexpected ${this.describe()} (expecting ")")`);
      this.i++;
      cmd = { k: 'group', body, subshell: true, redirs: [] };
    } else {
      const words: string[] = [];
      const redirs: Redirect[] = [];
      for (;;) {
        const t = this.peek();
        if (t?.t === 'word' && !(words.length === 0 && RESERVED.has(t.raw) && t.raw !== '{' && t.raw !== '!')) {
          words.push(t.raw);
          this.i++;
        } else if (t?.t === 'op' && this.redirect(t.v, redirs)) {
          continue;
        } else break;
      }
      if (!words.length && !redirs.length) throw new ShellSyntaxError(`syntax error: unexpected ${this.describe()}`);
      return { k: 'simple', words, redirs };
    }
    while (this.peek()?.t === 'op' && this.redirect((this.peek() as { v: string }).v, cmd.redirs));
    return cmd;
  }

  private redirect(v: string, redirs: Redirect[]): boolean {
    const m = /^(\d?)(>>|>&|>|<)$/.exec(v);
    if (v === '2>&1') {
      this.i++;
      redirs.push({ fd: 2, op: '>&', target: '1' });
      return true;
    }
    if (!m) return false;
    this.i++;
    const target = this.peek();
    if (target?.t !== 'word') throw new ShellSyntaxError(`syntax error: unexpected ${this.describe()}`);
    this.i++;
    const op = m[2] as Redirect['op'];
    redirs.push({ fd: m[1] ? Number(m[1]) : op === '<' ? 0 : 1, op, target: target.raw });
    return true;
  }

  done(): boolean {
    return this.i >= this.toks.length;
  }
  rest(): string {
    return this.describe();
  }
}

/** Parses a whole script. Throws ShellSyntaxError with busybox-like wording. */
export function parseScript(src: string): List {
  const p = new Parser(tokenize(src));
  const l = p.list();
  if (!p.done()) throw new ShellSyntaxError(`syntax error: unexpected ${p.rest()}`);
  return l;
}
