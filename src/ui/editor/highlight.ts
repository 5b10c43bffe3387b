/**
 * A small highlighter for the editor's overlay: YAML (keys, strings, numbers and booleans,
 * comments, `- ` and `---`, block scalars) and JSON, line by line. It only colours: the HTML it
 * returns has exactly the characters of the text, so the overlay lines up with the textarea.
 */

/** Token classes, styled by editor.css. */
type Token = 'key' | 'str' | 'num' | 'com' | 'punct' | 'doc';

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const span = (cls: Token, text: string): string => (text ? `<span class="ce-${cls}">${escape(text)}</span>` : '');

/** Scalars YAML 1.1 (and kubectl) read as something other than a string. */
const NON_STRING = /^(?:[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|true|false|True|False|TRUE|FALSE|yes|no|on|off|null|Null|NULL|~)$/;

/** A value after `key: ` or `- ` (quoted string, number, plain string, with a trailing comment). */
function value(text: string): string {
  const lead = /^\s*/.exec(text)![0];
  let rest = text.slice(lead.length);
  let out = escape(lead);
  const quoted = /^(?:"(?:[^"\\]|\\.)*"?|'(?:[^']|'')*'?)/.exec(rest);
  if (quoted && quoted[0]) {
    const after = rest.slice(quoted[0].length);
    const gap = /^\s*/.exec(after)![0];
    const more = after.slice(gap.length);
    return out + span('str', quoted[0]) + escape(gap) + (more.startsWith('#') ? span('com', more) : escape(more));
  }
  const comment = /(^|\s)#.*$/.exec(rest);
  let tail = '';
  if (comment) {
    tail = span('com', rest.slice(comment.index + comment[1]!.length));
    rest = rest.slice(0, comment.index + comment[1]!.length);
  }
  const trimmed = rest.trimEnd();
  const trailing = rest.slice(trimmed.length);
  if (!trimmed) return out + escape(rest) + tail;
  if (/^[|>][-+0-9]*$/.test(trimmed) || /^[[\]{},]+$/.test(trimmed)) out += span('punct', trimmed);
  else if (NON_STRING.test(trimmed)) out += span('num', trimmed);
  else out += span('str', trimmed);
  return out + escape(trailing) + tail;
}

/** One YAML line outside a block scalar. */
function yamlLine(line: string): string {
  if (/^(---|\.\.\.)(\s|$)/.test(line)) return span('doc', line.slice(0, 3)) + value(line.slice(3));
  const indent = /^\s*/.exec(line)![0];
  let rest = line.slice(indent.length);
  let out = escape(indent);
  if (rest.startsWith('#')) return out + span('com', rest);
  // Sequence indicators (`- `, `- - `).
  for (let m = /^-(\s+|$)/.exec(rest); m; m = /^-(\s+|$)/.exec(rest)) {
    out += span('punct', '-') + escape(m[1]!);
    rest = rest.slice(m[0].length);
  }
  const key = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[][^:#]*?)(\s*)(:)(?=\s|$)/.exec(rest);
  if (key) {
    out += span('key', key[1]!) + escape(key[2]!) + span('punct', ':');
    return out + value(rest.slice(key[0].length));
  }
  return out + value(rest);
}

/** The YAML text as highlighted HTML. */
export function highlightYaml(text: string): string {
  const out: string[] = [];
  // Inside a block scalar (`key: |`): lines indented deeper than its key are text.
  let blockIndent = -1;
  for (const line of text.split('\n')) {
    const indent = /^ */.exec(line)![0].length;
    if (blockIndent >= 0 && (line.trim() === '' || indent > blockIndent)) {
      out.push(span('str', line));
      continue;
    }
    blockIndent = -1;
    out.push(yamlLine(line));
    if (/:\s*[|>][-+0-9]*\s*(#.*)?$/.test(line)) blockIndent = indent + (/^\s*- /.test(line) ? 2 : 0);
  }
  return out.join('\n');
}

/** JSON text as highlighted HTML. */
export function highlightJson(text: string): string {
  let out = '';
  const re = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)|([{}[\],:])|([^"\d{}[\],:tfn-]+|.)/gs;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined) out += m[2] !== undefined ? span('key', m[1]) + escape(m[2]) : span('str', m[1]);
    else if (m[3] !== undefined) out += span('num', m[3]);
    else if (m[4] !== undefined) out += span('punct', m[4]);
    else out += escape(m[0]);
  }
  return out;
}

/** The highlighter for a file name: JSON for `.json`, YAML for `.yaml`/`.yml`, none (escaped text) otherwise. */
export function highlighterFor(path: string): (text: string) => string {
  if (/\.json$/i.test(path)) return highlightJson;
  if (/\.ya?ml$/i.test(path)) return highlightYaml;
  return escape;
}
