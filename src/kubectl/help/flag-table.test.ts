import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandNames, flagLines, flagTableSource } from './flag-table-source.ts';
import { COMMAND_NAMES, FLAG_LINES } from './flag-table.ts';
import { HELP as FULL } from './texts-full.ts';
import { HELP, loadHelpTexts } from './texts.ts';

describe('flag table', () => {
  it('is in sync with texts-full.ts (regenerate with write-flag-table.mjs)', () => {
    expect(readFileSync(new URL('./flag-table.ts', import.meta.url), 'utf8')).toBe(flagTableSource(FULL));
  });

  it('has every command path of the texts, with the flag lines of its Options block', () => {
    expect(Object.keys(FLAG_LINES).sort()).toEqual(Object.keys(FULL).sort());
    expect(FLAG_LINES['logs']!.split('\n')).toContain('-c, --container=\'\'');
    expect(FLAG_LINES['options']!.split('\n')).toContain('-n, --namespace=\'\'');
    expect(flagLines('Options:\n    -o, --output=\'\':\n\tOutput format.\n\n    --x=false:\n')).toBe("-o, --output=''\n--x=false");
  });

  it('lists the command names of kubectl --help in order', () => {
    expect(COMMAND_NAMES).toEqual(commandNames(FULL['']!));
    expect(COMMAND_NAMES.slice(0, 3)).toEqual(['create', 'expose', 'run']);
  });
});

describe('help texts on demand', () => {
  it('loads the full texts into HELP, once', async () => {
    await Promise.all([loadHelpTexts(), loadHelpTexts()]);
    expect(HELP).toEqual(FULL);
  });
});
