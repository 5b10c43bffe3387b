/**
 * Word expansion at run time, in sh's order: `~`, variables and `$(...)`, then field splitting
 * of unquoted results, then pathname globbing (`*`, `?`) against the terminal's files, then
 * quote removal. Quoted text is never split or globbed.
 */
import type { Word } from './ast.ts';
import type { VirtualFS } from './exec.ts';
import { resolvePath } from './path.ts';
import { ArithError, evalArith } from './arith.ts';

export interface ExpandEnv {
  vars: Record<string, string>;
  /** `$?` */
  status: number;
  cwd: string;
  fs: VirtualFS;
  /** Runs a `$(...)` body and returns its standard output. */
  substitute(source: string): Promise<string>;
}

interface Field {
  text: string;
  /** Per character: may it act as a glob metacharacter (unquoted)? */
  glob: boolean[];
  /** A quoted part was present, so the field exists even when empty (`""`). */
  quoted: boolean;
}

const SPLIT = /[ \t\n]+/;

/** Expands one word to zero or more fields (arguments). */
export async function expandWord(word: Word, env: ExpandEnv): Promise<string[]> {
  const fields: Field[] = [];
  let cur: Field = { text: '', glob: [], quoted: false };
  let started = false;
  const add = (text: string, glob: boolean): void => {
    cur.text += text;
    for (let k = 0; k < text.length; k++) cur.glob.push(glob);
    started = true;
  };
  for (let n = 0; n < word.length; n++) {
    const part = word[n]!;
    if (part.kind === 'lit') {
      let text = part.text;
      if (n === 0 && !part.quoted && (text === '~' || text.startsWith('~/'))) {
        add(env.vars.HOME ?? '/home/learner', false);
        text = text.slice(1);
      }
      add(text, !part.quoted);
      if (part.quoted) cur.quoted = true;
      continue;
    }
    let value: string;
    if (part.kind === 'var') {
      if (part.name.startsWith('\u0000bad:')) throw new ExpansionError(`bash: \${${part.name.slice(5)}}: bad substitution`);
      value = lookup(part.name, env);
      if (value === '' && part.fallback !== undefined) value = part.fallback;
    } else if (part.kind === 'arith') {
      value = arith(part.source, env);
    } else {
      value = (await env.substitute(part.source)).replace(/\n+$/, '');
    }
    if (part.quoted) {
      add(value, false);
      cur.quoted = true;
      continue;
    }
    const pieces = value.split(SPLIT);
    for (let k = 0; k < pieces.length; k++) {
      if (k > 0 && (started || cur.text)) {
        fields.push(cur);
        cur = { text: '', glob: [], quoted: false };
        started = false;
      }
      if (pieces[k]) add(pieces[k]!, true);
    }
  }
  if (cur.text || cur.quoted) fields.push(cur);
  const out: string[] = [];
  for (const f of fields) out.push(...glob(f, env));
  return out;
}

/** Expands a word without splitting or globbing (assignments, redirection targets, heredoc lines). */
export async function expandString(word: Word, env: ExpandEnv): Promise<string> {
  let s = '';
  for (let n = 0; n < word.length; n++) {
    const part = word[n]!;
    if (part.kind === 'lit') s += n === 0 && !part.quoted && (part.text === '~' || part.text.startsWith('~/')) ? (env.vars.HOME ?? '') + part.text.slice(1) : part.text;
    else if (part.kind === 'var') {
      const v = lookup(part.name, env);
      s += v === '' && part.fallback !== undefined ? part.fallback : v;
    } else if (part.kind === 'arith') s += arith(part.source, env);
    else s += (await env.substitute(part.source)).replace(/\n+$/, '');
  }
  return s;
}

/** Expands `$VAR`, `${VAR}`, `$(...)` and `\$` in an unquoted heredoc body. */
export async function expandHereDoc(body: string, env: ExpandEnv): Promise<string> {
  let out = '';
  const re = /\\([$`\\])|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*|[?$#])|\$\(([^()]*)\)/g;
  let last = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    out += body.slice(last, m.index);
    if (m[1] !== undefined) out += m[1];
    else if (m[4] !== undefined) out += (await env.substitute(m[4])).replace(/\n+$/, '');
    else out += lookup((m[2] ?? m[3])!, env);
    last = m.index + m[0].length;
  }
  return out + body.slice(last);
}

/** A failed expansion (`${!}`): the command does not run. */
export class ExpansionError extends Error {}

function arith(source: string, env: ExpandEnv): string {
  try {
    return String(evalArith(source, env.vars));
  } catch (e) {
    if (e instanceof ArithError) throw new ExpansionError(`bash: ${e.message}`);
    throw e;
  }
}

function lookup(name: string, env: ExpandEnv): string {
  if (name === '?') return String(env.status);
  if (name === '$') return '1';
  if (name === '#') return '0';
  if (name === '0') return 'bash';
  return env.vars[name] ?? '';
}

function glob(f: Field, env: ExpandEnv): string[] {
  if (!f.glob.some((g, k) => g && (f.text[k] === '*' || f.text[k] === '?'))) return [f.text];
  const slash = f.text.lastIndexOf('/');
  const dirText = slash < 0 ? '' : f.text.slice(0, slash + 1);
  if (f.glob.slice(0, slash + 1).some((g, k) => g && (f.text[k] === '*' || f.text[k] === '?'))) return [f.text];
  let re = '^';
  for (let k = slash + 1; k < f.text.length; k++) {
    const c = f.text[k]!;
    if (f.glob[k] && c === '*') re += '[^/]*';
    else if (f.glob[k] && c === '?') re += '[^/]';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const pattern = new RegExp(re + '$');
  const dir = resolvePath(env.cwd, dirText || '.', env.vars.HOME);
  const hidden = f.text[slash + 1] === '.';
  const matches = env.fs
    .list(dir)
    .map((e) => (e.endsWith('/') ? e.slice(0, -1) : e))
    .filter((e) => pattern.test(e) && (hidden || !e.startsWith('.')))
    .map((e) => dirText + e);
  return matches.length ? matches : [f.text];
}
