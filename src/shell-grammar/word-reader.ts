/**
 * Quoted text and expansions inside a word: a backslash, `"..."`, `$NAME`, `${...}`,
 * `$(...)`, backquotes, `$((...))` and `$'...'`. The tokenizer reads words with it.
 */
import type { WordPart } from './ast.ts';
import type { Dialect } from './dialect.ts';
import { unescapeAnsiC } from './ansi-c.ts';
import { Incomplete, countNewlines, matchArith, matchBrace, matchParen } from './matching.ts';
import { bracedParameter } from './parameter.ts';

/** The reading position in one input and the readers of what a word may hold besides plain text. */
export abstract class ExpansionReader {
  protected pos = 0;
  protected line = 1;
  protected readonly src: string;
  protected readonly final: boolean;
  protected readonly dialect: Dialect;

  constructor(src: string, final: boolean, dialect: Dialect) {
    this.src = src;
    this.final = final;
    this.dialect = dialect;
  }

  /** A backslash outside quotes: the next character, quoted (a line continuation gives nothing). */
  protected readEscape(): WordPart | undefined {
    const src = this.src;
    if (this.pos + 1 >= src.length) {
      if (!this.final) throw new Incomplete('\\');
      this.pos++;
      return undefined;
    }
    if (src[this.pos + 1] === '\n') {
      this.pos += 2;
      this.line++;
      return undefined;
    }
    this.pos += 2;
    return { kind: 'lit', text: src[this.pos - 1]!, quoted: true };
  }

  protected readDoubleQuoted(parts: WordPart[]): void {
    const src = this.src;
    this.pos++; // opening quote
    let text = '';
    const flush = (): void => {
      if (text) parts.push({ kind: 'lit', text, quoted: true });
      text = '';
    };
    for (;;) {
      if (this.pos >= src.length) throw new Incomplete('"');
      const c = src[this.pos]!;
      if (c === '"') {
        this.pos++;
        break;
      }
      if (c === '\\' && this.pos + 1 < src.length && '$`"\\\n'.includes(src[this.pos + 1]!)) {
        if (src[this.pos + 1] !== '\n') text += src[this.pos + 1];
        else this.line++;
        this.pos += 2;
      } else if (c === '$' || c === '`') {
        const part = this.readDollar(true);
        if (part) {
          flush();
          parts.push(part);
        } else {
          text += '$';
          this.pos++;
        }
      } else {
        if (c === '\n') this.line++;
        text += c;
        this.pos++;
      }
    }
    flush();
  }

  /** Reads `$NAME`, `${NAME}`, `${NAME:-x}`, `$?`, `$(...)`, `$((...))` or a backquoted command; undefined for a lone `$`. */
  protected readDollar(quoted: boolean): WordPart | undefined {
    const src = this.src;
    if (src[this.pos] === '`') return this.readBackquoted(quoted);
    const next = src[this.pos + 1];
    if (next === '(' && src[this.pos + 2] === '(') return this.readArith(quoted);
    if (next === '(') {
      const end = matchParen(this.src, this.pos + 2);
      const source = src.slice(this.pos + 2, end);
      this.line += countNewlines(source);
      this.pos = end + 1;
      return { kind: 'sub', source, quoted };
    }
    if (next === '{') return this.readBracedVar(quoted);
    if (next === "'" && !quoted && this.dialect.ansiCQuotes) {
      let end = this.pos + 2;
      while (end < src.length && src[end] !== "'") end += src[end] === '\\' ? 2 : 1;
      if (end >= src.length) throw new Incomplete("$'");
      const text = unescapeAnsiC(src.slice(this.pos + 2, end));
      this.pos = end + 1;
      return { kind: 'lit', text, quoted: true };
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*!-])/.exec(src.slice(this.pos + 1, this.pos + 200));
    if (!m) return undefined;
    this.pos += 1 + m[0].length;
    return { kind: 'var', name: m[0], quoted };
  }

  protected readBackquoted(quoted: boolean): WordPart {
    const src = this.src;
    let end = this.pos + 1;
    while (end < src.length && src[end] !== '`') end += src[end] === '\\' ? 2 : 1;
    if (end >= src.length) throw new Incomplete('`');
    const source = src.slice(this.pos + 1, end).replace(/\\([`\\$])/g, '$1');
    this.pos = end + 1;
    return { kind: 'sub', source, quoted };
  }

  protected readArith(quoted: boolean): WordPart {
    const end = matchArith(this.src, this.pos + 3);
    const source = this.src.slice(this.pos + 3, end);
    this.pos = end + 2;
    return { kind: 'arith', source, quoted };
  }

  /** `${NAME}`, `${NAME:-word}`, `${ARRAY[i]}`...; anything else is a bad substitution when it runs. */
  protected readBracedVar(quoted: boolean): WordPart {
    const end = matchBrace(this.src, this.pos + 2, quoted);
    const inner = this.src.slice(this.pos + 2, end);
    this.pos = end + 1;
    return bracedParameter(inner, quoted) ?? { kind: 'var', name: '\u0000bad:' + inner, quoted };
  }
}
