/**
 * A lesson must not apply the same manifest twice: when a YAML block has an Apply button, a
 * Run block that also runs `kubectl apply -f` (or `create -f`) on that file makes the learner
 * who presses both see `unchanged` (or `AlreadyExists`) where the text promises `created`.
 * Pure functions over a lesson's MDX source, for the test beside this file.
 */
import { fencedBlocks, parseMeta, SHELL_LANGS, splitCommands, YAML_LANGS } from './code-meta.ts';
import { manifestFileName } from './manifest-name.ts';

/** One manifest applied both by its Apply button and by a Run block. */
export interface ApplyTwice {
  /** The file the Apply button saves and applies. */
  file: string;
  /** The Run block's command that applies it again. */
  command: string;
}

/** Files a `kubectl apply|create -f ...` command line reads (`-f F`, `-f=F`, `--filename F`, `./F`). */
export function filesApplied(command: string): string[] {
  const out: string[] = [];
  // Each simple command of the line (pipes, `&&`, `;` and newlines separate them).
  for (const part of command.split(/\|\||&&|[|;\n]/)) {
    const words = part.trim().split(/\s+/).map((w) => w.replace(/^['"]|['"]$/g, ''));
    const k = words.findIndex((w) => w === 'kubectl' || w === 'k');
    if (k < 0 || !words.slice(k + 1).some((w) => w === 'apply' || w === 'create')) continue;
    for (let i = k + 1; i < words.length; i++) {
      const w = words[i]!;
      let file: string | undefined;
      if (w === '-f' || w === '--filename') file = words[i + 1];
      else if (w.startsWith('-f=') || w.startsWith('--filename=')) file = w.slice(w.indexOf('=') + 1);
      else if (/^-f[^-=]/.test(w)) file = w.slice(2);
      if (file && file !== '-') out.push(file.replace(/^\.\//, ''));
    }
  }
  return out;
}

/** Every Apply-button manifest of `source` that a Run block of the same lesson applies again. */
export function appliedTwice(source: string): ApplyTwice[] {
  const blocks = fencedBlocks(source);
  const applyFiles = new Set<string>();
  for (const b of blocks) {
    const meta = parseMeta(b.meta);
    if (meta.norun || !YAML_LANGS.has(b.lang)) continue;
    const file = manifestFileName(b.code, typeof meta.file === 'string' ? meta.file : undefined);
    if (file) applyFiles.add(file);
  }
  const out: ApplyTwice[] = [];
  for (const b of blocks) {
    if (parseMeta(b.meta).norun || !SHELL_LANGS.has(b.lang)) continue;
    for (const command of splitCommands(b.code)) {
      for (const file of filesApplied(command)) {
        if (applyFiles.has(file)) out.push({ file, command: command.split('\n')[0]! });
      }
    }
  }
  return out;
}
