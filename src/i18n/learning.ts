/**
 * Interface strings of the learning aids that sit in the lesson text: predict-then-run
 * questions and the glossary page. English is complete; other languages may leave keys out
 * and fall back to English.
 */
import type { Lang } from './ui.ts';

const en = {
  'predict.kicker': 'Predict',
  'predict.reveal': 'Think of your answer, then open this to check it.',
  'predict.answer': 'Answer',
  'glossary.title': 'Glossary',
  'glossary.description': 'The terms the lessons define, each with a short definition and the lesson that teaches it.',
  'glossary.intro': 'Every term the lessons define, in alphabetical order. Each entry links to the lesson where it is taught.',
  'glossary.taught': 'Taught in:',
} as const;

/** A key of the learning-aid strings. */
export type LearningKey = keyof typeof en;

const strings: Record<Lang, Partial<Record<LearningKey, string>>> = { en, ja: {} };

/** The string for `key` in `lang`, English when the language lacks it. */
export function tl(lang: Lang, key: LearningKey): string {
  return strings[lang][key] ?? en[key];
}
