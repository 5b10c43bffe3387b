/**
 * The printers of the non-table formats: yaml, json, name, jsonpath=..., custom-columns=...,
 * go-template=... (kubectl's PrintFlags chain), and the check of an `-o` value. Tables (`''`,
 * `wide`) are laid out by the verbs from the API's Table conversion. The commands that load on
 * first use import this module; `get`, there from the start, reads it on demand
 * (objects-on-demand.ts), since most of its runs print tables.
 */
import { resolveResourceType, type KubeObject } from '../../sim/index.ts';
import { CliError } from '../cli/errors.ts';
import { kindPrefix } from '../resource/resolve.ts';
import { goTemplatePrinter } from './gotemplate-on-demand.ts';
import { jsonPath } from './jsonpath-on-demand.ts';
import { toJson } from './json.ts';
import { GET_FORMATS, splitFormat } from './output-format.ts';
import { formatTable } from './table-writer.ts';
import { toYaml } from './yaml.ts';

export { GET_FORMATS, isTable, outputFormat, WRITE_FORMATS, type OutputSource } from './output-format.ts';

/** Throws kubectl's error for an unknown or incomplete `-o` value. */
export function checkFormat(format: string, allowed: string): void {
  const [name, arg] = splitFormat(format);
  if (name === 'jsonpath' || name === 'jsonpath-as-json') {
    if (!arg) throw new CliError('template format specified but no template given');
    jsonPath().parseTemplate(arg);
    return;
  }
  if (name === 'go-template') {
    if (!arg) throw new CliError('template format specified but no template given');
    goTemplatePrinter().checkGoTemplate(arg);
    return;
  }
  if (name === 'custom-columns' && allowed.includes('custom-columns')) {
    if (arg === undefined || arg === '') throw new CliError('custom-columns format specified but no custom columns given');
    parseColumns(arg);
    return;
  }
  const known = ['json', 'yaml', 'name', ...(allowed.includes('wide') ? ['', 'wide'] : [''])];
  if (!known.includes(format)) {
    throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${allowed}`);
  }
}

function parseColumns(spec: string): { header: string; path: string }[] {
  return spec.split(',').map((col) => {
    const i = col.indexOf(':');
    if (i < 0) throw new CliError(`unexpected custom-columns spec: ${col}, expected <header>:<json-path-expr>`);
    let path = col.slice(i + 1);
    if (!path.startsWith('{')) path = `{${path.startsWith('.') ? '' : '.'}${path}}`;
    return { header: col.slice(0, i), path };
  });
}

/** `pod/web`, `deployment.apps/web`. */
export function objectName(obj: KubeObject): string {
  const t = resolveResourceType(obj.kind) ;
  return `${t ? kindPrefix(t) : obj.kind.toLowerCase()}/${obj.metadata.name}`;
}

/** A List wrapping several objects, as kubectl prints them in yaml/json/jsonpath. */
export function asList(objs: KubeObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: objs, kind: 'List', metadata: { resourceVersion: '' } };
}

/**
 * Renders objects in a non-table format. `single` prints the object itself rather than a
 * List (one object asked for by name). `typed` marks objects kubectl built or received as
 * typed objects (create, run, apply output), whose numbers JSONPath sees as float64.
 */
export function renderObjects(objs: KubeObject[], format: string, single: boolean, noHeaders = false, allowMissing = true, typed = false): string {
  const [name, arg] = splitFormat(format);
  const data = single && objs.length === 1 ? objs[0] : asList(objs);
  switch (name) {
    case 'yaml':
      return toYaml(data);
    case 'json':
      return toJson(data);
    case 'name':
      return objs.map((o) => objectName(o) + '\n').join('');
    case 'jsonpath':
      return jsonPath().executeJsonPath(arg!, data, allowMissing, typed);
    case 'go-template':
      return goTemplatePrinter().renderGoTemplate(arg!, data, allowMissing);
    case 'jsonpath-as-json': {
      const { evalPath, parseTemplate } = jsonPath();
      return toJson(evalPath(parseTemplate(arg!).flatMap((n) => (n.t === 'expr' ? n.path : [])), data));
    }
    case 'custom-columns': {
      const cols = parseColumns(arg!);
      const rows = objs.map((o) =>
        cols.map((c) => {
          const v = executeJsonPathValues(c.path, o);
          return v.length === 0 ? '<none>' : v.map(goValue).join(',');
        }),
      );
      if (!noHeaders) rows.unshift(cols.map((c) => c.header));
      return formatTable(rows);
    }
    default:
      throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${GET_FORMATS}`);
  }
}

/** A value as Go's `%v` prints it, which custom-columns uses: `[map[ip:10.244.1.2]]`. */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') return `map[${Object.keys(v as object).sort().map((k) => `${k}:${goValue((v as Record<string, unknown>)[k])}`).join(' ')}]`;
  return jsonPath().textOf(v);
}

function executeJsonPathValues(tpl: string, obj: unknown): unknown[] {
  const { evalPath, parseTemplate } = jsonPath();
  const nodes = parseTemplate(tpl);
  return nodes.flatMap((n) => (n.t === 'expr' ? evalPath(n.path, obj) : [])).filter((v) => v !== undefined && v !== null);
}
