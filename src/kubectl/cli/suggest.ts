/**
 * Cobra's "Did you mean this?" suggestions: commands within Levenshtein distance 2 of what
 * was typed, or starting with it, in the order `kubectl --help` lists them. Only an unknown
 * command needs them, so the dispatcher imports this module (and the command names, in the
 * flag table of the commands that load on first use) when one is typed.
 */
import { COMMAND_NAMES } from '../help/flag-table-more.ts';

/** Every kubectl command name, in help order (including ones the simulator does not run). */
export function knownCommandNames(): string[] {
  return [...COMMAND_NAMES, 'alpha', 'options'];
}

function levenshtein(a: string, b: string): number {
  const d: number[] = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** Suggestions for an unknown command name. */
export function suggestCommands(typed: string): string[] {
  const t = typed.toLowerCase();
  return knownCommandNames().filter((n) => n !== t && (levenshtein(t, n) <= 2 || n.startsWith(t)));
}

/** The full unknown-command error text (without the `error: ` prefix). */
export function unknownCommandMessage(typed: string): string {
  const s = suggestCommands(typed);
  let msg = `unknown command "${typed}" for "kubectl"`;
  if (s.length) msg += '\n\nDid you mean this?\n' + s.map((n) => `\t${n}\n`).join('');
  return msg;
}
