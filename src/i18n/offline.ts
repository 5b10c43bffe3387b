/**
 * Strings about the course's own delivery: the "new version" prompt of the offline cache and
 * the notice shown when the site is opened as a file. English is complete; other languages may
 * leave keys out and fall back to English.
 */
import type { Lang } from './ui.ts';

const en = {
  'offline.update': 'A new version of the course is available.',
  'offline.reload': 'Reload',
  'offline.fileTitle': 'This page was opened as a file, so its terminals cannot start.',
  'offline.fileBody':
    'Browsers load a page\'s modules only from a web server. Serve the course\'s folder instead: in it, run {npx} or {python}, then open the address it prints (http://localhost:3000/ or http://localhost:8000/).',
} as const;

/** A key of these strings. */
export type OfflineKey = keyof typeof en;

const strings: Record<Lang, Partial<Record<OfflineKey, string>>> = { en, ja: {} };

/** The string for `key` in `lang`, English when the language lacks it. */
export function to(lang: Lang, key: OfflineKey): string {
  return strings[lang][key] ?? en[key];
}
