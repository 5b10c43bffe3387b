/**
 * Lesson ids, slugs, languages and order, shared by the pages. An entry id is
 * `<lang>/<slug>` (content/lessons/en/pods.mdx -> `en/pods`, URL /en/lessons/pods/).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { DEFAULT_LANG, isLang, type Lang } from './ui.ts';
import { buildOptions, selectLessons } from '../site/build-options.ts';

export type Lesson = CollectionEntry<'lessons'>;

/** The lesson's language: its frontmatter `lang`, else its folder, else English. */
export function lessonLang(entry: Lesson): Lang {
  if (entry.data.lang) return entry.data.lang;
  const folder = entry.id.split('/')[0] ?? '';
  return isLang(folder) ? folder : DEFAULT_LANG;
}

/** The part of the URL after /<lang>/lessons/: the id without its language folder. */
export function lessonSlug(entry: Lesson): string {
  const parts = entry.id.split('/');
  return isLang(parts[0] ?? '') && parts.length > 1 ? parts.slice(1).join('/') : entry.id;
}

/** URL of a lesson page, with a trailing slash (the static build writes directories). */
export function lessonUrl(entry: Lesson): string {
  return `${import.meta.env.BASE_URL.replace(/\/$/, '')}/${lessonLang(entry)}/lessons/${lessonSlug(entry)}/`;
}

/**
 * Lessons of one language, in course order (then by id, so equal orders stay stable), or the
 * set and order a class build asks for (`COURSE_LESSONS=pods,deployment`, see build-options.ts).
 */
export async function lessonsFor(lang: Lang): Promise<Lesson[]> {
  const all = await getCollection('lessons', (e) => lessonLang(e) === lang);
  all.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
  return selectLessons(all, lessonSlug, buildOptions().lessons);
}

/** Languages that have at least one lesson. */
export async function lessonLanguages(): Promise<Lang[]> {
  const all = await getCollection('lessons');
  return [...new Set(all.map(lessonLang))].sort();
}
