/**
 * What the editor panel says, in the page's language (`<html lang>`), English where a
 * language lacks a string. `{file}` and `{n}` are filled in by the panel.
 */

const en = {
  title: 'Editing {file}',
  titleWith: 'Editing {file} ({editor})',
  textLabel: 'Contents of {file}',
  help: 'Enter keeps the indentation; Ctrl+] and Ctrl+[ indent and outdent the line. Ctrl+S saves, Escape cancels.',
  save: 'Save',
  cancel: 'Cancel',
  checking: 'Checking...',
  fine: 'No problems found.',
  fineDocs: 'No problems found ({n} documents).',
  lines: 'Line numbers',
  problemLine: 'Problem on line {n}.',
} as const;

export type EditorWords = { [K in keyof typeof en]: string };

const languages: Record<string, Partial<EditorWords>> = { en };

/** The panel's strings in `lang` (default: the page's language). */
export function editorWords(lang: string = typeof document === 'undefined' ? 'en' : document.documentElement.lang): EditorWords {
  return { ...en, ...(languages[lang] ?? {}) };
}

/** `text` with `{name}` placeholders filled from `vars`. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
