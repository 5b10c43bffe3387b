/**
 * Brace expansion, the first of bash's expansions: `nginx{1..3}` gives three words,
 * `{a,b}c` two, `{01..10}` keeps the zero padding, `{a..e}` counts letters, `{1..10..2}`
 * steps, braces nest (`x{a,b{1,2}}y`). Only unquoted braces count: `"{a,b}"`, `\{a,b\}` and
 * `${x}` stay as they are, and a brace with neither a top-level comma nor a valid sequence
 * (`{a}`, `{}`, `{1..a}`) is left literal, as bash leaves it.
 */
import type { Word, WordPart } from './ast.ts';

/** One unit of a word for brace expansion: an unquoted character, or anything else kept whole. */
type Atom = string | WordPart;

/** Most words one brace expansion may produce (`{1..100000000}` must not exhaust memory). */
export const MAX_BRACE_WORDS = 100_000;

/** Thrown when an expansion would produce more than MAX_BRACE_WORDS words. */
export class BraceLimitError extends Error {}

/** Expands the braces of `word` into one or more words (the word itself when it has none). */
export function braceExpand(word: Word): Word[] {
  if (!word.some((p) => p.kind === 'lit' && !p.quoted && p.text.includes('{'))) return [word];
  const atoms: Atom[] = [];
  for (const p of word) {
    if (p.kind === 'lit' && !p.quoted) for (const c of p.text) atoms.push(c);
    else atoms.push(p);
  }
  return expandAtoms(atoms).map(toWord);
}

function toWord(atoms: Atom[]): Word {
  const parts: WordPart[] = [];
  let lit = '';
  for (const a of atoms) {
    if (typeof a === 'string') lit += a;
    else {
      if (lit) parts.push({ kind: 'lit', text: lit, quoted: false });
      lit = '';
      parts.push(a);
    }
  }
  if (lit) parts.push({ kind: 'lit', text: lit, quoted: false });
  return parts;
}

function expandAtoms(atoms: Atom[]): Atom[][] {
  for (let open = 0; open < atoms.length; open++) {
    if (atoms[open] !== '{') continue;
    const found = braceBody(atoms, open);
    if (!found) continue;
    const pre = atoms.slice(0, open);
    const post = expandAtoms(atoms.slice(found.close + 1));
    const out: Atom[][] = [];
    for (const alt of found.alternatives) {
      for (const a of alt) {
        for (const p of post) {
          out.push([...pre, ...a, ...p]);
          if (out.length > MAX_BRACE_WORDS) throw new BraceLimitError(`bash: brace expansion: more than ${MAX_BRACE_WORDS} words`);
        }
      }
    }
    return out;
  }
  return [atoms];
}

/**
 * The brace starting at `open`, when it expands: its closing index and its alternatives, each
 * already expanded (nested braces). Undefined when the brace is literal.
 */
function braceBody(atoms: Atom[], open: number): { close: number; alternatives: Atom[][][] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open + 1; i < atoms.length; i++) {
    const a = atoms[i];
    if (a === '{') depth++;
    else if (a === '}' && depth > 0) depth--;
    else if (a === ',' && depth === 0) commas.push(i);
    else if (a === '}') {
      const inner = atoms.slice(open + 1, i);
      if (commas.length) {
        const pieces: Atom[][] = [];
        let from = open + 1;
        for (const c of [...commas, i]) {
          pieces.push(atoms.slice(from, c));
          from = c + 1;
        }
        return { close: i, alternatives: pieces.map(expandAtoms) };
      }
      const seq = sequence(inner);
      if (seq) return { close: i, alternatives: seq.map((s) => [[...s]]) };
      // Not an expansion: bash goes on looking for a later brace inside this one.
      return undefined;
    }
  }
  return undefined;
}

/** `{x..y}` / `{x..y..step}` over integers or single letters; undefined when not a valid sequence. */
function sequence(inner: Atom[]): string[] | undefined {
  if (inner.some((a) => typeof a !== 'string')) return undefined;
  const text = inner.join('');
  const num = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(text);
  if (num) return numbers(num[1]!, num[2]!, num[3]);
  const chr = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(text);
  if (chr) return letters(chr[1]!, chr[2]!, chr[3]);
  return undefined;
}

function stepOf(text: string | undefined): number {
  const n = text === undefined ? 1 : Math.abs(Number(text));
  return n === 0 ? 1 : n;
}

function numbers(fromText: string, toText: string, stepText: string | undefined): string[] {
  const from = Number(fromText);
  const to = Number(toText);
  const step = stepOf(stepText);
  // Zero padding: when either end is written with a leading zero, every number takes the width of the wider end.
  const padded = /^-?0\d/.test(fromText) || /^-?0\d/.test(toText);
  const width = padded ? Math.max(fromText.length, toText.length) : 0;
  if (Math.abs(to - from) / step > MAX_BRACE_WORDS) throw new BraceLimitError(`bash: brace expansion: more than ${MAX_BRACE_WORDS} words`);
  const out: string[] = [];
  const dir = to >= from ? 1 : -1;
  for (let n = from; dir > 0 ? n <= to : n >= to; n += dir * step) {
    const digits = String(Math.abs(n)).padStart(width - (n < 0 ? 1 : 0), '0');
    out.push(n < 0 ? '-' + digits : digits);
  }
  return out;
}

function letters(fromText: string, toText: string, stepText: string | undefined): string[] {
  const from = fromText.charCodeAt(0);
  const to = toText.charCodeAt(0);
  const step = stepOf(stepText);
  const dir = to >= from ? 1 : -1;
  const out: string[] = [];
  for (let c = from; dir > 0 ? c <= to : c >= to; c += dir * step) out.push(String.fromCharCode(c));
  return out;
}
