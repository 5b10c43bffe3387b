/**
 * The reader's colour theme: the system setting (prefers-color-scheme) unless they chose one
 * with the toggle. The choice is kept under THEME_KEY and applied as <html data-theme> by the
 * small inline script in BaseLayout's head before the body renders, so no page flashes the
 * wrong theme; the stylesheet's light-dark() colours and color-scheme do the rest.
 *
 * The key is the same for every copy of the course on an origin (a static inline script
 * cannot know the base path, and a theme is a preference of the reader, not of a course).
 */
export const THEME_KEY = 'course:theme';

export type ThemeChoice = 'light' | 'dark';

/** Fired on window when the toggle changes the theme (detail: the theme now shown). */
export const THEME_EVENT = 'course:theme';

/** The theme chosen with the toggle, or undefined when the system setting applies. */
export function storedTheme(storage: Storage | undefined = safeStorage()): ThemeChoice | undefined {
  try {
    const v = storage?.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The theme the page shows now: the chosen one, else the system's. */
export function currentTheme(doc: Document = document): ThemeChoice {
  const chosen = doc.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Shows `theme` and remembers it (a storage that refuses only costs the memory). */
export function chooseTheme(theme: ThemeChoice, doc: Document = document, storage: Storage | undefined = safeStorage()): void {
  doc.documentElement.dataset.theme = theme;
  try {
    storage?.setItem(THEME_KEY, theme);
  } catch {
    /* not remembered: the page still switches */
  }
  window.dispatchEvent(new CustomEvent(THEME_EVENT, { detail: theme }));
}

/** Calls `cb` with the theme shown whenever it changes (toggle, system setting, another tab). */
export function onThemeChange(cb: (theme: ThemeChoice) => void): void {
  const fire = (): void => cb(currentTheme());
  window.addEventListener(THEME_EVENT, fire);
  matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', fire);
  window.addEventListener('storage', (e) => {
    if (e.key !== THEME_KEY) return;
    const t = storedTheme();
    if (t) document.documentElement.dataset.theme = t;
    else delete document.documentElement.dataset.theme;
    fire();
  });
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
