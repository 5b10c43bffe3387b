import { describe, expect, it, vi } from 'vitest';
import { verbWord, warmEarly } from './early-code.ts';
import { VERB_CODE, verbCode } from '../kubectl/verbs/code.ts';
import { VERB_TABLE } from '../kubectl/verbs/table.ts';
import { findVerb } from '../kubectl/cli/registry.ts';
import { isStandIn } from '../kubectl/cli/lazy-verb.ts';
import '../kubectl/index.ts';

// Counts the fetches of the flag lines of the commands that load on first use.
const flagTable = vi.hoisted(() => ({ fetched: 0 }));
vi.mock('../kubectl/help/flag-table-more.ts', async (original) => {
  flagTable.fetched++;
  return original();
});

describe('early-code', () => {
  it('finds the command word past flags and their values', () => {
    expect(verbWord(['apply', '-f', 'x.yaml'])).toBe('apply');
    expect(verbWord(['-n', 'shop', 'rollout', 'status', 'deploy/web'])).toBe('rollout');
    expect(verbWord(['--namespace=shop', 'scale', 'deploy/web'])).toBe('scale');
    expect(verbWord(['--context', 'kind-kind', 'delete', 'pod', 'web'])).toBe('delete');
    expect(verbWord(['--help'])).toBeUndefined();
  });

  it("knows every command of the verb table by its name, with the table's own load", () => {
    for (const e of VERB_TABLE) expect(verbCode(e.name), e.name).toBe(e.load);
    expect(Object.keys(VERB_CODE).sort()).toEqual(VERB_TABLE.map((e) => e.name).sort());
    expect(verbCode('get')).toBeUndefined();
    expect(verbCode('constructor')).toBeUndefined();
  });

  it("imports the clicked command's module, which then replaces kubectl's stand-in, and nothing else", async () => {
    expect(isStandIn(findVerb('scale')!)).toBe(true);
    expect(isStandIn(findVerb('annotate')!)).toBe(true);
    expect(flagTable.fetched).toBe(0);
    warmEarly({ kind: 'run', commands: ['kubectl -n default scale deploy/web --replicas=2'] });
    await vi.waitFor(() => expect(isStandIn(findVerb('scale')!)).toBe(false), { timeout: 10_000 });
    expect(isStandIn(findVerb('annotate')!)).toBe(true);
    // The command's flag lines, which kubectl reads before the line, came with it.
    expect(flagTable.fetched).toBe(1);
  });

  it('ignores lines that name no command', () => {
    expect(() => warmEarly({ kind: 'run', commands: ['kubectl nosuchverb', 'kubectl', 'ls -f'] })).not.toThrow();
  });
});
