/**
 * Reading code blocks at build time: the info-string options (```yaml file=pod.yaml norun),
 * the commands a shell block runs, and the files and exercises a lesson's source declares.
 * Pure functions, no DOM: used by the pages and components while rendering.
 */

/** Options after the language in a code fence: `key=value`, `key="a value"`, or a bare flag (true). */
export function parseMeta(meta: string | undefined): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  if (!meta) return out;
  const re = /([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
  for (const m of meta.matchAll(re)) {
    out[m[1]!] = m[2] ?? m[3] ?? m[4] ?? true;
  }
  return out;
}

/**
 * Splits a shell code block into the command lines to type, one entry per command.
 * - When some lines start with `$ `, only those are commands (the rest is shown output);
 *   their continuation lines (after a trailing backslash, or a heredoc body) follow them.
 * - Otherwise every line is a command line, except blank lines and `#` comments.
 * A heredoc (`<<EOF`, `<<-'EOF'`) keeps its body and terminator in the same entry, joined by
 * newlines, so the shell receives it as it would from a keyboard.
 */
export function splitCommands(code: string): string[] {
  const lines = code.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const prompted = lines.some((l) => /^\$ /.test(l));
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    let line = lines[i++]!;
    if (prompted) {
      if (!line.startsWith('$ ')) continue;
      line = line.slice(2);
    }
    if (!line.trim() || /^\s*#/.test(line)) continue;
    const parts = [line];
    // Backslash continuations.
    while (/\\$/.test(parts[parts.length - 1]!) && i < lines.length) parts.push(stripPrompt(lines[i++]!, prompted));
    // Heredoc bodies, up to their terminator line.
    const joined = parts.join('\n');
    for (const m of joined.matchAll(/<<-?\s*(['"]?)([\w.-]+)\1/g)) {
      const word = m[2]!;
      const dash = m[0].startsWith('<<-');
      while (i < lines.length) {
        const body = stripPrompt(lines[i++]!, prompted);
        parts.push(body);
        if ((dash ? body.replace(/^\t+/, '') : body) === word) break;
      }
    }
    out.push(parts.join('\n'));
  }
  return out;
}

/** Continuation lines in a prompted block may carry a `> ` prompt; the shell adds its own. */
function stripPrompt(line: string, prompted: boolean): string {
  return prompted && line.startsWith('> ') ? line.slice(2) : line;
}

/** Turns highlighted HTML (Shiki's spans) back into the code's text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos|nbsp|#39);/gi, (_m, e: string) => {
      const k = e.toLowerCase();
      if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
      if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
      return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[k] ?? '';
    });
}

/** Languages whose blocks get a Run button. */
export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'shellscript', 'zsh']);
/** Languages whose manifest blocks get an Apply button. */
export const YAML_LANGS = new Set(['yaml', 'yml']);

/** Fenced blocks in a lesson's MDX source: language, meta and code. */
export function fencedBlocks(source: string): { lang: string; meta: string; code: string }[] {
  const out: { lang: string; meta: string; code: string }[] = [];
  const re = /^([ \t]*)(`{3,}|~{3,})[ \t]*([\w+-]*)[ \t]*([^\n]*)\n([\s\S]*?)^\1\2[ \t]*$/gm;
  for (const m of source.matchAll(re)) {
    const indent = m[1]!;
    const code = m[5]!
      .split('\n')
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n')
      .replace(/\n$/, '');
    out.push({ lang: m[3]!.toLowerCase(), meta: m[4]!.trim(), code });
  }
  return out;
}

/** Files a lesson gives its terminal: YAML blocks marked `file=NAME`, by name. */
export function declaredFiles(source: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const b of fencedBlocks(source)) {
    const file = parseMeta(b.meta).file;
    if (YAML_LANGS.has(b.lang) && typeof file === 'string') files[file] = b.code + '\n';
  }
  return files;
}

/** Exercise ids used as <Exercise id="..."> in a lesson's source, in order, without repeats. */
export function exerciseIdsIn(source: string): string[] {
  const ids: string[] = [];
  for (const m of source.matchAll(/<Exercise\b[^>]*\bid=(?:"([^"]+)"|'([^']+)'|\{["']([^"']+)["']\})/g)) {
    const id = m[1] ?? m[2] ?? m[3]!;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A stable 31-bit seed from a string (FNV-1a), so each lesson gets its own reproducible cluster. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 1) || 1;
}
