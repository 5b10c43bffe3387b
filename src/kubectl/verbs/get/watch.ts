/**
 * `kubectl get -w`: the current table, then one row per change event (ADDED, MODIFIED,
 * DELETED) through the same width-remembering writer, until Ctrl-C. With an empty initial
 * list nothing is printed until the first event; the header appears once.
 */
import type { KubeObject, ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { isTable, renderObjects } from '../../printers/output.ts';
import { bodyRows, headerRow, type TableOptions } from '../../printers/resource-table.ts';
import { TableWriter } from '../../printers/table-writer.ts';
import { namespaceFor, selectorFilter, withKind } from '../../resource/fetch.ts';
import { keyOf } from '../../resource/resolve.ts';

/** Streams one kind's changes until interrupted; resolves to the exit status. */
export async function watchTable(
  inv: Invocation,
  groups: { type: ResourceType; objects: KubeObject[] }[],
  opts: TableOptions,
  format: string,
): Promise<number> {
  if (groups.length !== 1) throw new CliError('you may only specify a single resource type');
  const { type, objects } = groups[0]!;
  const names = new Set(inv.args.slice(1).length && !inv.args[0]!.includes('/') ? inv.args.slice(1) : []);
  for (const a of inv.args) if (a.includes('/')) names.add(a.slice(a.indexOf('/') + 1));
  const filter = selectorFilter(inv, type);
  const writer = new TableWriter();
  const noHeaders = inv.flags.bool('no-headers');
  let headerDone = noHeaders;

  const print = (objs: KubeObject[]) => {
    if (objs.length === 0) return;
    if (!isTable(format)) {
      for (const o of objs) inv.out(renderObjects([o], format, true));
      return;
    }
    const rows = bodyRows(type, objs, { ...opts, now: inv.client.now() });
    if (!headerDone) rows.unshift(headerRow(type, opts));
    headerDone = true;
    inv.out(writer.flush(rows));
  };

  if (!inv.flags.bool('watch-only')) print(objects);
  inv.ctx.streaming();
  const unsubscribe = inv.client.watch(keyOf(type), { namespace: namespaceFor(inv, type, opts.withNamespace) }, (e) => {
    const o = e.object;
    if (names.size && !names.has(o.metadata.name ?? '')) return;
    if (filter && !filter(o)) return;
    print([withKind(o, type)]);
  });
  await new Promise<void>((resolve) => inv.ctx.interrupt.onInterrupt(() => resolve()));
  unsubscribe();
  return 0;
}
