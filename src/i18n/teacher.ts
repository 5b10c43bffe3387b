/**
 * Strings of the teacher's page (`/<lang>/teacher/`, built only with COURSE_TEACHER=1).
 * English is complete; other languages may leave keys out and fall back to English.
 */
import type { Lang } from './ui.ts';

const en = {
  'teacher.title': "Teacher's guide",
  'teacher.description': 'Every exercise of the course with its task, setup, solution, checks, common wrong turns and expected time.',
  'teacher.intro':
    'Every exercise, lesson by lesson, as the learners see it and as it is checked. Each exercise runs on a cluster of its own; the checks read that cluster, never what was typed. This page is not linked from the course.',
  'teacher.class': 'This copy of the course is built for the class {code}: every learner gets the same exercise clusters.',
  'teacher.noClass':
    'Learners join a class with ?class=CODE in the address (or build the course with COURSE_CLASS=CODE); exercises then run on the same clusters for everyone in it.',
  'teacher.verify': 'To check handed-in progress files: npm run verify -- FILES... (see the hosting guide).',
  'teacher.lesson': 'Lesson {n}: {title}',
  'teacher.noExercises': 'No exercises in this lesson.',
  'teacher.task': 'Task',
  'teacher.setup': 'Setup (run before the learner starts)',
  'teacher.noSetup': 'None: the exercise starts on a fresh cluster.',
  'teacher.solution': 'One solution',
  'teacher.checks': 'Checks',
  'teacher.question': 'Question',
  'teacher.hints': 'Hints',
  'teacher.wrongTurns': 'Common wrong turns',
  'teacher.noWrongTurns': 'None recorded for this exercise; the hints show where learners tend to get stuck.',
  'teacher.time': 'Expected time',
  'teacher.minutes': 'about {n} min',
  'teacher.estimate': 'about {n} min (estimated from the length of the solution)',
  'teacher.print': 'Print this guide',
} as const;

/** A key of the teacher's page strings. */
export type TeacherKey = keyof typeof en;

const strings: Record<Lang, Partial<Record<TeacherKey, string>>> = { en, ja: {} };

/** The string for `key` in `lang` (English when missing), with `{name}` placeholders filled. */
export function tt(lang: Lang, key: TeacherKey, vars: Record<string, string | number> = {}): string {
  const s = strings[lang][key] ?? en[key];
  return s.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
