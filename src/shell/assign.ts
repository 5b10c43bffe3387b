/**
 * Assignments at run time: `NAME=VALUE`, `NAME+=VALUE`, `NAME[SUB]=VALUE` and `NAME=(...)`
 * (with `[KEY]=VALUE` items), left to right so each sees the ones before (`a=1 b=$a`).
 */
import type { Assignment, Word } from '../shell-grammar/ast.ts';
import { ArithError } from '../shell-grammar/arith-error.ts';
import { ArithExpansionError, expandKey, expandString, expandWord, expandedSource, fetchPart, variableStore, type ExpandEnv } from './expand.ts';
import { arithCode } from './shell-code.ts';
import { tokenize } from '../shell-grammar/tokenize.ts';
import { shellQuote } from './shell-quote.ts';
import { AssignError, arithScope, assign, assignArray, type VariableStore } from './variables.ts';

/**
 * Runs `assigns` against the variables of `env`; a bad subscript or arithmetic error throws
 * ExpansionError. `trace` gets each assignment as `set -x` shows it.
 */
export async function runAssignments(assigns: Assignment[], env: ExpandEnv, trace?: (text: string) => void): Promise<void> {
  const store = variableStore(env);
  for (const a of assigns) {
    const op = a.append ? '+=' : '=';
    try {
      if (a.array) {
        const items = await arrayItems(a.array, env);
        trace?.(`${a.name}${op}(${items.map((i) => (i.key !== undefined ? `[${i.key}]=` : '') + shellQuote(i.value, false)).join(' ')})`);
        // An indexed array's `[KEY]=` is arithmetic.
        if (!arithCode.loaded && items.some((i) => i.key !== undefined)) await fetchPart(arithCode, env);
        assignArray(store, a.name, items, a.append === true);
        continue;
      }
      const value = await expandString(a.value, env);
      trace?.(`${a.name}${a.index !== undefined ? `[${a.index}]` : ''}${op}${shellQuote(value, false)}`);
      const key = a.index === undefined ? undefined : await subscriptKey(store, a.name, a.index, env);
      assign(store, { name: a.name, key, append: a.append }, value);
    } catch (e) {
      if (e instanceof AssignError || e instanceof ArithError) throw new ArithExpansionError(`bash: ${e.message}`);
      throw e;
    }
  }
}

/** The key `NAME[SUB]` names: SUB expanded for an associative array, evaluated otherwise. */
export async function subscriptKey(store: VariableStore, name: string, index: string, env: ExpandEnv): Promise<string | number> {
  if (store.arrays.get(name)?.assoc) return expandKey(index, env);
  const source = (await expandedSource(index, env)) || '0';
  if (!arithCode.loaded) await fetchPart(arithCode, env);
  return Number(arithCode.now().evalArith(source, arithScope(store)));
}

/** The items of `(...)`: `[KEY]=VALUE` words keep their key; other words expand to one item per field. */
export async function arrayItems(words: Word[], env: ExpandEnv): Promise<{ key?: string; value: string }[]> {
  const items: { key?: string; value: string }[] = [];
  for (const w of words) {
    const keyed = keyedItem(w);
    if (keyed) {
      items.push({ key: await expandKey(keyed.key, env), value: await expandString(keyed.value, env) });
      continue;
    }
    for (const f of await expandWord(w, env)) items.push({ value: f });
  }
  return items;
}

/** `[KEY]=VALUE` as one word of a compound assignment; undefined for a plain word. */
function keyedItem(w: Word): { key: string; value: Word } | undefined {
  const first = w[0];
  const raw = w.raw;
  if (first?.kind !== 'lit' || first.quoted || !first.text.startsWith('[') || raw === undefined) return undefined;
  const m = /^\[([^\]]*)\]=/.exec(raw);
  if (!m) return undefined;
  const rest = raw.slice(m[0].length);
  const t = rest === '' ? undefined : tokenize(rest, true);
  const value: Word = t?.ok && t.tokens[0]?.type === 'word' ? t.tokens[0].word : [];
  return { key: m[1]!, value };
}
