import { describe, expect, it } from 'vitest';
import { findVerb } from '../cli/registry.ts';
import { isStandIn, type VerbOutline } from '../cli/lazy-verb.ts';
import type { Verb } from '../cli/verb.ts';
import '../index.ts';
import { VERB_TABLE } from './table.ts';

/** The outline of a real verb, with each completion function named by identity. */
function outlineOf(v: Verb | VerbOutline): unknown {
  return {
    name: v.name,
    aliases: v.aliases ?? [],
    help: v.help,
    complete: v.complete,
    subcommands: (v.subcommands ?? []).map(outlineOf),
  };
}

describe('the verb table', () => {
  it('starts with a stand-in for every command but get', () => {
    expect(isStandIn(findVerb('get')!)).toBe(false);
    for (const e of VERB_TABLE) expect(isStandIn(findVerb(e.name)!), e.name).toBe(true);
  });

  it('outlines each command exactly as its module registers it (words, aliases, sub-commands, help key, completion)', async () => {
    for (const e of VERB_TABLE) await e.load();
    for (const e of VERB_TABLE) {
      const real = findVerb(e.name)!;
      expect(isStandIn(real), e.name).toBe(false);
      expect(outlineOf(real), e.name).toEqual(outlineOf(e));
    }
  });
});
