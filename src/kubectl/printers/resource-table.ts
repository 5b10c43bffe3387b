/**
 * Turns the API server's Table for a kind into kubectl's rows: upper-cased headers, wide
 * columns by priority, `kind/name` in multi-kind output, the NAMESPACE column for `-A`, and
 * the LABELS / `-L` label columns (tableprinter.go).
 */
import type { KubeObject, ReadClient, ResourceType } from '../../sim/index.ts';
import { keyOf, kindPrefix } from '../resource/resolve.ts';
import { cleanCell } from './table-writer.ts';

export interface TableOptions {
  wide: boolean;
  withKind: boolean;
  withNamespace: boolean;
  showLabels: boolean;
  labelColumns: string[];
  now: number;
  /** The API server's Table conversion (a list asked for `as=Table`). */
  tables: Pick<ReadClient, 'asTable'>;
}

function labelsCell(obj: KubeObject): string {
  const labels = obj.metadata.labels ?? {};
  const keys = Object.keys(labels).sort();
  return keys.length ? keys.map((k) => `${k}=${labels[k]}`).join(',') : '<none>';
}

/** The header row for a kind under these options. */
export function headerRow(type: ResourceType, opts: TableOptions): string[] {
  const cols = opts.tables.asTable(keyOf(type), []).columns.filter((c) => opts.wide || c.priority === 0);
  const head = cols.map((c) => c.name.toUpperCase());
  if (opts.withNamespace && type.namespaced) head.unshift('NAMESPACE');
  for (const l of opts.labelColumns) head.push(l.slice(l.lastIndexOf('/') + 1).toUpperCase());
  if (opts.showLabels) head.push('LABELS');
  return head;
}

/** One row per object, cells in header order. */
export function bodyRows(type: ResourceType, objects: KubeObject[], opts: TableOptions): string[][] {
  const table = opts.tables.asTable(keyOf(type), objects);
  const keep = table.columns.map((c) => opts.wide || c.priority === 0);
  const prefix = opts.withKind ? kindPrefix(type) + '/' : '';
  return table.rows.map((r) => {
    const cells = r.cells.filter((_, i) => keep[i]).map((c) => cleanCell(String(c)));
    if (prefix && cells.length) cells[0] = prefix + cells[0];
    if (opts.withNamespace && type.namespaced) cells.unshift(r.object.metadata.namespace ?? '');
    for (const l of opts.labelColumns) cells.push(r.object.metadata.labels?.[l] ?? '');
    if (opts.showLabels) cells.push(labelsCell(r.object));
    return cells;
  });
}
