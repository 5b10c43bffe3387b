import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandNames, flagLines, flagsAtStart, flagTableSource, moreFlagTableSource } from './flag-table-source.ts';
import { FLAG_LINES as AT_START } from './flag-table.ts';
import { COMMAND_NAMES, FLAG_LINES as MORE } from './flag-table-more.ts';
import { flagLinesOf, flagLinesReady, loadMoreFlagLines } from './flag-lines.ts';
import { HELP as FULL } from './texts-full.ts';
import { HELP, loadHelpTexts } from './texts.ts';

describe('flag tables', () => {
  it('are in sync with texts-full.ts (regenerate with write-flag-table.mjs)', () => {
    expect(readFileSync(new URL('./flag-table.ts', import.meta.url), 'utf8')).toBe(flagTableSource(FULL));
    expect(readFileSync(new URL('./flag-table-more.ts', import.meta.url), 'utf8')).toBe(moreFlagTableSource(FULL));
  });

  it('have every command path of the texts between them, with the flag lines of its Options block', () => {
    expect([...Object.keys(AT_START), ...Object.keys(MORE)].sort()).toEqual(Object.keys(FULL).sort());
    expect(Object.keys(AT_START).sort()).toEqual(['', 'get', 'options']);
    expect(Object.keys(MORE).some(flagsAtStart)).toBe(false);
    expect(MORE['logs']!.split('\n')).toContain('-c, --container=\'\'');
    expect(AT_START['options']!.split('\n')).toContain('-n, --namespace=\'\'');
    expect(flagLines('Options:\n    -o, --output=\'\':\n\tOutput format.\n\n    --x=false:\n')).toBe("-o, --output=''\n--x=false");
  });

  it('lists the command names of kubectl --help in order', () => {
    expect(COMMAND_NAMES).toEqual(commandNames(FULL['']!));
    expect(COMMAND_NAMES.slice(0, 3)).toEqual(['create', 'expose', 'run']);
  });
});

describe('flag lines on demand', () => {
  it("has the start commands' lines at once and the others once loaded", async () => {
    expect(flagLinesReady('get')).toBe(true);
    expect(flagLinesOf('options')).toBe(AT_START['options']);
    expect(flagLinesReady('create secret generic')).toBe(false);
    expect(flagLinesOf('create secret generic')).toBeUndefined();
    await Promise.all([loadMoreFlagLines(), loadMoreFlagLines()]);
    expect(flagLinesReady('create secret generic')).toBe(true);
    expect(flagLinesOf('create secret generic')).toBe(MORE['create secret generic']);
    expect(flagLinesOf('no such command')).toBe('');
  });
});

describe('help texts on demand', () => {
  it('loads the full texts into HELP, once', async () => {
    await Promise.all([loadHelpTexts(), loadHelpTexts()]);
    expect(HELP).toEqual(FULL);
  });
});
