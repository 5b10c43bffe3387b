/**
 * `npm run verify -- [--csv] FILES...`: checks learners' progress files by replaying each
 * exercise's journal on its own seed and running its checks (verify-export.ts); prints a table
 * per learner, or CSV with --csv. Exit status 0 when every claimed completion verifies, 1 when
 * one does not, 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { verifyFile, type VerifyRow } from './verify-export.ts';
import { formatCsv, formatTable } from './report.ts';

const args = process.argv.slice(2);
const csv = args.includes('--csv');
const files = args.filter((a) => a !== '--csv');
if (!files.length || files.some((f) => f.startsWith('-'))) {
  process.stderr.write('usage: npm run verify -- [--csv] FILE.json...\n');
  process.exit(2);
}
const rows: VerifyRow[] = [];
for (const f of files) {
  let text: string;
  try {
    text = readFileSync(f, 'utf8');
  } catch (e) {
    rows.push({ file: basename(f), learner: '', exercise: '', claimed: '', verified: false, detail: `cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}` });
    continue;
  }
  rows.push(...(await verifyFile(basename(f), text)));
}
process.stdout.write(csv ? formatCsv(rows) : formatTable(rows));
process.exit(rows.some((r) => r.claimed === 'done' && !r.verified) || rows.some((r) => !r.exercise) ? 1 : 0);
