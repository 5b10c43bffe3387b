/**
 * Commands printed back as bash prints them: `type f` shows a function in bash's layout
 * (`f () `, `{ `, four-space indents, `;` after each command but a block's last), and `jobs`
 * shows a job's command line. Words keep the quoting they were typed with.
 */
import type { AndOr, Command, Compound, FunctionDef, Pipeline, Redirect, Script, SimpleCommand, Word } from '../shell-grammar/ast.ts';

const pad = (n: number): string => ' '.repeat(n);

/** `NAME () \n{ \n    BODY\n}` as `type NAME` prints a function. */
export function printFunction(fn: FunctionDef, indent = 0): string {
  const body =
    fn.body.kind === 'group' ? fn.body : ({ kind: 'group', body: [{ first: { negate: false, commands: [fn.body] }, rest: [] }], redirects: [] } as Compound);
  return `${fn.name} () \n${pad(indent)}${printCommand(body, indent)}`;
}

/** One chain on the line(s) it takes. */
export function printChain(chain: AndOr, indent = 0, oneLine = false): string {
  let s = printPipeline(chain.first, indent, oneLine);
  for (const r of chain.rest) s += ` ${r.op} ${printPipeline(r.pipeline, indent, oneLine)}`;
  return s;
}

/**
 * A job's command line as `jobs` shows it (without the `&`): bash keeps the first line of the
 * command as it prints it (`while true; do`), a `{ ...; }` group on one line.
 */
export function printJob(chain: AndOr): string {
  const text = printChain(chain, 0, true);
  const nl = text.indexOf('\n');
  return nl < 0 ? text : text.slice(0, nl);
}

/** A list of chains, each on its own line at `indent`; `terminated`: the last one gets its `;` too. */
function printList(script: Script, indent: number, terminated: boolean): string {
  const lines: string[] = [];
  let line = '';
  script.forEach((chain, k) => {
    line += printChain(chain, indent);
    if (chain.background && k < script.length - 1) {
      line += ' & ';
      return;
    }
    const last = k === script.length - 1;
    line += chain.background ? ' &' : last && !terminated ? '' : ';';
    lines.push(pad(indent) + line);
    line = '';
  });
  return lines.join('\n');
}

/** Chains on one line, `; `-separated (an `if` or `while` condition). */
export function inline(script: Script): string {
  return script.map((c, k) => printChain(c, 0) + (c.background ? ' &' : k < script.length - 1 ? ';' : '')).join(' ');
}

function printPipeline(p: Pipeline, indent: number, oneLine = false): string {
  return (p.negate ? '! ' : '') + p.commands.map((c) => printCommand(c, indent, oneLine)).join(' | ');
}

/** A word as it was written (quotes kept), as `set -x` shows a `for` or `case` header. */
export function raw(w: Word): string {
  if (w.raw !== undefined) return w.raw;
  return w
    .map((p) =>
      p.kind === 'lit'
        ? p.text
        : p.kind === 'var'
          ? '$' + p.name
          : p.kind === 'arith'
            ? `$((${p.source}))`
            : p.kind === 'procsub'
              ? `<(${p.source})`
              : `$(${p.source})`,
    )
    .join('');
}

function printRedirect(r: Redirect): string {
  switch (r.kind) {
    case 'dup':
      return `${r.fd === 1 ? '' : r.fd}>&${r.to}`;
    case 'both':
      return `&${r.mode === 'append' ? '>>' : '>'} ${raw(r.target)}`;
    case 'heredoc':
      return `<<${r.doc.stripTabs ? '-' : ''}${r.doc.expand ? r.doc.delimiter : `'${r.doc.delimiter}'`}`;
    case 'herestring':
      return `${r.fd === 0 ? '' : r.fd}<<< ${raw(r.word)}`;
    default: {
      const op = r.mode === 'read' ? '<' : r.mode === 'append' ? '>>' : '>';
      const usual = r.mode === 'read' ? 0 : 1;
      return `${r.fd === usual ? '' : r.fd}${op} ${raw(r.target)}`;
    }
  }
}

/** Here-document bodies of `rs`, printed after the line that has them. */
function hereDocs(rs: Redirect[]): string {
  let s = '';
  for (const r of rs) if (r.kind === 'heredoc') s += `\n${r.doc.body}${r.doc.delimiter}\n`;
  return s;
}

function withRedirects(text: string, rs: Redirect[]): string {
  return rs.length ? `${text} ${rs.map(printRedirect).join(' ')}${hereDocs(rs)}` : text;
}

/** A simple command as typed (assignments, words, redirections). */
export function printSimple(c: SimpleCommand): string {
  const parts = [...c.assigns.map((a) => `${a.name}=${raw(a.value)}`), ...c.words.map(raw)];
  return withRedirects(parts.join(' '), c.redirects);
}

function printCommand(c: Command, indent: number, oneLine = false): string {
  if (c.kind === undefined) return printSimple(c);
  if (c.kind === 'function') return `function ${printFunction(c, indent)}`;
  if (c.kind === 'group' && oneLine) return withRedirects(`{ ${inline(c.body)}; }`, c.redirects);
  if (c.kind === 'subshell' && oneLine) return withRedirects(`( ${inline(c.body)} )`, c.redirects);
  return withRedirects(printCompound(c, indent), c.redirects);
}

function printCompound(c: Compound, indent: number): string {
  const inner = indent + 4;
  const end = pad(indent);
  switch (c.kind) {
    case 'group':
      return `{ \n${printList(c.body, inner, false)}\n${end}}`;
    case 'subshell':
      return `( ${printList(c.body, inner, false).trimStart()} )`;
    case 'while':
      return `${c.until ? 'until' : 'while'} ${inline(c.cond)}; do\n${printList(c.body, inner, true)}\n${end}done`;
    case 'for':
      return `for ${c.name} in ${c.positional ? '"$@"' : c.words.map(raw).join(' ')};\n${end}do\n${printList(c.body, inner, true)}\n${end}done`;
    case 'if':
      return printIf(c.branches, c.otherwise, indent);
    case 'cond':
      return `[[ ${c.text} ]]`;
    case 'arith':
      return `((${c.source}))`;
    case 'arith-for':
      return `for ((${c.init};${c.cond};${c.step}))\n${end}do\n${printList(c.body, inner, true)}\n${end}done`;
    case 'case': {
      const items = c.items.map(
        (it) => `${pad(inner)}${it.patterns.map(raw).join(' | ')})\n${it.body.length ? printList(it.body, inner + 4, false) : ''}\n${pad(inner)}${it.end}`,
      );
      return `case ${raw(c.word)} in \n${items.map((s) => s + '\n').join('')}${end}esac`;
    }
  }
}

/** bash prints `elif` as an `if` nested in the `else`. */
function printIf(branches: { cond: Script; body: Script }[], otherwise: Script | undefined, indent: number): string {
  const [first, ...more] = branches;
  const inner = indent + 4;
  let s = `if ${inline(first!.cond)}; then\n${printList(first!.body, inner, true)}\n`;
  if (more.length) s += `${pad(indent)}else\n${pad(inner)}${printIf(more, otherwise, inner)};\n`;
  else if (otherwise) s += `${pad(indent)}else\n${printList(otherwise, inner, true)}\n`;
  return s + `${pad(indent)}fi`;
}
