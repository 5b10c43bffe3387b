// Writes flag-table.ts and flag-table-more.ts from texts-full.ts (run by generate.sh):
//   npx node --experimental-strip-types --no-warnings src/kubectl/help/write-flag-table.mjs
import { writeFileSync } from 'node:fs';
import { HELP } from './texts-full.ts';
import { flagTableSource, moreFlagTableSource } from './flag-table-source.ts';

writeFileSync(new URL('./flag-table.ts', import.meta.url), flagTableSource(HELP));
writeFileSync(new URL('./flag-table-more.ts', import.meta.url), moreFlagTableSource(HELP));
