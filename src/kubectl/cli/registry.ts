/**
 * The verb registry: each verb module calls `registerVerb` when imported. verbs/index.ts
 * registers a stand-in for each command from the verb table (verbs/table.ts), which imports
 * the command's module on first use (cli/lazy-verb.ts); the module's `registerVerb` then
 * replaces the stand-in.
 */
import type { Verb } from './verb.ts';

const verbs = new Map<string, Verb>();

/** Registers a top-level command (replacing one of the same name). */
export function registerVerb(v: Verb): void {
  verbs.set(v.name, v);
}

/** Whether a top-level command of that name is registered. */
export function hasVerb(name: string): boolean {
  return verbs.has(name);
}

/** Looks a command up by name or alias. */
export function findVerb(name: string): Verb | undefined {
  return verbs.get(name) ?? [...verbs.values()].find((v) => v.aliases?.includes(name));
}

/** Every registered command, in registration order. */
export function allVerbs(): Verb[] {
  return [...verbs.values()];
}

/** Adds a sub-command to a registered command (`create deployment` from another module). */
export function registerSubcommand(parent: string, sub: Verb): void {
  const p = verbs.get(parent);
  if (!p) throw new Error(`no command ${parent}`);
  p.subcommands = [...(p.subcommands ?? []).filter((s) => s.name !== sub.name), sub];
}

/** Finds a sub-command by name or alias. */
export function findSubcommand(parent: Verb, name: string): Verb | undefined {
  return parent.subcommands?.find((s) => s.name === name || s.aliases?.includes(name));
}
