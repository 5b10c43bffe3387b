/**
 * The file `kubectl edit` hands to the editor, and how it reads it back, as kubectl 1.32 does
 * (staging/src/k8s.io/kubectl/pkg/cmd/util/editor): the comment header (with the reasons of a
 * failed save when the file is reopened), comments stripped before comparing, the temporary
 * file's name (`/tmp/kubectl-edit-<5 letters or digits>.yaml`), the editor named by
 * `KUBE_EDITOR` or `EDITOR` (default `vi`), and the merge patch from the object shown to the
 * object saved.
 */
import { getOwn, setOwn } from '../../../sim/index.ts';
import { canonical } from '../../resource/workloads.ts';

/** One reason a save failed, written into the header of the reopened file. */
export interface EditReason {
  head: string;
  /** `* cause` lines under the head. */
  other: string[];
}

const HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

/** Continues a multi-line text as comment lines (kubectl's hashOnLineBreak). */
function hashOnLineBreak(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const next = s[i + 1];
    out += s[i] === '\n' && next !== undefined && next !== '#' ? '\n# ' : s[i];
  }
  return out;
}

/** The header kubectl writes above the object: the instructions, then each reason of a failed save. */
export function editHeader(reasons: readonly EditReason[]): string {
  let out = HEADER;
  for (const r of reasons) {
    out += `# ${hashOnLineBreak(r.head)}${r.other.length ? ':' : ''}\n`;
    for (const o of r.other) out += `# * ${hashOnLineBreak(o)}\n`;
    out += '#\n';
  }
  return out;
}

/** The text without its comment lines (`#!` lines stay), as kubectl's ManualStrip. */
export function manualStrip(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  lines.forEach((line, i) => {
    const t = line.trim();
    if (t.startsWith('#') && !t.startsWith('#!')) return;
    kept.push(line + (i < lines.length - 1 ? '\n' : ''));
  });
  return kept.join('');
}

/**
 * What two versions of the file are compared by (kubectl's StripComments): the document as
 * data when it parses (so comments and layout do not count), else the text without comments.
 */
export function strippedForCompare(text: string, parse: (text: string) => unknown | undefined): string {
  const data = parse(text);
  return data === undefined ? 'text:' + manualStrip(text) : 'data:' + canonical(data);
}

/** Whether any line holds something other than blanks and comments (kubectl's hasLines). */
export function hasLines(text: string): boolean {
  return text.split('\n').some((line) => {
    const t = line.trim();
    return t.length > 0 && !t.startsWith('#');
  });
}

/** The editor's command line as kubectl finds it: `KUBE_EDITOR`, then `EDITOR`, else `vi`. */
export function editorCommand(env: Record<string, string>): string[] {
  const editor = env.KUBE_EDITOR || env.EDITOR || 'vi';
  if (!editor.includes(' ')) return [editor];
  if (!/["'\\]/.test(editor)) return editor.split(' ');
  return [env.SHELL || '/bin/bash', '-c', editor];
}

/** The editors this terminal has (the `edit` command's names). */
const TERMINAL_EDITORS = new Set(['vi', 'vim', 'nano', 'edit']);

/** Whether the terminal can run `command` (its program's base name is one of its editors). */
export function isTerminalEditor(command: string[]): boolean {
  const program = command[0] === '/bin/bash' || command[0] === '/bin/sh' ? (command[2] ?? '').split(' ')[0]! : command[0]!;
  return TERMINAL_EDITORS.has(program.slice(program.lastIndexOf('/') + 1));
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A temporary file name as kubectl makes it (`/tmp/kubectl-edit-` + 5 random letters or
 * digits + the extension). The letters come from a hash of `seed` (the cluster time and the
 * objects) rather than a random generator, so a replayed session names the same file; names
 * already taken are skipped, as kubectl's O_EXCL loop does.
 */
export function tempFileName(seed: string, ext: string, taken: (path: string) => boolean): string {
  for (let attempt = 0; ; attempt++) {
    let h = 0x811c9dc5;
    for (const c of `${seed}#${attempt}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    let name = '';
    for (let i = 0; i < 5; i++) {
      name += LETTERS[h % LETTERS.length];
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    }
    const path = `/tmp/kubectl-edit-${name}${ext}`;
    if (!taken(path) || attempt > 10_000) return path;
  }
}

type Json = unknown;

function isMap(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The JSON merge patch (RFC 7386) that turns `original` into `edited`: changed and added
 * fields, `null` for removed ones; lists are sent whole. Empty when nothing differs.
 */
export function mergeDiff(original: Json, edited: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  const a = isMap(original) ? original : {};
  const b = isMap(edited) ? edited : {};
  for (const k of Object.keys(a)) if (!Object.hasOwn(b, k)) setOwn(out, k, null);
  for (const k of Object.keys(b)) {
    const before = getOwn(a, k);
    const after = getOwn(b, k);
    if (isMap(before) && isMap(after)) {
      const inner = mergeDiff(before, after);
      if (Object.keys(inner).length) setOwn(out, k, inner);
    } else if (before === undefined || canonical(before) !== canonical(after)) setOwn(out, k, after);
  }
  return out;
}
