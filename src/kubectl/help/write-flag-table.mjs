// Writes flag-table.ts from texts-full.ts (run by generate.sh):
//   npx node --experimental-strip-types --no-warnings src/kubectl/help/write-flag-table.mjs
import { writeFileSync } from 'node:fs';
import { HELP } from './texts-full.ts';
import { flagTableSource } from './flag-table-source.ts';

writeFileSync(new URL('./flag-table.ts', import.meta.url), flagTableSource(HELP));
