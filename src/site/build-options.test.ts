import { describe, expect, it } from 'vitest';
import { readBuildOptions, selectLessons } from './build-options.ts';

const pkg = (repository?: unknown) => () => JSON.stringify({ name: 'x', ...(repository ? { repository } : {}) });

describe('readBuildOptions', () => {
  it('builds the learner site by default: no class, every lesson, no teacher page, no repository link', () => {
    expect(readBuildOptions({}, pkg())).toEqual({ teacher: false });
  });

  it('reads a class, a lesson list and the teacher page', () => {
    expect(readBuildOptions({ COURSE_CLASS: ' mon-9am ', COURSE_LESSONS: 'pods, deployment,,services', COURSE_TEACHER: '1' }, pkg())).toEqual({
      classCode: 'mon-9am',
      lessons: ['pods', 'deployment', 'services'],
      teacher: true,
    });
    expect(readBuildOptions({ COURSE_TEACHER: '0' }, pkg()).teacher).toBe(false);
  });

  it('refuses a class code that could not travel in an address, and a lesson named twice', () => {
    expect(() => readBuildOptions({ COURSE_CLASS: 'a b' }, pkg())).toThrow(/COURSE_CLASS/);
    expect(() => readBuildOptions({ COURSE_LESSONS: 'pods,pods' }, pkg())).toThrow(/"pods" twice/);
  });

  it('links the repository from the environment, else from package.json', () => {
    expect(readBuildOptions({}, pkg({ type: 'git', url: 'git+https://example.org/course.git' })).repository).toBe('https://example.org/course');
    expect(readBuildOptions({}, pkg('https://example.org/a')).repository).toBe('https://example.org/a');
    expect(readBuildOptions({ COURSE_REPOSITORY: 'https://example.org/b' }, pkg('https://example.org/a')).repository).toBe('https://example.org/b');
    expect(readBuildOptions({}, pkg('github:owner/name')).repository).toBeUndefined();
  });
});

describe('selectLessons', () => {
  const all = ['pods', 'namespaces', 'deployment'];
  it('keeps every lesson without a list, and the listed ones in the listed order with one', () => {
    expect(selectLessons(all, (s) => s, undefined)).toEqual(all);
    expect(selectLessons(all, (s) => s, ['deployment', 'pods'])).toEqual(['deployment', 'pods']);
  });
  it('names a lesson that does not exist', () => {
    expect(() => selectLessons(all, (s) => s, ['pods', 'podz'])).toThrow(/podz/);
  });
});
