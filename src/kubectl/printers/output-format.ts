/**
 * What `-o` asks for, as kubectl's PrintFlags read it: the format with `--template` and template
 * files resolved, whether it is a table, and the formats each kind of command accepts. Small and
 * needed by every `get`, unlike the printers themselves (output.ts, loaded on demand by `get`).
 */
import { CliError } from '../cli/errors.ts';

/** What `outputFormat` needs of an invocation. */
export interface OutputSource {
  flags: { str(name: string): string };
  ctx: { cwd: string; fs: { read(path: string): string | undefined } };
}

const TEMPLATE_NAMES: Record<string, 'go-template' | 'jsonpath'> = {
  'go-template': 'go-template',
  template: 'go-template',
  'go-template-file': 'go-template',
  templatefile: 'go-template',
  jsonpath: 'jsonpath',
  'jsonpath-file': 'jsonpath',
  'jsonpath-as-json': 'jsonpath',
};

/**
 * The `-o` value with `--template` and template files resolved, as kubectl's PrintFlags do:
 * `--template` alone means go-template; `-o go-template-file=F` becomes `go-template=<F's text>`.
 */
export function outputFormat(inv: OutputSource): string {
  const format = inv.flags.str('output');
  const template = inv.flags.str('template');
  const [name, arg] = splitFormat(format);
  if (format === '' && template) return `go-template=${template}`;
  const kind = TEMPLATE_NAMES[name];
  if (!kind) return format;
  const tpl = arg !== undefined && arg !== '' ? arg : template;
  if (!tpl) throw new CliError('template format specified but no template given');
  if (name.endsWith('-file') || name === 'templatefile') {
    const path = tpl.startsWith('/') ? tpl : `${inv.ctx.cwd.replace(/\/$/, '')}/${tpl}`;
    const text = inv.ctx.fs.read(path);
    if (text === undefined) throw new CliError(`error reading --template ${tpl}, open ${tpl}: no such file or directory`);
    return `${kind}=${text}`;
  }
  return `${name === 'template' ? 'go-template' : name}=${tpl}`;
}

/** The formats `kubectl get` accepts, for the "unable to match a printer" error. */
export const GET_FORMATS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';
/** The formats object-writing commands (run, create, apply) accept. */
export const WRITE_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** Whether `-o` asks for a table (default or wide). */
export function isTable(format: string): boolean {
  return format === '' || format === 'wide';
}

/** An `-o` value's name and its argument (`jsonpath`, `{.a}`). */
export function splitFormat(format: string): [string, string | undefined] {
  const eq = format.indexOf('=');
  if (eq < 0) return [format, undefined];
  return [format.slice(0, eq), format.slice(eq + 1)];
}
