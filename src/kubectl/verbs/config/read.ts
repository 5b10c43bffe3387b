/**
 * The `kubectl config` commands that only read: `view` (`--minify`, `--raw`, `-o yaml|json|
 * jsonpath=...`), `current-context`, `get-contexts`, `get-clusters` and `get-users`.
 */
import { CliError } from '../../cli/errors.ts';
import type { Verb } from '../../cli/verb.ts';
import { documentValue, jsonValue, minified, redacted } from '../../kubeconfig/document.ts';
import { jsonPath } from '../../printers/jsonpath-on-demand.ts';
import { toStructJson } from '../../printers/json.ts';
import { checkFormat, outputFormat, WRITE_FORMATS } from '../../printers/output.ts';
import { formatTable } from '../../printers/table-writer.ts';
import { toYaml } from '../../printers/yaml.ts';
import { openConfig } from './config-file.ts';

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const view: Verb = {
  name: 'view',
  short: 'Display merged kubeconfig settings or a specified kubeconfig file',
  run: async (inv) => {
    const format = outputFormat(inv) || 'yaml';
    checkFormat(format, WRITE_FORMATS);
    let { doc } = await openConfig(inv);
    if (inv.flags.bool('minify')) doc = minified(doc);
    if (!inv.flags.bool('raw') && !inv.flags.bool('flatten')) doc = redacted(doc);
    const eq = format.indexOf('=');
    const name = eq < 0 ? format : format.slice(0, eq);
    if (name === 'yaml') inv.out(toYaml(documentValue(doc)));
    else if (name === 'json') inv.out(toStructJson(jsonValue(doc)));
    else if (name === 'jsonpath') inv.out(jsonPath().executeJsonPath(format.slice(eq + 1), jsonValue(doc), true, false));
    else throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${WRITE_FORMATS}`);
    return 0;
  },
};

const currentContext: Verb = {
  name: 'current-context',
  short: 'Display the current-context',
  run: async (inv) => {
    const { doc } = await openConfig(inv);
    if (!doc.currentContext) throw new CliError('current-context is not set');
    inv.out(doc.currentContext + '\n');
    return 0;
  },
};

const getContexts: Verb = {
  name: 'get-contexts',
  short: 'Describe one or many contexts',
  run: async (inv) => {
    const o = inv.flags.str('output');
    if (o !== '' && o !== 'name') throw new CliError(`--output ${o} is not available in kubectl config get-contexts; resetting to default output format`);
    const { doc } = await openConfig(inv);
    const names = inv.args.length ? inv.args : [...doc.contexts.keys()].sort(byName);
    const missing = names.filter((n) => !doc.contexts.has(n));
    const found = names.filter((n) => doc.contexts.has(n));
    if (o === 'name') inv.out(found.map((n) => n + '\n').join(''));
    else {
      const rows = found.map((n) => {
        const c = doc.contexts.get(n)!;
        return [n === doc.currentContext ? '*' : '', n, String(c.cluster ?? ''), String(c.user ?? ''), String(c.namespace ?? '')];
      });
      if (!inv.flags.bool('no-headers')) rows.unshift(['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE']);
      inv.out(formatTable(rows, 6, 3));
    }
    if (missing.length) throw new CliError(missing.map((n) => `context ${n} not found`).join('\nerror: '));
    return 0;
  },
};

/** `get-clusters` and `get-users`: a NAME column of the section's entries. */
function names(name: string, short: string, section: 'clusters' | 'users'): Verb {
  return {
    name,
    short,
    run: async (inv) => {
      const { doc } = await openConfig(inv);
      inv.out(['NAME', ...[...doc[section].keys()].sort(byName)].map((n) => n + '\n').join(''));
      return 0;
    },
  };
}

/** The read-only sub-commands of `kubectl config`. */
export const READ_SUBCOMMANDS: Verb[] = [
  currentContext,
  names('get-clusters', 'Display clusters defined in the kubeconfig', 'clusters'),
  getContexts,
  names('get-users', 'Display users defined in the kubeconfig', 'users'),
  view,
];
