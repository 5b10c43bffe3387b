/**
 * Parser for Go's text/template as kubectl's go-template printer uses it: text, actions with
 * pipelines (`a | b`), variables (`$x := ...`, `$`), `if`/`else if`/`else`, `range` (with
 * `$i, $e :=`), `with`, comments, `{{-`/`-}}` trimming, literals. Positions are byte offsets
 * into the template so errors can say `output:LINE:COL` as Go does.
 */
import { lex, type Token } from './lex.ts';

/** One argument of a command. */
export type Arg =
  | { t: 'field'; pos: number; names: string[] }
  | { t: 'var'; pos: number; name: string; names: string[] }
  | { t: 'dot'; pos: number }
  | { t: 'ident'; pos: number; name: string }
  | { t: 'string'; pos: number; value: string; src: string }
  | { t: 'number'; pos: number; value: number; int: boolean; src: string }
  | { t: 'bool'; pos: number; value: boolean }
  | { t: 'nil'; pos: number }
  | { t: 'pipe'; pos: number; pipe: Pipe; names: string[] };

/** A command: a function or value followed by arguments. */
export interface Cmd {
  pos: number;
  args: Arg[];
}

/** A pipeline with its optional variable declaration. */
export interface Pipe {
  pos: number;
  decl: string[];
  assign: boolean;
  cmds: Cmd[];
}

/** An `if`, `with` or `range` block. */
export interface BlockNode {
  t: 'if' | 'with' | 'range';
  pos: number;
  pipe: Pipe;
  list: TNode[];
  else?: TNode[];
}

/** A node of the parsed template. */
export type TNode = { t: 'text'; s: string } | { t: 'action'; pos: number; pipe: Pipe } | BlockNode | { t: 'template'; pos: number; name: string; src: string };

/** A template parse error; `line` is 1-based. */
export class TemplateParseError extends Error {
  readonly line: number;
  constructor(line: number, msg: string) {
    super(msg);
    this.line = line;
  }
}

/** Names kubectl's printer knows as functions (Go's builtins plus `exists` and `base64decode`). */
export const FUNCTION_NAMES = new Set([
  'and',
  'or',
  'not',
  'len',
  'index',
  'slice',
  'print',
  'printf',
  'println',
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'html',
  'js',
  'urlquery',
  'call',
  'exists',
  'base64decode',
]);

/** Parses a template; throws TemplateParseError with Go's messages. */
export function parseGoTemplate(src: string): TNode[] {
  const toks = lex(src);
  let i = 0;
  const scopes: string[][] = [['$']];
  const lineOf = (pos: number) => src.slice(0, pos).split('\n').length;
  const fail = (tok: Token, msg: string): never => {
    throw new TemplateParseError(lineOf(tok.pos), msg);
  };
  const peek = () => toks[i]!;
  const next = () => toks[i++]!;
  const known = (name: string) => scopes.some((s) => s.includes(name));

  function fieldChain(): string[] {
    const names: string[] = [];
    while (peek().t === 'field') names.push(next().v.slice(1));
    return names;
  }

  function operand(ctx: string): Arg | undefined {
    const tok = peek();
    let arg: Arg;
    switch (tok.t) {
      case 'field':
        return { t: 'field', pos: toks[i + 1]?.t === 'field' ? toks[i + 1]!.pos : tok.pos, names: fieldChain() };
      case 'var': {
        next();
        if (!known(tok.v)) fail(tok, `undefined variable "${tok.v}"`);
        return { t: 'var', pos: tok.pos, name: tok.v, names: fieldChain() };
      }
      case 'dot':
        next();
        if (peek().t === 'field') fail(peek(), `unexpected ${peek().v} in operand`);
        return { t: 'dot', pos: tok.pos };
      case 'ident':
        next();
        if (['true', 'false'].includes(tok.v)) arg = { t: 'bool', pos: tok.pos, value: tok.v === 'true' };
        else if (tok.v === 'nil') arg = { t: 'nil', pos: tok.pos };
        else {
          if (!FUNCTION_NAMES.has(tok.v)) fail(tok, `function "${tok.v}" not defined`);
          arg = { t: 'ident', pos: tok.pos, name: tok.v };
        }
        return arg;
      case 'string':
        next();
        return { t: 'string', pos: tok.pos, value: tok.value as string, src: tok.v };
      case 'number': {
        next();
        const n = Number(tok.v);
        if (Number.isNaN(n)) fail(tok, `illegal number syntax: "${tok.v}"`);
        return { t: 'number', pos: tok.pos, value: n, int: /^[-+]?(0x[\da-f]+|\d+)$/i.test(tok.v), src: tok.v };
      }
      case 'lparen': {
        next();
        const pipe = pipeline(ctx, 'rparen');
        return { t: 'pipe', pos: tok.pos, pipe, names: fieldChain() };
      }
      default:
        return undefined;
    }
  }

  function command(ctx: string): Cmd {
    const cmd: Cmd = { pos: peek().pos, args: [] };
    for (;;) {
      const a = operand(ctx);
      if (!a) break;
      cmd.args.push(a);
      const tok = peek();
      if (tok.t === 'space') {
        next();
        continue;
      }
      if (tok.t === 'close' || tok.t === 'rparen' || tok.t === 'pipe') break;
      fail(tok, `unexpected ${tok.v || tok.t} in operand`);
    }
    if (cmd.args.length === 0) fail(peek(), `empty command`);
    return cmd;
  }

  function pipeline(ctx: string, end: 'close' | 'rparen'): Pipe {
    skipSpace();
    const pipe: Pipe = { pos: peek().pos, decl: [], assign: false, cmds: [] };
    // Declarations: `$x :=`, `$i, $e :=`, `$x =`.
    const save = i;
    const decl: string[] = [];
    while (peek().t === 'var') {
      decl.push(next().v);
      skipSpace();
      if (peek().t === 'comma' && ctx === 'range' && decl.length === 1) {
        next();
        skipSpace();
        continue;
      }
      break;
    }
    if (decl.length && (peek().t === 'declare' || peek().t === 'assign')) {
      pipe.assign = next().t === 'assign';
      if (pipe.assign) for (const d of decl) if (!known(d)) fail(peek(), `undefined variable "${d}"`);
      pipe.decl = decl;
      skipSpace();
      pipe.pos = peek().pos;
    } else i = save;
    for (;;) {
      skipSpace();
      const tok = peek();
      if (tok.t === end) {
        next();
        break;
      }
      if (tok.t === 'eof' || tok.t === 'close' || tok.t === 'rparen') fail(tok, tok.t === 'eof' ? 'unclosed action' : `unexpected "${tok.v}" in ${ctx}`);
      if (tok.t === 'pipe') {
        if (pipe.cmds.length === 0) fail(tok, `missing command`);
        next();
        continue;
      }
      pipe.cmds.push(command(ctx));
    }
    if (pipe.cmds.length === 0) fail(toks[i - 1]!, `missing value for ${ctx}`);
    if (!pipe.assign) scopes[scopes.length - 1]!.push(...pipe.decl);
    return pipe;
  }

  function skipSpace(): void {
    while (peek().t === 'space') next();
  }

  /** Parses nodes until `{{end}}`/`{{else}}` (returned as the stopper) or EOF. */
  function list(inBlock: boolean): { nodes: TNode[]; stop: 'end' | 'else' | 'eof'; elseIf?: boolean } {
    const nodes: TNode[] = [];
    for (;;) {
      const tok = next();
      if (tok.t === 'eof') {
        if (inBlock) fail(tok, 'unexpected EOF');
        return { nodes, stop: 'eof' };
      }
      if (tok.t === 'text') {
        nodes.push({ t: 'text', s: tok.v });
        continue;
      }
      if (tok.t === 'comment') continue;
      // tok is 'open'
      skipSpace();
      const kw = peek();
      if (kw.t === 'ident' && ['if', 'range', 'with'].includes(kw.v)) {
        next();
        nodes.push(block(kw.v as 'if' | 'range' | 'with', tok.pos));
        continue;
      }
      if (kw.t === 'ident' && (kw.v === 'end' || kw.v === 'else')) {
        next();
        skipSpace();
        if (!inBlock) fail(kw, `unexpected {{${kw.v}}}`);
        if (kw.v === 'else' && peek().t === 'ident' && peek().v === 'if') return { nodes, stop: 'else', elseIf: true };
        if (next().t !== 'close') fail(kw, `unexpected "${toks[i - 1]!.v}" in ${kw.v}`);
        return { nodes, stop: kw.v };
      }
      if (kw.t === 'ident' && ['template', 'define', 'block'].includes(kw.v)) {
        next();
        skipSpace();
        const name = next();
        if (name.t !== 'string') fail(name, `unexpected "${name.v}" in template clause`);
        skipSpace();
        if (next().t !== 'close') fail(name, `unexpected in template clause`);
        nodes.push({ t: 'template', pos: name.pos, name: name.value as string, src: `{{template ${name.v}}}` });
        continue;
      }
      if (kw.t === 'close') fail(kw, 'missing value for command');
      nodes.push({ t: 'action', pos: tok.pos, pipe: pipeline('command', 'close') });
    }
  }

  function block(kind: 'if' | 'range' | 'with', pos: number): TNode {
    scopes.push([]);
    const pipe = pipeline(kind, 'close');
    const body = list(true);
    let elseList: TNode[] | undefined;
    if (body.stop === 'else') {
      if (body.elseIf) {
        next(); // 'if'
        const nested = block('if', peek().pos);
        elseList = [nested];
      } else elseList = list(true).nodes;
    }
    scopes.pop();
    // An `else if` chain shares the outer {{end}}, which the nested block consumed.
    return { t: kind, pos, pipe, list: body.nodes, else: elseList };
  }

  return list(false).nodes;
}
