/** The values of parameters as expansions read them: positional, special, arrays' element 0, variables. */
import type { ExpandEnv } from './expand.ts';

/** Whether NAME is set (for `${NAME-word}`). */
export function isSet(name: string, env: ExpandEnv): boolean {
  if (/^[1-9]\d*$/.test(name)) return Number(name) <= (env.positional ?? []).length;
  if (/^[?$#@*!0]$/.test(name)) return true;
  const a = env.arrays?.get(name);
  if (a) return a.assoc ? a.items.has('0') : a.items.has(0);
  return env.special?.(name) !== undefined || Object.prototype.hasOwnProperty.call(env.vars, name);
}

/** A shell-computed parameter (`$!`) or a scalar, for arithmetic. */
export function lookupSpecial(name: string, env: ExpandEnv): string | undefined {
  return env.special?.(name);
}

/** The value `$NAME` expands to (empty when unset). */
export function lookup(name: string, env: ExpandEnv): string {
  if (name === '?') return String(env.status);
  if (name === '$') return '1';
  if (name === '0') return env.special?.('0') ?? 'bash';
  const params = env.positional ?? [];
  if (name === '#') return String(params.length);
  if (name === '@' || name === '*') return params.join(' ');
  if (/^[1-9]\d*$/.test(name)) return params[Number(name) - 1] ?? '';
  const special = env.special?.(name);
  if (special !== undefined) return special;
  const a = env.arrays?.get(name);
  if (a) return (a.assoc ? a.items.get('0') : a.items.get(0)) ?? '';
  return Object.prototype.hasOwnProperty.call(env.vars, name) ? env.vars[name]! : '';
}
