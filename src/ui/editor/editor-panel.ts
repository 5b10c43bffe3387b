/**
 * The page's editor: a modal dialog over the terminal for one of the terminal's files (opened
 * by `edit FILE`, `vi FILE`, `kubectl edit`, or a manifest's Edit button). A plain textarea
 * under a highlighted copy of its text (YAML or JSON colours, line numbers), with the
 * simulator's own check of the manifest as you type, in kubectl's words. Save (Ctrl+S) gives
 * the text back, Cancel (Escape) gives back nothing; focus then returns where it was (the
 * terminal). Loaded on first use, so the terminal's start does not fetch it.
 */
import './editor.css';
import { editorWords, fill, type EditorWords } from './editor-words.ts';
import { highlighterFor } from './highlight.ts';
import { checkManifest, isManifestPath, loadChecker } from './validate.ts';

/** What to open. */
export interface EditorOptions {
  /** The file's path (its base name titles the panel). */
  path: string;
  text: string;
  /** The editor asked for (`vi`, `nano`), shown beside the name when not the plain `edit`. */
  editor?: string;
  /** Where focus goes afterwards (default: where it was before). */
  returnFocus?: () => void;
}

/** An open editor: resolves to the saved text, or null when cancelled; `close()` cancels it from outside. */
export interface OpenEditor {
  result: Promise<string | null>;
  close(): void;
}

/** Texts longer than this are edited without colours (the overlay would slow typing down). */
const MAX_HIGHLIGHT = 200_000;
/** Pause in typing before the manifest is checked again. */
const CHECK_DELAY_MS = 150;

let counter = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** The dialog's elements. */
function build(o: EditorOptions, w: EditorWords, id: string) {
  const file = o.path.slice(o.path.lastIndexOf('/') + 1);
  const dialog = element('dialog', { className: 'course-editor' }, { 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-help` });
  const form = element('form', { method: 'dialog' });
  const head = element('div', { className: 'ce-head' });
  const title = element('h2', { className: 'ce-title', id: `${id}-title` });
  title.textContent = o.editor && o.editor !== 'edit' ? fill(w.titleWith, { file, editor: o.editor }) : fill(w.title, { file });
  title.title = o.path;
  const help = element('p', { className: 'ce-help', id: `${id}-help` });
  help.textContent = w.help;
  head.append(title, help);
  const body = element('div', { className: 'ce-body' });
  const gutter = element('pre', { className: 'ce-gutter' }, { 'aria-hidden': 'true' });
  const code = element('div', { className: 'ce-code' });
  const overlay = element('pre', {}, { 'aria-hidden': 'true' });
  const textarea = element(
    'textarea',
    { spellcheck: false, value: o.text },
    {
      'aria-label': fill(w.textLabel, { file }),
      'aria-describedby': `${id}-status ${id}-help`,
      autocapitalize: 'off',
      autocomplete: 'off',
      autocorrect: 'off',
      wrap: 'off',
    },
  );
  code.append(overlay, textarea);
  body.append(gutter, code);
  const foot = element('div', { className: 'ce-foot' });
  const status = element('p', { className: 'ce-status', id: `${id}-status` }, { role: 'status', 'aria-live': 'polite' });
  const cancel = element('button', { type: 'button', className: 'ce-cancel' });
  cancel.textContent = w.cancel;
  const save = element('button', { type: 'submit', className: 'ce-save' });
  save.textContent = w.save;
  foot.append(status, cancel, save);
  form.append(head, body, foot);
  dialog.append(form);
  return { dialog, form, textarea, overlay, gutter, status, cancel };
}

/** Indents (or outdents) the lines the selection touches by two spaces. */
function shiftLines(ta: HTMLTextAreaElement, outdent: boolean): void {
  const { value, selectionStart: s, selectionEnd: e } = ta;
  const start = value.lastIndexOf('\n', s - 1) + 1;
  const end = value.indexOf('\n', e);
  const stop = end < 0 ? value.length : end;
  const lines = value.slice(start, stop).split('\n');
  const changed = lines.map((l) => (outdent ? l.replace(/^ {1,2}/, '') : '  ' + l)).join('\n');
  ta.setRangeText(changed, start, stop, 'preserve');
  const delta = changed.length - (stop - start);
  const first = outdent ? -Math.min(2, /^ */.exec(lines[0]!)![0].length) : 2;
  ta.setSelectionRange(Math.max(start, s + first), Math.max(start, e + delta));
}

/** Opens the editor on `o.text`. */
export function openEditor(o: EditorOptions): OpenEditor {
  const w = editorWords();
  const id = `course-editor-${++counter}`;
  const { dialog, form, textarea, overlay, gutter, status, cancel } = build(o, w, id);
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const highlight = highlighterFor(o.path);
  const checked = isManifestPath(o.path);
  let checker: Promise<void> | undefined = checked ? loadChecker() : undefined;
  let badLine: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const render = (): void => {
    const text = textarea.value;
    // A trailing newline needs a character after it for the overlay to have the same height.
    overlay.innerHTML = (text.length > MAX_HIGHLIGHT ? highlighterFor('')(text) : highlight(text)) + '\n ';
    const count = text.split('\n').length;
    const numbers: string[] = [];
    for (let n = 1; n <= count; n++) numbers.push(n === badLine ? `<span class="ce-bad">${n}</span>` : String(n));
    gutter.innerHTML = numbers.join('\n');
  };
  const check = async (): Promise<void> => {
    if (!checker) return;
    await checker;
    const v = checkManifest(o.path, textarea.value);
    badLine = v.ok ? undefined : v.line;
    if (v.ok) {
      delete status.dataset.bad;
      status.textContent = v.documents > 1 ? fill(w.fineDocs, { n: v.documents }) : w.fine;
    } else {
      status.dataset.bad = '';
      status.textContent = v.message + (v.line ? ` ${fill(w.problemLine, { n: v.line })}` : '');
    }
    render();
  };
  const scheduleCheck = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), CHECK_DELAY_MS);
  };

  let settle!: (text: string | null) => void;
  const result = new Promise<string | null>((resolve) => (settle = resolve));
  let done = false;
  const finish = (text: string | null): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    checker = undefined;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (o.returnFocus) o.returnFocus();
    else before?.focus();
    settle(text);
  };

  textarea.addEventListener('input', () => {
    render();
    scheduleCheck();
  });
  textarea.addEventListener('keydown', (e) => {
    const ctrl = (e.ctrlKey || e.metaKey) && !e.altKey;
    if (ctrl && e.key.toLowerCase() === 's') {
      e.preventDefault();
      finish(textarea.value);
    } else if (ctrl && (e.key === ']' || e.key === '[')) {
      e.preventDefault();
      shiftLines(textarea, e.key === '[');
      render();
      scheduleCheck();
    } else if (e.key === 'Enter' && !e.shiftKey && !ctrl && !e.altKey && !e.isComposing) {
      // Keep the indentation of the line (and a list item's, after `- `).
      e.preventDefault();
      const { value, selectionStart: s } = textarea;
      const line = value.slice(value.lastIndexOf('\n', s - 1) + 1, s);
      const indent = /^ */.exec(line)![0] + (/^ *- /.test(line) && line.trim() !== '-' ? '  ' : '');
      textarea.setRangeText('\n' + indent, s, textarea.selectionEnd, 'end');
      render();
      scheduleCheck();
    }
  });
  // Ctrl+S anywhere in the dialog (on a button too).
  dialog.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's' && e.target !== textarea) {
      e.preventDefault();
      finish(textarea.value);
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    finish(textarea.value);
  });
  cancel.addEventListener('click', () => finish(null));
  // Escape (the dialog's own cancel) and any other way the dialog closes: nothing saved.
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    finish(null);
  });
  dialog.addEventListener('close', () => finish(null));

  render();
  if (checked) {
    status.textContent = w.checking;
    void check();
  }
  document.body.append(dialog);
  dialog.showModal();
  textarea.focus();
  textarea.setSelectionRange(0, 0);
  return { result, close: () => finish(null) };
}
