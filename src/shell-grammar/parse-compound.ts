/**
 * Compound commands: `for` (also `for (( ; ; ))`), `while`/`until`, `if`, `case`, `{ }` and
 * `( )`, each with the redirections that follow it, nested at most MAX_NESTING deep.
 */
import type { CaseItem, Compound, Script, Word } from './ast.ts';
import { ParserBase, plainWord } from './parser-base.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * How deep compound commands (`{ }`, loops, `if`) may nest. bash has no fixed limit; this
 * terminal's parser and executor recurse once per level, so a deeper script is refused in
 * bash's words for exceeded nesting instead of overflowing the browser's stack.
 */
export const MAX_NESTING = 200;

/** The parser's compound commands; the simple commands and lists come from its subclass. */
export abstract class CompoundParser extends ParserBase {
  protected compound(w: string): Compound {
    if (++this.depth > MAX_NESTING) throw this.error(`maximum nesting level exceeded (${MAX_NESTING})`);
    try {
      this.i++;
      if (w === 'for') return this.forLoop();
      if (w === 'select') return this.forLoop(true);
      if (w === 'while' || w === 'until') {
        const cond = this.list(['do']);
        this.expectWord('do');
        const body = this.list(['done']);
        this.expectWord('done');
        return { kind: 'while', until: w === 'until', cond, body, redirects: this.trailingRedirects() };
      }
      if (w === 'if') return this.ifClause();
      if (w === 'case') return this.caseClause();
      if (w === '(') {
        const body = this.subshellBody();
        return { kind: 'subshell', body, redirects: this.trailingRedirects() };
      }
      const body = this.list(['}']);
      this.expectWord('}');
      return { kind: 'group', body, redirects: this.trailingRedirects() };
    } finally {
      this.depth--;
    }
  }

  /** After `for` (or `select`, a menu over the same kind of list): `NAME [in WORDS] [;] do BODY done`. */
  protected forLoop(select = false): Compound {
    const nameTok = this.peek();
    if (!select && nameTok?.type === 'word' && nameTok.word.arithCommand) return this.arithFor(nameTok.word);
    const name = plainWord(nameTok);
    if (!nameTok) return this.unexpected(undefined);
    if (name === undefined || !NAME.test(name)) throw this.error(`\`${name ?? 'word'}': not a valid identifier`);
    this.i++;
    const words: Word[] = [];
    this.skipNewlines();
    const hasIn = plainWord(this.peek()) === 'in';
    if (hasIn) {
      this.i++;
      for (let tok = this.peek(); tok?.type === 'word'; tok = this.peek()) {
        words.push(tok.word);
        this.i++;
      }
    }
    if (this.isOp(this.peek(), ';', '\n')) this.i++;
    this.skipNewlines();
    if (!this.peek()) return this.unexpected(undefined);
    this.expectWord('do');
    const body = this.list(['done']);
    this.expectWord('done');
    const loop: Compound = { kind: 'for', name, words, body, redirects: this.trailingRedirects() };
    if (!hasIn) loop.positional = true;
    if (select) loop.select = true;
    return loop;
  }

  /** After `for`: `(( INIT; COND; STEP )) [;] do BODY done`. */
  protected arithFor(head: Word): Compound {
    this.i++;
    const source = head[0]!.kind === 'arith' ? head[0]!.source : '';
    const parts = source.split(';');
    if (parts.length !== 3) throw this.error(`syntax error: arithmetic expression required`);
    if (this.isOp(this.peek(), ';', '\n')) this.i++;
    this.skipNewlines();
    if (!this.peek()) return this.unexpected(undefined);
    const group = plainWord(this.peek()) === '{';
    if (group) this.i++;
    else this.expectWord('do');
    const body = this.list([group ? '}' : 'done']);
    this.expectWord(group ? '}' : 'done');
    return { kind: 'arith-for', init: parts[0]!, cond: parts[1]!, step: parts[2]!, body, redirects: this.trailingRedirects() };
  }

  protected ifClause(): Compound {
    const branches: { cond: Script; body: Script }[] = [];
    let otherwise: Script | undefined;
    for (;;) {
      const cond = this.list(['then']);
      this.expectWord('then');
      branches.push({ cond, body: this.list(['elif', 'else', 'fi']) });
      const next = plainWord(this.peek());
      this.i++;
      if (next === 'elif') continue;
      if (next === 'else') {
        otherwise = this.list(['fi']);
        this.expectWord('fi');
      }
      break;
    }
    return { kind: 'if', branches, otherwise, redirects: this.trailingRedirects() };
  }

  /** After `case`: `WORD in [(]PATTERN[|PATTERN]...) LIST ;; ... esac`. */
  protected caseClause(): Compound {
    const wordTok = this.peek();
    // bash refuses `case` without its word at once, even at the end of a line.
    if (!wordTok || this.isOp(wordTok, '\n')) throw this.unexpectedText('newline');
    if (wordTok.type !== 'word') this.unexpected(wordTok);
    this.i++;
    this.skipNewlines();
    this.expectWord('in');
    const items: CaseItem[] = [];
    for (;;) {
      this.skipNewlines();
      const tok = this.peek();
      if (!tok) return this.unexpected(undefined);
      if (plainWord(tok) === 'esac') break;
      items.push(this.caseItem());
      if (plainWord(this.peek()) === 'esac') break;
    }
    this.i++;
    return { kind: 'case', word: (wordTok as { word: Word }).word, items, redirects: this.trailingRedirects() };
  }

  protected caseItem(): CaseItem {
    if (this.isOp(this.peek(), '(')) this.i++;
    const patterns: Word[] = [];
    for (;;) {
      const tok = this.peek();
      if (tok?.type !== 'word') return this.unexpected(tok);
      patterns.push(tok.word);
      this.i++;
      if (this.isOp(this.peek(), ')')) break;
      if (!this.isOp(this.peek(), '|')) this.unexpected(this.peek());
      this.i++;
    }
    this.i++;
    const body = this.list(['esac'], true);
    const end = this.peek();
    let terminator: CaseItem['end'] = ';;';
    if (this.isOp(end, ';;', ';&', ';;&')) {
      terminator = (end as { op: CaseItem['end'] }).op;
      this.i++;
    }
    return { patterns, body, end: terminator };
  }

  protected subshellBody(): Script {
    const script: Script = [];
    for (;;) {
      this.skipNewlines();
      const tok = this.peek();
      if (!tok) return this.unexpected(undefined);
      if (this.isOp(tok, ')')) {
        if (!script.length) this.unexpected(tok);
        this.i++;
        return script;
      }
      script.push(this.andOr());
      if (this.isOp(this.peek(), ')')) continue;
      if (!this.peek()) return this.unexpected(undefined);
      if (!this.separator(script)) this.unexpected(this.peek());
    }
  }
}
