/**
 * What every page runs as soon as it loads (kept tiny: it counts toward the JavaScript loaded
 * before the terminal starts): the theme toggle, the search opener (the search itself loads on
 * first use), and remembering a class code given in the address (its code loads only then).
 */
import { chooseTheme, currentTheme, onThemeChange } from './theme.ts';

/** Wires the header's controls. */
export function startSiteChrome(): void {
  // Only an address with `class=` needs the class store now (the terminal brings it otherwise).
  // Its small chunk is in long before a terminal's session, which reads the stored code.
  if (new URLSearchParams(location.search).has('class')) void import('./class-store.ts').then((m) => m.captureClassFromUrl());
  const toggle = document.querySelector<HTMLButtonElement>('.theme-toggle');
  if (toggle) {
    const show = (): void => toggle.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
    show();
    onThemeChange(show);
    toggle.addEventListener('click', () => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark'));
  }
  const dialog = document.querySelector<HTMLDialogElement>('#search-dialog');
  if (!dialog) return;
  // The dialog opens at once, before its code arrives, so the click answers immediately and an
  // Escape pressed meanwhile closes it; the code then wires it only if it is still open.
  const open = (): void => {
    if (!dialog.open) {
      dialog.showModal();
      const input = dialog.querySelector<HTMLInputElement>('.search-input');
      input?.focus();
      input?.select();
    }
    void import('./search-dialog.ts').then((m) => {
      if (dialog.open) m.openSearch(dialog);
    });
  };
  document.querySelector('.search-open')?.addEventListener('click', open);
  document.addEventListener('keydown', (e) => {
    if (dialog.open || e.defaultPrevented || e.altKey) return;
    const slash = e.key === '/' && !e.ctrlKey && !e.metaKey;
    const ctrlK = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';
    if ((!slash && !ctrlK) || isTyping(e.target)) return;
    e.preventDefault();
    open();
  });
}

/** True where a key belongs to what the reader is typing in (a field, the terminal). */
function isTyping(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || !!el.closest('course-terminal'));
}
