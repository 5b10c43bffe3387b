/**
 * `kubectl get -w`: the current table, then one row per change event (ADDED, MODIFIED,
 * DELETED) through the same width-remembering writer, until Ctrl-C. The server's watch applies
 * `-l` and `--field-selector`, so an object leaving the selection arrives as DELETED. With an
 * empty initial list nothing is printed until the first event; the header appears once.
 */
import type { KubeObject, ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { objectPrinters } from '../../printers/objects-on-demand.ts';
import { isTable } from '../../printers/output-format.ts';
import { bodyRows, headerRow, type TableOptions } from '../../printers/resource-table.ts';
import { TableWriter } from '../../printers/table-writer.ts';
import { namespaceFor, selectorsOf, withKind } from '../../resource/fetch.ts';
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
  const writer = new TableWriter();
  const noHeaders = inv.flags.bool('no-headers');
  let headerDone = noHeaders;

  const print = (objs: KubeObject[]) => {
    if (objs.length === 0) return;
    if (!isTable(format)) {
      // custom-columns keeps one printer for the stream: its header comes once, with the first row.
      const columns = format.startsWith('custom-columns');
      for (const o of objs) {
        inv.out(objectPrinters().renderObjects([o], format, true, columns && headerDone));
        if (columns) headerDone = true;
      }
      return;
    }
    const rows = bodyRows(type, objs, { ...opts, now: inv.client.now() });
    if (!headerDone) rows.unshift(headerRow(type, opts));
    headerDone = true;
    inv.out(writer.flush(rows));
  };

  if (!inv.flags.bool('watch-only')) print(objects);
  inv.ctx.streaming();
  // The server filters: the selectors go on the watch, and a single name becomes
  // `metadata.name=NAME`, as kubectl watches one object.
  const { labelSelector, fieldSelector } = selectorsOf(inv);
  const single = names.size === 1 && !fieldSelector ? `metadata.name=${[...names][0]}` : fieldSelector;
  const watchOpts = { namespace: namespaceFor(inv, type, opts.withNamespace), labelSelector, fieldSelector: single };
  const unsubscribe = inv.client.watch(keyOf(type), watchOpts, (e) => {
    const o = e.object;
    if (names.size > 1 && !names.has(o.metadata.name ?? '')) return;
    print([withKind(o, type)]);
  });
  await new Promise<void>((resolve) => inv.ctx.interrupt.onInterrupt(() => resolve()));
  unsubscribe();
  return 0;
}
