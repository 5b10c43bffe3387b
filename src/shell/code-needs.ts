/**
 * Which of the shell's on-demand parts (shell-code.ts) a parsed script needs before it runs,
 * judged from its tree without running anything: a compound command or a function definition
 * needs the compound executors (and, with them, arithmetic, patterns and braces, which they
 * use); a simple command needs arithmetic for `$(( ))`, a subscript or a `${x:1:2}`, patterns
 * for an unquoted `*`, `?` or `[` or a `${x#pat}`-style operator, brace expansion for an
 * unquoted `{`. Bodies of compound commands are not
 * looked into: their part brings everything. What is only known when the line runs (a
 * `$(...)`'s commands, `eval`'s text, a `${!ref}`) is loaded where it is used.
 */
import type { Redirect, Script, SimpleCommand, Word, WordPart } from '../shell-grammar/ast.ts';
import { compoundCode } from './compound-code.ts';
import { arithCode, braceCode, globCode, mayHaveBraces, type ShellCodePart } from './shell-code.ts';

/** The parts `script` needs that are not loaded yet (none, for most lines). */
export function neededCode(script: Script): ShellCodePart<unknown>[] {
  const need = new Set<ShellCodePart<unknown>>();
  for (const chain of script) {
    for (const p of [chain.first, ...chain.rest.map((r) => r.pipeline)]) {
      for (const cmd of p.commands) {
        if (cmd.kind !== undefined) {
          need.add(compoundCode).add(arithCode).add(globCode).add(braceCode);
          continue;
        }
        simpleNeeds(cmd, need);
      }
    }
  }
  return [...need].filter((part) => part.loaded === undefined);
}

function simpleNeeds(cmd: SimpleCommand, need: Set<ShellCodePart<unknown>>): void {
  for (const a of cmd.assigns) {
    if (a.index !== undefined) need.add(arithCode);
    wordNeeds(a.value, need);
    // `a=([1]=x)`: the keys are arithmetic (for an indexed array); the values may glob.
    for (const w of a.array ?? []) {
      need.add(arithCode);
      wordNeeds(w, need);
    }
  }
  for (const w of cmd.words) wordNeeds(w, need);
  for (const r of cmd.redirects) redirectNeeds(r, need);
}

function redirectNeeds(r: Redirect, need: Set<ShellCodePart<unknown>>): void {
  if (r.kind === 'file' || r.kind === 'both') wordNeeds(r.target, need);
  else if (r.kind === 'herestring') wordNeeds(r.word, need);
}

function wordNeeds(w: Word, need: Set<ShellCodePart<unknown>>): void {
  if (mayHaveBraces(w)) need.add(braceCode);
  for (const part of w) partNeeds(part, need);
  for (const inner of w.array ?? []) wordNeeds(inner, need);
}

function partNeeds(part: WordPart, need: Set<ShellCodePart<unknown>>): void {
  if (part.kind === 'arith') need.add(arithCode);
  else if (part.kind === 'lit') {
    if (!part.quoted && /[*?[(]/.test(part.text)) need.add(globCode);
  } else if (part.kind === 'var') {
    if (part.slice || (part.index !== undefined && part.index !== '@' && part.index !== '*') || part.indirect) need.add(arithCode);
    if (part.trim || part.replace || part.caseOp) need.add(globCode);
    // An operand may hold `$(( ))` or a pattern of its own.
    for (const text of [part.fallback, part.alternate, part.assign, part.error]) {
      if (text !== undefined && /\(\(|\[/.test(text)) need.add(arithCode);
    }
  }
}
