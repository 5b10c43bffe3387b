/**
 * The lesson sidebar in the browser: each lesson's progress ("2/4 exercises") from the
 * progress store, kept in step with other tabs, and the fold on narrow screens (the button
 * shows and hides the list; wide screens always show it); it also remembers the lesson as the
 * last one opened.
 */
import { isDone, onProgressChange } from './progress-store.ts';
import { courseKey, readJSON, writeJSON } from './storage.ts';

/** The last lesson the reader opened, for the home page's "Continue" link. */
export const LAST_LESSON_KEY = courseKey('last-lesson');

/** The lesson stored as the last one opened, if any. */
export function lastLesson(storage?: Storage): { href: string; title: string } | undefined {
  const v = readJSON(LAST_LESSON_KEY, storage) as { href?: unknown; title?: unknown } | undefined;
  return v && typeof v.href === 'string' && typeof v.title === 'string' ? { href: v.href, title: v.title } : undefined;
}

/** Counts of done exercises among `ids`. */
export function doneCount(ids: string[], done: (id: string) => boolean = isDone): number {
  return ids.filter((id) => done(id)).length;
}

/** Fills in the counts and wires the fold. */
export function startSidebar(): void {
  const nav = document.querySelector<HTMLElement>('.sidebar');
  if (!nav) return;
  const fillIn = (template: string, done: number, total: number): string => template.replace('{done}', String(done)).replace('{total}', String(total));
  const fill = (): void => {
    for (const el of nav.querySelectorAll<HTMLElement>('.sidebar-count[data-exercises]')) {
      const ids = (el.dataset.exercises ?? '').split(' ').filter(Boolean);
      const done = doneCount(ids);
      // "2/4" to see, "2 of 4 exercises done" to hear.
      const shown = document.createElement('span');
      shown.setAttribute('aria-hidden', 'true');
      shown.textContent = fillIn(nav.dataset.count ?? '{done}/{total}', done, ids.length);
      const heard = document.createElement('span');
      heard.className = 'visually-hidden';
      heard.textContent = fillIn(nav.dataset.countLabel ?? '', done, ids.length);
      el.replaceChildren(shown, heard);
      el.toggleAttribute('data-complete', done === ids.length);
    }
  };
  fill();
  onProgressChange(fill);
  const here = nav.querySelector<HTMLAnchorElement>('a[aria-current="page"]');
  if (here) writeJSON(LAST_LESSON_KEY, { href: here.pathname, title: here.querySelector('.sidebar-name')?.textContent ?? '' });
  const toggle = nav.querySelector<HTMLButtonElement>('.sidebar-toggle');
  const setOpen = (open: boolean): void => {
    toggle?.setAttribute('aria-expanded', String(open));
    nav.toggleAttribute('data-open', open);
  };
  toggle?.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  nav.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !nav.hasAttribute('data-open') || !toggle?.offsetParent) return;
    setOpen(false);
    toggle.focus();
  });
  // Going to a section of this lesson folds the list again (where it is folded at all).
  nav.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('.sidebar-toc a') && toggle?.offsetParent) setOpen(false);
  });
}
