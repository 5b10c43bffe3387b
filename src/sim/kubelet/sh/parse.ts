/**
 * The containers' sh reads the shell grammar the learner's bash reads (src/shell-grammar),
 * in busybox ash's dialect, and runs the subset its executor knows: simple commands with
 * words kept as written (expanded at run time), `;` `&` newlines `&&` `||` `|` `!`,
 * redirections, `if/elif/else/fi`, `while`/`until`, `for`, `{ }` and `( )`. This module turns
 * the shared syntax tree into that executor's commands.
 */
import type * as G from '../../../shell-grammar/ast.ts';
import { ASH, type Dialect } from '../../../shell-grammar/dialect.ts';
import { parse } from '../../../shell-grammar/parse.ts';

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

/** Parses a whole script in `dialect` (default busybox ash). Throws ShellSyntaxError in that shell's words. */
export function parseScript(src: string, dialect: Dialect = ASH): List {
  const parsed = parse(src, true, dialect);
  if (!parsed.ok) throw new ShellSyntaxError(parsed.incomplete ? dialect.messages.unexpectedEndOfFile() : parsed.message);
  return list(parsed.script);
}

function list(script: G.Script): List {
  return script.map((chain) => ({ first: pipeline(chain.first), rest: chain.rest.map((r) => ({ op: r.op, p: pipeline(r.pipeline) })) }));
}

function pipeline(p: G.Pipeline): Pipeline {
  return { bang: p.negate, cmds: p.commands.map(command) };
}

function command(c: G.Command): Command {
  const redirs = c.redirects.flatMap(redirect);
  switch (c.kind) {
    case undefined:
      return { k: 'simple', words: [...c.assigns.map(assignmentText), ...c.words.map(text)], redirs };
    case 'if':
      return { k: 'if', clauses: c.branches.map((b) => ({ cond: list(b.cond), body: list(b.body) })), otherwise: c.otherwise && list(c.otherwise), redirs };
    case 'while':
      return { k: 'loop', until: c.until, cond: list(c.cond), body: list(c.body), redirs };
    case 'for':
      return { k: 'for', name: c.name, items: c.positional ? undefined : c.words.map(text), body: list(c.body), redirs };
    case 'group':
    case 'subshell':
      return { k: 'group', body: list(c.body), subshell: c.kind === 'subshell', redirs };
    default:
      // Parsed by the shared grammar, but not run by this image's shell.
      throw new ShellSyntaxError(`${c.kind === 'function' ? 'functions' : c.kind}: not supported by this shell`);
  }
}

/** A word as it was written: the executor expands it when the command runs. */
function text(w: G.Word): string {
  return w.raw ?? w.map((p) => (p.kind === 'lit' ? p.text : '')).join('');
}

function assignmentText(a: G.Assignment): string {
  // `NAME=(WORDS)` (bash): the executor splits the parenthesised words into the array's elements.
  if (a.array) return `${a.name}=(${a.array.map(text).join(' ')})`;
  return `${a.name}${a.append ? '+' : ''}=${text(a.value)}`;
}

function redirect(r: G.Redirect): Redirect[] {
  switch (r.kind) {
    case 'file':
      return [{ fd: r.fd, op: r.mode === 'write' ? '>' : r.mode === 'append' ? '>>' : '<', target: text(r.target) }];
    case 'dup':
      return [{ fd: r.fd, op: '>&', target: String(r.to) }];
    case 'both':
      return [
        { fd: 1, op: r.mode === 'write' ? '>' : '>>', target: text(r.target) },
        { fd: 2, op: '>&', target: '1' },
      ];
    default:
      throw new ShellSyntaxError('here-documents: not supported by this shell');
  }
}
