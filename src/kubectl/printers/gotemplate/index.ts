/**
 * kubectl's go-template printer (`-o go-template=...`, `--template`, `-o go-template-file=F`):
 * parse errors as `error parsing template TPL, template: output:LINE: MSG`, execution errors
 * with the partial output and the debugging block on stdout, then
 * `error executing template "TPL": ...` on stderr.
 */
import { CliError } from '../../cli/errors.ts';
import { toCompactJson } from '../json.ts';
import { executeGoTemplate, TemplateExecError } from './exec.ts';
import { TemplateLexError } from './lex.ts';
import { parseGoTemplate, TemplateParseError, type TNode } from './parse.ts';
import { goPrint } from './values.ts';

/** Parses a template, throwing kubectl's parse error. */
export function checkGoTemplate(tpl: string): TNode[] {
  try {
    return parseGoTemplate(tpl);
  } catch (e) {
    if (e instanceof TemplateParseError || e instanceof TemplateLexError) {
      throw new CliError(`error parsing template ${tpl}, template: output:${e.line}: ${e.message}`);
    }
    throw e;
  }
}

/** Quotes a string as Go's %q does (enough for templates). */
function goQuote(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Renders data (an object or a List) through a Go template. */
export function renderGoTemplate(tpl: string, data: unknown, allowMissing: boolean): string {
  const nodes = checkGoTemplate(tpl);
  let out = '';
  try {
    executeGoTemplate(tpl, nodes, data, allowMissing, (s) => (out += s));
    return out;
  } catch (e) {
    if (!(e instanceof TemplateExecError)) throw e;
    const debug =
      `Error executing template: ${e.message}. Printing more information for debugging the template:\n` +
      `\ttemplate was:\n\t\t${tpl}\n\traw data was:\n\t\t${toCompactJson(data)}\n` +
      `\tobject given to template engine was:\n\t\t${goPrint(data)}\n\n`;
    throw new CliError(`error executing template ${goQuote(tpl)}: ${e.message}`, { stdout: out + debug });
  }
}
