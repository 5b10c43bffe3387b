/**
 * `kubectl events`: the namespace's events as `LAST SEEN  TYPE  REASON  OBJECT  MESSAGE`
 * (Kind capitalised, sorted by time, `38s (x2 over 85s)` for repeats), `--for TYPE/NAME`,
 * `--types`, `-A`, `-o`, `-w`.
 */
import { humanDuration, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { checkFormat, isTable, renderObjects } from '../../printers/output.ts';
import { TableWriter } from '../../printers/table-writer.ts';
import { resolveType } from '../../resource/resolve.ts';

type Filter = (e: KubeObject) => boolean;

function time(e: KubeObject): number {
  return Date.parse(String(e.lastTimestamp ?? e.eventTime ?? e.metadata.creationTimestamp ?? ''));
}

function forFilter(inv: Invocation): Filter | undefined {
  const spec = inv.flags.str('for');
  if (!spec) return undefined;
  const slash = spec.indexOf('/');
  if (slash < 0) throw new CliError(`--for must be in resource/name form`);
  const type = resolveType(spec.slice(0, slash));
  const name = spec.slice(slash + 1);
  return (e) => {
    const io = e.involvedObject as { kind?: string; name?: string } | undefined;
    return io?.kind === type.kind && io?.name === name;
  };
}

function row(e: KubeObject, now: number, allNs: boolean): string[] {
  const count = Number(e.count ?? 1);
  const last = now - time(e);
  const first = now - Date.parse(String(e.firstTimestamp ?? e.eventTime ?? e.metadata.creationTimestamp ?? ''));
  const seen = count > 1 ? `${humanDuration(last)} (x${count} over ${humanDuration(first)})` : humanDuration(last);
  const io = (e.involvedObject ?? {}) as { kind?: string; name?: string };
  const cells = [seen, String(e.type ?? ''), String(e.reason ?? ''), `${io.kind}/${io.name}`, String(e.message ?? '').trim()];
  if (allNs) cells.unshift(e.metadata.namespace ?? '');
  return cells;
}

async function run(inv: Invocation): Promise<number> {
  const format = inv.flags.str('output');
  checkFormat(format, 'json,yaml,name,jsonpath,wide');
  const allNs = inv.flags.bool('all-namespaces');
  const byFor = forFilter(inv);
  const types = inv.flags.list('types').map((t) => t.toLowerCase());
  for (const t of types) if (t !== 'normal' && t !== 'warning') throw new CliError(`valid --types are Normal or Warning`);
  const keep = (e: KubeObject) => (!byFor || byFor(e)) && (!types.length || types.includes(String(e.type).toLowerCase()));
  const events = inv.client
    .list('events', { namespace: allNs ? undefined : inv.namespace })
    .items.filter(keep)
    .sort((a, b) => time(a) - time(b) || Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion));
  const header = ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
  if (allNs) header.unshift('NAMESPACE');
  const writer = new TableWriter();
  const noHeaders = inv.flags.bool('no-headers');
  let headerDone = noHeaders;
  const print = (list: KubeObject[]) => {
    if (!list.length) return;
    if (!isTable(format)) return inv.out(renderObjects(list, format, false));
    const rows = list.map((e) => row(e, inv.client.now(), allNs));
    if (!headerDone) rows.unshift(header);
    headerDone = true;
    inv.out(writer.flush(rows));
  };
  if (!inv.flags.bool('watch')) {
    if (!events.length) {
      inv.err(allNs ? 'No events found.\n' : `No events found in ${inv.namespace} namespace.\n`);
      return 0;
    }
    print(events);
    return 0;
  }
  print(events);
  inv.ctx.streaming();
  const stop = inv.client.watch('events', { namespace: allNs ? undefined : inv.namespace }, (ev) => {
    if (ev.type !== 'DELETED' && keep(ev.object)) print([ev.object]);
  });
  await new Promise<void>((resolve) => inv.ctx.interrupt.onInterrupt(() => resolve()));
  stop();
  return 0;
}

registerVerb({ name: 'events', short: 'List events', run });
