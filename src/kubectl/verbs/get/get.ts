/**
 * `kubectl get`: tables from the API's Table conversion (one per kind), yaml/json/name/
 * jsonpath/custom-columns, selectors, `-A`, `--sort-by`, and `-w` streaming.
 */
import { ApiError, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { jsonPath } from '../../printers/jsonpath-on-demand.ts';
import { objectPrinters } from '../../printers/objects-on-demand.ts';
import { GET_FORMATS, isTable, outputFormat } from '../../printers/output-format.ts';
import { bodyRows, headerRow, type TableOptions } from '../../printers/resource-table.ts';
import { TableWriter } from '../../printers/table-writer.ts';
import { getObject, isNotFound, listObjects, withKind } from '../../resource/fetch.ts';
import { keyOf, parseRequests, type Request } from '../../resource/resolve.ts';
import { loadPart } from '../../cli/on-demand.ts';
import { completeResources } from '../complete.ts';

const NO_TYPE = `You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.

error: Required resource not specified.
Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).
See 'kubectl get -h' for help and examples
`;

/** The API server's deprecation warnings, by core-group plural (printed once per request). */
const DEPRECATED: Record<string, string> = {
  componentstatuses: 'v1 ComponentStatus is deprecated in v1.19+',
};

interface Group {
  type: ResourceType;
  objects: KubeObject[];
}

function sortKey(obj: KubeObject, path: string): unknown {
  const tpl = path.startsWith('{') ? path : `{${path}}`;
  const { evalPath, parseTemplate } = jsonPath();
  const node = parseTemplate(tpl).find((n) => n.t === 'expr');
  return node && node.t === 'expr' ? evalPath(node.path, obj)[0] : undefined;
}

function sortObjects(objs: KubeObject[], by: string): KubeObject[] {
  const keyed = objs.map((o) => ({ o, k: sortKey(o, by) }));
  keyed.sort((a, b) => {
    if (a.k === undefined || b.k === undefined) return a.k === undefined ? (b.k === undefined ? 0 : -1) : 1;
    if (typeof a.k === 'number' && typeof b.k === 'number') return a.k - b.k;
    const x = String(a.k);
    const y = String(b.k);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return keyed.map((e) => e.o);
}

/** Fetches every request; NotFound errors are collected (printed after the output). */
function fetch(inv: Invocation, requests: Request[], allNs: boolean, errors: string[]): Group[] {
  const groups: Group[] = [];
  for (const req of requests) {
    // Create-only types (bindings, tokenreviews, ...) serve neither get nor list.
    if (!req.type.verbs.includes(req.names ? 'get' : 'list')) {
      throw new ApiError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
    }
    const warning = DEPRECATED[req.type.plural];
    if (warning && !req.type.group) inv.err(`Warning: ${warning}\n`);
    let objects: KubeObject[];
    if (req.names) {
      objects = [];
      for (const name of req.names) {
        try {
          objects.push(getObject(inv, req.type, name));
        } catch (e) {
          if (!isNotFound(e)) throw e;
          if (!inv.flags.bool('ignore-not-found')) errors.push(formatApiError(e));
        }
      }
    } else objects = listObjects(inv, req.type, allNs).map((o) => withKind(o, req.type));
    if (req.version) objects = objects.map((o) => inv.client.inServedVersion(keyOf(req.type), o, req.version));
    const by = inv.flags.str('sort-by');
    if (by) objects = sortObjects(objects, by);
    const existing = groups.find((g) => g.type === req.type);
    if (existing) existing.objects.push(...objects);
    else groups.push({ type: req.type, objects });
  }
  return groups;
}

async function run(inv: Invocation): Promise<number> {
  // --raw is rare: its code loads on first use.
  if (inv.flags.str('raw')) return (await inv.ctx.loadCode(loadPart('raw request code', () => import('./raw.ts')))).getRaw(inv);
  const watching = inv.flags.bool('watch') || inv.flags.bool('watch-only');
  // -w is rarer than a table: its code loads on first use, before anything is read from the server.
  const watch = watching ? await inv.ctx.loadCode(loadPart('watch code', () => import('./watch.ts'))) : undefined;
  const format = outputFormat(inv);
  // A table needs no printer of its own; every other format is checked as the printers see it.
  if (!isTable(format)) objectPrinters().checkFormat(format, GET_FORMATS);
  if (inv.args.length === 0) {
    inv.err(NO_TYPE);
    return 1;
  }
  const requests = parseRequests(inv.args);
  const allNs = inv.flags.bool('all-namespaces');
  const errors: string[] = [];
  const groups = fetch(inv, requests, allNs, errors);
  const multiType = inv.args[0]!.includes(',') || inv.args[0] === 'all' || new Set(requests.map((r) => r.type)).size > 1;
  const opts: TableOptions = {
    wide: format === 'wide',
    withKind: multiType || inv.flags.bool('show-kind'),
    withNamespace: allNs,
    showLabels: inv.flags.bool('show-labels'),
    labelColumns: inv.flags.list('label-columns'),
    now: inv.client.now(),
    tables: inv.client,
  };
  if (watch) return watch.watchTable(inv, groups, opts, format);

  const objects = groups.flatMap((g) => g.objects);
  if (!isTable(format)) {
    const single = requests.length === 1 && requests[0]!.names?.length === 1 && !inv.args[0]!.includes(',');
    if (objects.length > 0 || !single) inv.out(objectPrinters().renderObjects(objects, format, single, inv.flags.bool('no-headers'), inv.flags.bool('allow-missing-template-keys')));
  } else {
    const parts: string[] = [];
    for (const g of groups) {
      if (g.objects.length === 0) continue;
      const rows = bodyRows(g.type, g.objects, opts);
      if (!inv.flags.bool('no-headers')) rows.unshift(headerRow(g.type, opts));
      parts.push(new TableWriter().flush(rows));
    }
    inv.out(parts.join('\n'));
  }
  if (objects.length === 0 && errors.length === 0 && isTable(format)) {
    const allNamespaced = groups.every((g) => g.type.namespaced);
    inv.err(allNamespaced && !allNs ? `No resources found in ${inv.namespace} namespace.\n` : 'No resources found\n');
  }
  for (const e of errors) inv.err(e + '\n');
  return errors.length ? 1 : 0;
}

registerVerb({
  name: 'get',
  short: 'Display one or many resources',
  run,
  complete: completeResources,
});
