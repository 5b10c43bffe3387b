/**
 * The LimitRange table of `describe limits` and `describe namespace` (describeLimitRangeSpec):
 * one row per item type and resource, `-` where a column has no value. Go prints a map's
 * resources in random order; here they are sorted so output is stable.
 */
import { formatQuantity, parseQuantity, type KubeObject } from '../../../sim/index.ts';
import type { PrefixWriter } from './prefix-writer.ts';

type Rec = Record<string, string>;

/** The rows of a LimitRange spec (describeLimitRangeSpec), one per type and resource, each after `prefix`. */
export function writeLimitRangeRows(w: PrefixWriter, prefix: string, lr: KubeObject): void {
  for (const item of (lr.spec?.limits ?? []) as Record<string, unknown>[]) {
    const cols = ['min', 'max', 'defaultRequest', 'default', 'maxLimitRequestRatio'].map((f) => (item[f] ?? {}) as Rec);
    const names = new Set(cols.flatMap((c) => Object.keys(c)));
    for (const name of [...names].sort()) {
      const cells = cols.map((c) => (c[name] === undefined ? '-' : formatQuantity(parseQuantity(c[name]!))));
      w.write(0, `${prefix}${String(item.type ?? '')}\t${name}\t${cells.join('\t')}\n`);
    }
  }
}

/** The table heading describeLimitRange prints, each line after `prefix`. */
export function writeLimitRangeHeader(w: PrefixWriter, prefix: string): void {
  w.write(0, `${prefix}Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n`);
  w.write(0, `${prefix}----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n`);
}
