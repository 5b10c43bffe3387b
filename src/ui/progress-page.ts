/**
 * The progress page in the browser: fills each exercise's row and each lesson's state from
 * the stored progress, and downloads or loads the progress file (progress-export.ts).
 */
import { loadProgress, onProgressChange, type ExerciseProgress } from './progress-store.ts';
import { buildExport, importExport, parseExport } from './progress-export.ts';
import { activeClassCode } from './class-store.ts';
import { courseKey, localStore, readJSON } from './storage.ts';

type Words = Record<'done' | 'inProgress' | 'notStarted' | 'count' | 'yes' | 'no' | 'imported' | 'notJson' | 'notProgress' | 'newer' | 'storageRefused', string>;

const fill = (s: string, v: Record<string, string | number>): string => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in v ? String(v[k]) : m));

/** Wires the page rendered by src/pages/[lang]/progress.astro. */
export function startProgressPage(): void {
  const root = document.querySelector<HTMLElement>('.progress-page');
  if (!root) return;
  const words = JSON.parse(root.dataset.words ?? '{}') as Words;
  const lang = root.dataset.lang ?? 'en';
  const date = (iso: string): string => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(lang);
  };
  const status = (e: ExerciseProgress | undefined): 'done' | 'inProgress' | 'notStarted' =>
    e?.doneAt ? 'done' : e && (e.startedAt || e.attempts || e.hintsUsed || e.solutionShownAt) ? 'inProgress' : 'notStarted';

  const render = (): void => {
    const p = loadProgress();
    for (const section of root.querySelectorAll<HTMLElement>('.progress-lesson')) {
      const rows = [...section.querySelectorAll<HTMLElement>('tr[data-exercise]')];
      let done = 0;
      let touched = readJSON(courseKey(`term:${section.dataset.lesson}#terminal:journal`)) !== undefined;
      for (const row of rows) {
        const id = row.dataset.exercise!;
        const e = Object.hasOwn(p.exercises, id) ? p.exercises[id] : undefined;
        const s = status(e);
        if (s === 'done') done++;
        if (s !== 'notStarted') touched = true;
        const cell = (name: string): HTMLElement => row.querySelector<HTMLElement>(`[data-cell="${name}"]`)!;
        row.dataset.status = s;
        cell('status').textContent = words[s];
        cell('when').textContent = e?.doneAt ? date(e.doneAt) : e?.startedAt ? date(e.startedAt) : '';
        cell('hints').textContent = String(e?.hintsUsed ?? 0);
        cell('solution').textContent = e?.solutionShownAt ? `${words.yes} (${date(e.solutionShownAt)})` : words.no;
      }
      const state = section.querySelector<HTMLElement>('[data-lesson-state]');
      const s = rows.length && done === rows.length ? 'done' : touched ? 'inProgress' : 'notStarted';
      section.dataset.status = s;
      if (state) state.textContent = `${words[s]}${rows.length ? ` · ${fill(words.count, { done, total: rows.length })}` : ''}`;
    }
  };
  render();
  onProgressChange(render);

  const message = root.querySelector<HTMLElement>('#progress-message')!;
  const name = root.querySelector<HTMLInputElement>('#progress-name')!;
  root.querySelector('#progress-export')?.addEventListener('click', () => {
    const storage = localStore();
    if (!storage) return void (message.textContent = words.storageRefused);
    const file = buildExport(storage, { name: name.value, classCode: activeClassCode(), now: new Date() });
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `k8s-course-progress${file.name ? `-${file.name.replace(/[^\w-]+/g, '_')}` : ''}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  root.querySelector<HTMLInputElement>('#progress-import')?.addEventListener('change', async (ev) => {
    const input = ev.target as HTMLInputElement;
    const f = input.files?.[0];
    if (!f) return;
    const parsed = parseExport(await f.text());
    input.value = '';
    if (!parsed.ok) return void (message.textContent = words[parsed.error]);
    const storage = localStore();
    const r = storage ? importExport(parsed.value, storage, Date.now()) : false;
    if (!r) return void (message.textContent = words.storageRefused);
    if (parsed.value.name && !name.value) name.value = parsed.value.name;
    message.textContent = fill(words.imported, r);
    render();
  });
}
