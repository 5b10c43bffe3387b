/** The verification report as a text table (one per learner) or as CSV. */
import type { VerifyRow } from './verify-export.ts';

/** A plain-text table per file and learner: exercise, what the file claims, what replaying shows. */
export function formatTable(rows: readonly VerifyRow[]): string {
  const out: string[] = [];
  const groups = new Map<string, VerifyRow[]>();
  for (const r of rows) groups.set(`${r.file}\0${r.learner}`, [...(groups.get(`${r.file}\0${r.learner}`) ?? []), r]);
  for (const group of groups.values()) {
    const first = group[0]!;
    const passed = group.filter((r) => r.verified).length;
    out.push(`${first.learner || '(no name)'}  ${first.file}  ${passed}/${group.length} verified`);
    const cells = [['EXERCISE', 'CLAIMED', 'VERIFIED', 'DETAIL'], ...group.map((r) => [r.exercise, r.claimed || '-', r.verified ? 'yes' : 'NO', r.detail])];
    const widths = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i]!.length)));
    for (const c of cells) out.push(c.map((v, i) => (i < 3 ? v.padEnd(widths[i]!) : v)).join('   ').trimEnd());
    out.push('');
  }
  return out.join('\n');
}

const csvCell = (v: string): string => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${(/^[=+\-@]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"` : v);

/** RFC 4180 CSV (cells that a spreadsheet would run as formulas are quoted and prefixed with '). */
export function formatCsv(rows: readonly VerifyRow[]): string {
  const lines = [['file', 'learner', 'exercise', 'claimed', 'verified', 'detail'].join(',')];
  for (const r of rows) lines.push([r.file, r.learner, r.exercise, r.claimed, r.verified ? 'yes' : 'no', r.detail].map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}
