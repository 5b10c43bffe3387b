/**
 * Word expansion at run time, in bash's order: braces (`{a,b}`, `{1..3}`), then `~`, variables,
 * `$((...))`, `$(...)` and `<(...)`, then field splitting of unquoted results, then pathname
 * globbing (`*`, `?`) against the terminal's files, then quote removal. Quoted text is never
 * split or globbed; `"$@"` gives one field per positional parameter.
 */
import type { Word, WordPart } from '../shell-grammar/ast.ts';
import type { VirtualFS } from '../command/contract.ts';
import { ArithExpansionError, ExpansionError, LineEndingExpansionError, OutOfMemoryError, ParameterNullError } from './expansion-errors.ts';
import { bounded, glob, splitFields, trimNewlines, type Field } from './fields.ts';
import { isSet, lookup, lookupSpecial } from './parameters.ts';
import type { Glob } from '../command/glob-match.ts';

export { ArithExpansionError, ExpansionError, LineEndingExpansionError, OutOfMemoryError } from './expansion-errors.ts';
export { MAX_EXPANSION } from './fields.ts';
import { tokenize } from '../shell-grammar/tokenize.ts';
import { BASH_EXTGLOB } from '../shell-grammar/dialect.ts';
import { ArithError } from '../shell-grammar/arith-error.ts';
import { arithCode, braceCode, globCode, loadFailure, mayHaveBraces, type LoadCode, type ShellCodePart } from './shell-code.ts';
import { AssignError, ReadonlyError, arithScope, arrayKeys, assign, arrayValues, elementOf, type ShellArray, type VariableStore } from './variables.ts';

export interface ExpandEnv {
  vars: Record<string, string>;
  /** `$?` */
  status: number;
  cwd: string;
  fs: VirtualFS;
  /** Runs a `$(...)` body and returns its standard output. */
  substitute(source: string): Promise<string>;
  /** Runs a `<(...)` body and returns the name of the file its output can be read from (`/dev/fd/63`). */
  processSubstitute?(source: string): Promise<string>;
  /** `$1`, `$2`...: the positional parameters (a function's arguments). */
  positional?: string[];
  /** Parameters the shell computes (`$!`, `${PIPESTATUS[0]}`); undefined for ordinary names. */
  special?(name: string): string | undefined;
  /** Lets the host's event loop run during long expansions (`$(seq 1 1000000)`), if it has one. */
  yieldToHost?: () => Promise<void>;
  /** The shell's arrays (`a=(x y)`), beside the scalars in `vars`. */
  arrays?: Map<string, ShellArray>;
  /** Names with the integer attribute (`declare -i`). */
  integers?: Set<string>;
  /** Names with the readonly attribute. */
  readonly?: Set<string>;
  /** `set -u`: expanding an unset parameter is an error. */
  nounset?: boolean;
  /** `set -f`: no pathname globbing. */
  noglob?: boolean;
  /** The `shopt` options that are on (`nullglob`, `dotglob`, `nocaseglob`, `nocasematch`). */
  shopts?: Set<string>;
  /** Writes a message that does not stop the expansion (`${a[-9]}`: bad array subscript). */
  warn?(text: string): void;
  /** Awaits the download of a part of the shell that loads on first use (default: just awaits; see shell-code.ts). */
  loadCode?: LoadCode;
}

/**
 * Loads `part` (arithmetic, patterns) for an expansion that needs it, when the line did not
 * already; an expansion error when it cannot be fetched. Callers test `part.loaded` first, so
 * an expansion whose code is there waits for nothing.
 */
export async function fetchPart(part: ShellCodePart<unknown>, env: ExpandEnv): Promise<void> {
  try {
    await part.load(env.loadCode ?? ((p) => p));
  } catch (e) {
    throw new ExpansionError(loadFailure(part, e));
  }
}

/** The variables of `env` as assignments see them. */
export function variableStore(env: ExpandEnv): VariableStore {
  return { vars: env.vars, arrays: (env.arrays ??= new Map()), integers: (env.integers ??= new Set()), readonly: env.readonly };
}

/** Expands one word to zero or more fields (arguments), braces first. */
export async function expandWord(word: Word, env: ExpandEnv): Promise<string[]> {
  if (!mayHaveBraces(word)) return expandOne(word, env);
  if (!braceCode.loaded) await fetchPart(braceCode, env);
  const { BraceLimitError, braceExpand } = braceCode.now();
  let words: Word[];
  try {
    words = braceExpand(word);
  } catch (e) {
    if (e instanceof BraceLimitError) throw new OutOfMemoryError(e.message);
    throw e;
  }
  if (words.length === 1) return expandOne(words[0]!, env);
  const out: string[] = [];
  for (const w of words) for (const f of await expandOne(w, env)) out.push(f);
  return out;
}

/** `"$@"` (and `"${@}"`): one field per positional parameter, joined to the text around it. */
function quotedAt(part: WordPart): boolean {
  return part.kind === 'var' && part.name === '@' && part.quoted;
}

async function expandOne(word: Word, env: ExpandEnv): Promise<string[]> {
  const fields: Field[] = [];
  let cur: Field = { text: '', quoted: false };
  let started = false;
  const extglob = env.shopts?.has('extglob') === true;
  const add = (text: string, glob: boolean): void => {
    bounded(cur.text.length + text.length);
    if (glob && (text.includes('*') || text.includes('?') || text.includes('[') || (extglob && text.includes('(')))) {
      // With extglob, `@(a|b)`'s operator, parentheses and bars act too.
      for (let k = 0; k < text.length; k++) {
        const c = text[k]!;
        if (c === '*' || c === '?' || c === '[' || (extglob && '@+!()|'.includes(c))) (cur.glob ??= []).push(cur.text.length + k);
      }
    }
    cur.text += text;
    started = true;
  };
  /** Ends the field being built where unquoted text had a blank. */
  const split = (): void => {
    if (started || cur.text) {
      fields.push(cur);
      cur = { text: '', quoted: false };
      started = false;
    }
  };
  /** Quoted values one field each, the first and last joined to the text around them (`"$@"`, `"${a[@]}"`). */
  const addFields = (list: string[]): void => {
    list.forEach((p, k) => {
      if (k > 0) {
        fields.push(cur);
        cur = { text: '', quoted: true };
      }
      add(p, false);
      cur.quoted = true;
    });
  };
  const visit = async (parts: Word | WordPart[], top: boolean): Promise<void> => {
    for (let n = 0; n < parts.length; n++) {
      const written = parts[n]!;
      const part = written.kind === 'var' && written.indirect ? await resolveIndirect(written, env) : written;
      if (part.kind === 'lit') {
        let text = part.text;
        if (top && n === 0 && !part.quoted && (text === '~' || text.startsWith('~/'))) {
          add(env.vars.HOME ?? '/home/learner', false);
          text = text.slice(1);
        }
        add(text, !part.quoted);
        if (part.quoted) cur.quoted = true;
        continue;
      }
      const list = part.kind === 'var' ? await arrayList(part, env) : undefined;
      if (list !== undefined && part.kind === 'var' && part.quoted && (part.index === '@' || part.keys || part.prefixNames === '@')) {
        addFields(list);
        continue;
      }
      if (quotedAt(part)) {
        addFields(env.positional ?? []);
        continue;
      }
      // Unquoted `${u:-"a  b"}`, `${1+"$@"}`: the word used is expanded in place, so its quoted
      // parts stay whole and its unquoted parts are split, as if it had been written there.
      const operand = part.kind === 'var' && list === undefined && !part.quoted ? await usedOperand(part, env) : undefined;
      if (operand) {
        for (let k = 0; k < operand.length; k++) {
          if (k > 0) split();
          await visit(operand[k]!, false);
        }
        continue;
      }
      let value: string;
      if (part.kind === 'procsub') {
        value = env.processSubstitute ? await env.processSubstitute(part.source) : '';
      } else if (part.kind === 'var') {
        if (part.name.startsWith('\u0000bad:')) throw new ExpansionError(`bash: \${${part.name.slice(5)}}: bad substitution`);
        value = list !== undefined ? list.join(part.quoted ? ifsJoiner(env) : ' ') : await varValue(part, env);
      } else if (part.kind === 'arith') {
        const source = await expandedSource(part.source, env);
        if (!arithCode.loaded) await fetchPart(arithCode, env);
        value = arith(source, env);
      } else {
        value = trimNewlines(await env.substitute(part.source));
      }
      if (part.quoted) {
        add(value, false);
        cur.quoted = true;
        continue;
      }
      const pieces = splitFields(value);
      for (let k = 0; k < pieces.length; k++) {
        if (k % 16_384 === 16_383) await env.yieldToHost?.();
        if (k > 0) split();
        if (pieces[k]) add(pieces[k]!, true);
      }
    }
  };
  await visit(word, true);
  if (cur.text || cur.quoted) fields.push(cur);
  const out: string[] = [];
  for (const f of fields) {
    if (!f.glob || env.noglob) out.push(f.text);
    else {
      if (!globCode.loaded) await fetchPart(globCode, env);
      for (const g of glob(f, env)) out.push(g);
    }
  }
  return out;
}

/**
 * The words of `${NAME:-word}` / `${NAME:+word}` (with or without the colon) when that word is
 * what the expansion gives and it has quotes or `$` in it; undefined otherwise (the value itself
 * is used, or the word is plain text that expands as the value does).
 */
async function usedOperand(part: Extract<WordPart, { kind: 'var' }>, env: ExpandEnv): Promise<Word[] | undefined> {
  const text = part.fallback ?? part.alternate;
  if (text === undefined || part.assign !== undefined || part.error !== undefined || !/["'$`\\]/.test(text)) return undefined;
  let unset: boolean;
  if (part.index !== undefined) {
    const element = await elementValue(part.name, part.index, env);
    unset = part.unsetOnly ? element === undefined : (element ?? '') === '';
  } else unset = part.unsetOnly ? !isSet(part.name, env) : lookup(part.name, env) === '';
  if ((part.fallback !== undefined) !== unset) return part.fallback !== undefined ? undefined : [];
  const t = tokenize(text, true);
  if (!t.ok || t.tokens.some((tok) => tok.type !== 'word')) return undefined;
  return t.tokens.map((tok) => (tok as { word: Word }).word);
}

/** Expands a word without splitting or globbing (assignments, redirection targets, heredoc lines). */
export async function expandString(word: Word, env: ExpandEnv): Promise<string> {
  let s = '';
  for (let n = 0; n < word.length; n++) {
    const written = word[n]!;
    const part = written.kind === 'var' && written.indirect ? await resolveIndirect(written, env) : written;
    if (part.kind === 'lit')
      s += n === 0 && !part.quoted && (part.text === '~' || part.text.startsWith('~/')) ? (env.vars.HOME ?? '') + part.text.slice(1) : part.text;
    else if (part.kind === 'var') {
      if (part.name.startsWith('\u0000bad:')) throw new ExpansionError(`bash: \${${part.name.slice(5)}}: bad substitution`);
      const list = await arrayList(part, env);
      s += list !== undefined ? list.join(part.index === '*' || part.prefixNames === '*' ? ifsJoiner(env) : ' ') : await varValue(part, env);
    } else if (part.kind === 'arith') {
      const source = await expandedSource(part.source, env);
      if (!arithCode.loaded) await fetchPart(arithCode, env);
      s += arith(source, env);
    }
    else if (part.kind === 'procsub') s += env.processSubstitute ? await env.processSubstitute(part.source) : '';
    else s += (await env.substitute(part.source)).replace(/\n+$/, '');
    bounded(s.length);
  }
  return s;
}

/** Expands `$VAR`, `${VAR}`, `$(...)` and `\$` in an unquoted heredoc body. */
export async function expandHereDoc(body: string, env: ExpandEnv): Promise<string> {
  let out = '';
  const re = /\\([$`\\])|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*|[?$#@*!0-9])|\$\(([^()]*)\)/g;
  let last = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    out += body.slice(last, m.index);
    if (m[1] !== undefined) out += m[1];
    else if (m[4] !== undefined) out += (await env.substitute(m[4])).replace(/\n+$/, '');
    else out += lookup((m[2] ?? m[3])!, env);
    bounded(out.length);
    last = m.index + m[0].length;
  }
  return out + body.slice(last);
}

/** `$((source))`'s value; the arithmetic part is loaded (see fetchPart). */
function arith(source: string, env: ExpandEnv): string {
  try {
    return String(
      arithCode.now().evalArith(
        source,
        arithScope(variableStore(env), (name) => lookupSpecial(name, env)),
      ),
    );
  } catch (e) {
    if (e instanceof ArithError || e instanceof AssignError) throw new ArithExpansionError(`bash: ${e.message}`);
    throw e;
  }
}

/** `"${a[*]}"` joins with the first character of IFS (none when IFS is empty). */
function ifsJoiner(env: ExpandEnv): string {
  const ifs = env.vars.IFS;
  return ifs === undefined ? ' ' : ifs.slice(0, 1);
}

/**
 * The values `${NAME[@]}`, `${NAME[*]}` or `${!NAME[@]}` stand for, with a length, slice or
 * default applied; undefined for any other part (a length or a default gives one value).
 */
async function arrayList(part: Extract<WordPart, { kind: 'var' }>, env: ExpandEnv): Promise<string[] | undefined> {
  if (part.prefixNames) return variableNames(env).filter((n) => n.startsWith(part.name));
  if (part.index !== '@' && part.index !== '*') return undefined;
  const a = env.arrays?.get(part.name);
  const scalar = Object.prototype.hasOwnProperty.call(env.vars, part.name) ? env.vars[part.name] : undefined;
  let keys: string[];
  let values: string[];
  if (a) {
    keys = arrayKeys(a);
    values = arrayValues(a);
  } else {
    keys = scalar === undefined ? [] : ['0'];
    values = scalar === undefined ? [] : [scalar];
  }
  let list = part.keys ? keys : values;
  if (part.length) return [String(list.length)];
  if (part.slice) {
    let start = await arithNumber(part.slice.offset, env);
    const numeric = a && !a.assoc && !part.keys;
    const indices = numeric ? keys.map(Number) : list.map((_, k) => k);
    if (start < 0) start += numeric ? (indices[indices.length - 1] ?? -1) + 1 : list.length;
    let from = indices.findIndex((k) => k >= start);
    if (start < 0 || from < 0) from = list.length;
    list = list.slice(from);
    if (part.slice.length !== undefined) {
      const len = await arithNumber(part.slice.length, env);
      if (len < 0) throw new ExpansionError(`bash: ${part.slice.length}: substring expression < 0`);
      list = list.slice(0, len);
    }
  }
  const empty = part.unsetOnly ? list.length === 0 : list.join('') === '';
  if (part.fallback !== undefined && empty) return [await expandOperand(part.fallback, env)];
  if (part.alternate !== undefined) return empty ? [] : [await expandOperand(part.alternate, env)];
  if (part.error !== undefined && empty) throw await parameterError(part, env);
  if (part.trim || part.replace || part.caseOp) {
    const out: string[] = [];
    for (const v of list) out.push(await applyOperator(v, part, env));
    return out;
  }
  return list;
}

/** The names of the set variables, scalars and arrays, in bash's (C locale) order. */
function variableNames(env: ExpandEnv): string[] {
  const names = new Set([...Object.keys(env.vars), ...(env.arrays?.keys() ?? [])]);
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `${!NAME...}`: the same expansion of the parameter whose name is NAME's value (`x=HOME; ${!x}`, `${!1}`, `x='a[1]'`). */
async function resolveIndirect(part: Extract<WordPart, { kind: 'var' }>, env: ExpandEnv): Promise<Extract<WordPart, { kind: 'var' }>> {
  const target = part.index !== undefined ? ((await elementValue(part.name, part.index, env)) ?? '') : lookup(part.name, env);
  const label = part.index !== undefined ? `${part.name}[${part.index}]` : part.name;
  if (target === '') throw new LineEndingExpansionError(`bash: ${label}: invalid indirect expansion`);
  const m = /^(?:([A-Za-z_][A-Za-z0-9_]*)(?:\[(.+)\])?|([0-9]+|[?$#@*!-]))$/s.exec(target);
  if (!m) throw new LineEndingExpansionError(`bash: ${target}: invalid variable name`);
  const resolved: Extract<WordPart, { kind: 'var' }> = { ...part, name: m[1] ?? m[3]!, indirect: undefined };
  if (m[2] !== undefined) resolved.index = m[2];
  else delete resolved.index;
  return resolved;
}

/** The element `${NAME[SUBSCRIPT]}` names: a key for an associative array, an arithmetic index otherwise. */
async function elementValue(name: string, index: string, env: ExpandEnv): Promise<string | undefined> {
  const a = env.arrays?.get(name);
  try {
    if (a?.assoc) return elementOf(variableStore(env), name, await expandKey(index, env));
    const source = (await expandedSource(index, env)) || '0';
    if (!arithCode.loaded) await fetchPart(arithCode, env);
    const k = Number(arith(source, env));
    return elementOf(variableStore(env), name, k);
  } catch (e) {
    if (!(e instanceof AssignError)) throw e;
    // bash reports the subscript and expands to nothing.
    env.warn?.(`bash: ${e.message}\n`);
    return undefined;
  }
}

/** The value a `$NAME` / `${NAME...}` part expands to, with its operator applied. */
async function varValue(part: Extract<WordPart, { kind: 'var' }>, env: ExpandEnv): Promise<string> {
  const element = part.index !== undefined ? await elementValue(part.name, part.index, env) : undefined;
  const value = part.index !== undefined ? (element ?? '') : lookup(part.name, env);
  const tested = part.fallback !== undefined || part.alternate !== undefined || part.assign !== undefined || part.error !== undefined;
  if (!tested && env.nounset && (part.index !== undefined ? element === undefined : !isSet(part.name, env))) {
    const name = part.index !== undefined ? `${part.name}[${part.index}]` : /^\d/.test(part.name) ? `$${part.name}` : part.name;
    throw new LineEndingExpansionError(`bash: ${name}: unbound variable`);
  }
  if (tested) {
    const unset = part.unsetOnly ? (part.index !== undefined ? element === undefined : !isSet(part.name, env)) : value === '';
    if (part.alternate !== undefined) return unset ? '' : expandOperand(part.alternate, env);
    if (!unset) return value;
    if (part.error !== undefined) throw await parameterError(part, env);
    const text = await expandOperand((part.fallback ?? part.assign)!, env);
    if (part.assign !== undefined) {
      if (!/^[A-Za-z_]/.test(part.name)) throw new ExpansionError(`bash: $${part.name}: cannot assign in this way`);
      const store = variableStore(env);
      let key: string | number | undefined;
      if (part.index !== undefined) {
        if (env.arrays?.get(part.name)?.assoc) key = await expandKey(part.index, env);
        else {
          const source = (await expandedSource(part.index, env)) || '0';
          if (!arithCode.loaded) await fetchPart(arithCode, env);
          key = Number(arith(source, env));
        }
      }
      try {
        assign(store, key === undefined ? { name: part.name } : { name: part.name, key }, text);
      } catch (e) {
        if (e instanceof ReadonlyError) throw new LineEndingExpansionError(`bash: ${e.message}`);
        if (e instanceof AssignError) throw new ExpansionError(`bash: ${e.message}`);
        throw e;
      }
      return (key === undefined ? lookup(part.name, env) : elementOf(store, part.name, key)) ?? text;
    }
    return text;
  }
  if (part.trim || part.replace || part.caseOp) return applyOperator(value, part, env);
  if (part.length) return String([...value].length);
  if (part.slice) {
    const chars = [...value];
    let start = await arithNumber(part.slice.offset, env);
    if (start < 0) start = Math.max(0, chars.length + start);
    if (part.slice.length === undefined) return chars.slice(start).join('');
    const len = await arithNumber(part.slice.length, env);
    if (len < 0) {
      const end = chars.length + len;
      if (end < start) throw new ExpansionError(`bash: ${part.slice.length}: substring expression < 0`);
      return chars.slice(start, end).join('');
    }
    return chars.slice(start, start + len).join('');
  }
  return value;
}

/** The word of `${NAME:-word}` and the like: expanded, with its quotes removed. */
async function expandOperand(text: string, env: ExpandEnv): Promise<string> {
  if (text === '') return '';
  const t = tokenize(text, true);
  if (t.ok && t.tokens.length === 1 && t.tokens[0]!.type === 'word') return expandString(t.tokens[0]!.word, env);
  return expandedSource(text, env);
}

/** A pattern of `${NAME#pat}` or `${NAME/pat/rep}`, expanded and compiled; its quoted characters match only themselves. */
async function operandGlob(text: string, env: ExpandEnv): Promise<{ glob: Glob; empty: boolean }> {
  if (!globCode.loaded) await fetchPart(globCode, env);
  const { compileGlob } = globCode.now();
  const t = tokenize(text, true, env.shopts?.has('extglob') ? BASH_EXTGLOB : undefined);
  if (text === '' || !t.ok || t.tokens.length !== 1 || t.tokens[0]!.type !== 'word') {
    const source = await expandedSource(text, env);
    return { glob: compileGlob(source, undefined, env.shopts?.has('extglob') === true), empty: source === '' };
  }
  let source = '';
  const literal = new Set<number>();
  for (const part of t.tokens[0]!.word) {
    const piece = await expandString([part], env);
    if (part.quoted) for (let k = 0; k < piece.length; k++) literal.add(source.length + k);
    source += piece;
  }
  return { glob: compileGlob(source, (i) => !literal.has(i), env.shopts?.has('extglob') === true), empty: source === '' };
}

/** `${NAME:?word}` on an unset or empty parameter: `bash: NAME: word`. */
async function parameterError(part: Extract<WordPart, { kind: 'var' }>, env: ExpandEnv): Promise<ParameterNullError> {
  const text = await expandOperand(part.error ?? '', env);
  const name = part.index !== undefined ? `${part.name}[${part.index}]` : part.name;
  return new ParameterNullError(`bash: ${name}: ${text || (part.unsetOnly ? 'parameter not set' : 'parameter null or not set')}`);
}

/** The pattern and case operators (`#`, `##`, `%`, `%%`, `/`, `//`, `^`, `,`) applied to one value. */
async function applyOperator(value: string, part: Extract<WordPart, { kind: 'var' }>, env: ExpandEnv): Promise<string> {
  if (!globCode.loaded) await fetchPart(globCode, env);
  const { globMatches } = globCode.now();
  if (part.caseOp) {
    const { upper, all, toggle, pattern } = part.caseOp;
    const chars = [...value];
    // The pattern is matched against one character at a time (no pattern: any character).
    const g = pattern === undefined ? undefined : (await operandGlob(pattern, env)).glob;
    const change = (c: string): string => {
      if (g && !globMatches(g, c)) return c;
      if (toggle) return c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
      return upper ? c.toUpperCase() : c.toLowerCase();
    };
    return all ? chars.map(change).join('') : chars.length ? change(chars[0]!) + chars.slice(1).join('') : '';
  }
  if (part.trim) {
    const g = (await operandGlob(part.trim.pattern, env)).glob;
    const n = value.length;
    const { suffix, longest } = part.trim;
    for (let k = 0; k <= n; k++) {
      const len = longest ? n - k : k;
      if (suffix ? globMatches(g, value.slice(n - len)) : globMatches(g, value.slice(0, len))) {
        return suffix ? value.slice(0, n - len) : value.slice(len);
      }
    }
    return value;
  }
  const r = part.replace!;
  const { glob: g, empty } = await operandGlob(r.pattern, env);
  if (empty && !r.anchor) return value;
  const replacement = await expandOperand(r.replacement, env);
  const n = value.length;
  if (r.anchor === '#') {
    for (let j = n; j >= 0; j--) if (globMatches(g, value.slice(0, j))) return replacement + value.slice(j);
    return value;
  }
  if (r.anchor === '%') {
    for (let i = 0; i <= n; i++) if (globMatches(g, value.slice(i))) return value.slice(0, i) + replacement;
    return value;
  }
  let out = '';
  let i = 0;
  while (i < n) {
    let end = -1;
    for (let j = n; j > i; j--) {
      if (globMatches(g, value.slice(i, j))) {
        end = j;
        break;
      }
    }
    if (end < 0) {
      out += value[i];
      i++;
      continue;
    }
    out += replacement;
    i = end;
    bounded(out.length);
    if (!r.all) return out + value.slice(i);
  }
  return out;
}

/** An offset or length of `${NAME:OFFSET:LENGTH}`: expanded (it may hold `$((...))`), then evaluated. */
async function arithNumber(source: string, env: ExpandEnv): Promise<number> {
  const text = await expandedSource(source, env);
  if (!arithCode.loaded) await fetchPart(arithCode, env);
  return Number(arith(text.trim() === '' ? '0' : text, env));
}

/** An associative array's key as written in `[...]`: expanded, with its quotes removed. */
export async function expandKey(index: string, env: ExpandEnv): Promise<string> {
  const t = tokenize(index, true);
  if (t.ok && t.tokens.length === 1 && t.tokens[0]!.type === 'word') return expandString(t.tokens[0]!.word, env);
  return expandedSource(index, env);
}

/** An arithmetic expression with its `${...}`, `$(...)` and `$((...))` expanded first, as bash does. */
export async function expandedSource(source: string, env: ExpandEnv): Promise<string> {
  if (!source.includes('$') && !source.includes('`')) return source;
  const t = tokenize(`"${source.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`, true);
  const tok = t.ok && t.tokens.length === 1 ? t.tokens[0] : undefined;
  return tok?.type === 'word' ? expandString(tok.word, env) : source;
}
