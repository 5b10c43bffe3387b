/**
 * Server-side printing: per-kind Table conversion, as the real API server does for
 * `kubectl get` (pkg/printers/internalversion/printers.go). kubectl only lays the table out.
 * Kind modules install a converter into each API server's own registry; kinds without one get
 * the default NAME / AGE table.
 */
import type { KubeObject } from '../../api/types.ts';
import { humanDuration } from '../../api/duration.ts';

export interface TableColumn {
  /** As the API reports it (`Name`, `Up-to-date`, `Nominated Node`); kubectl upper-cases it. */
  name: string;
  /** 0 = always shown, 1 = only with `-o wide`. */
  priority: 0 | 1;
}

export interface TableConverter {
  columns: TableColumn[];
  /** One cell per column, in order. `now` is cluster time in ms (for ages). */
  row(obj: KubeObject, now: number): string[];
}

export interface Table {
  columns: TableColumn[];
  rows: { cells: string[]; object: KubeObject }[];
}


/** Age of an object's creationTimestamp, as the AGE column prints it. */
export function age(obj: KubeObject, now: number): string {
  const ts = obj.metadata.creationTimestamp;
  return ts ? humanDuration(now - Date.parse(ts)) : '<unknown>';
}

const DEFAULT: TableConverter = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, now) => [o.metadata.name ?? '', age(o, now)],
};

/** One API server's Table conversions, by resource key. */
export class TableRegistry {
  private readonly converters = new Map<string, TableConverter>();

  /** Registers the Table conversion for a resource key (`pods`, `deployments.apps`). */
  register(resource: string, c: TableConverter): void {
    this.converters.set(resource, c);
  }

  /** Builds the Table the API server would return for these objects. */
  toTable(resource: string, objects: KubeObject[], now: number): Table {
    const c = this.converters.get(resource) ?? DEFAULT;
    return { columns: c.columns, rows: objects.map((object) => ({ cells: c.row(object, now), object })) };
  }
}
