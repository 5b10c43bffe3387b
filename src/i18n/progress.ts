/**
 * Strings of the progress page (`/<lang>/progress/`). English is complete; other languages may
 * leave keys out and fall back to English.
 */
import type { Lang } from './ui.ts';

const en = {
  'progress.title': 'Your progress',
  'progress.nav': 'Progress',
  'progress.description': 'Every lesson and exercise of the course, what you have done, and a file to carry your work to another machine.',
  'progress.intro':
    'Your progress is kept in this browser only. To carry it to another machine, or to hand it to a teacher, download it as a file and load that file there. The file holds each exercise\'s commands, so a teacher can check it by replaying them.',
  'progress.lesson': 'Lesson',
  'progress.exercise': 'Exercise',
  'progress.status': 'Status',
  'progress.when': 'When',
  'progress.hints': 'Hints',
  'progress.solution': 'Solution shown',
  'progress.done': 'Done',
  'progress.inProgress': 'In progress',
  'progress.notStarted': 'Not started',
  'progress.count': '{done}/{total} exercises',
  'progress.yes': 'Yes',
  'progress.no': 'No',
  'progress.carry': 'Carry your work',
  'progress.name': 'Your name (optional, written in the file)',
  'progress.export': 'Download my progress',
  'progress.import': 'Load a progress file',
  'progress.imported': 'Loaded: {exercises} exercise records and {sessions} terminals.',
  'progress.notJson': 'That file is not a progress file (it is not JSON).',
  'progress.notProgress': 'That file is not a progress file of this course.',
  'progress.newer': 'That file comes from a newer version of the course; update this copy first.',
  'progress.storageRefused': 'This browser refused to store the file\'s contents (storage full or disabled).',
} as const;

/** A key of the progress page's strings. */
export type ProgressKey = keyof typeof en;

const strings: Record<Lang, Partial<Record<ProgressKey, string>>> = { en, ja: {} };

/** The string for `key` in `lang`, English when the language lacks it. */
export function tp(lang: Lang, key: ProgressKey): string {
  return strings[lang][key] ?? en[key];
}
