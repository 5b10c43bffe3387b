/**
 * What a build of the course can be told from its environment (read at build time, in the
 * pages' frontmatter and astro.config.mjs; never shipped to the browser as code):
 *
 * - `COURSE_CLASS=CODE`: a class code every learner of this copy shares (see class-code.ts);
 * - `COURSE_LESSONS=pods,deployment,...`: the lessons this copy has, in this order;
 * - `COURSE_TEACHER=1`: also build the teacher's page (/<lang>/teacher/);
 * - `COURSE_REPOSITORY=URL`: the source repository the footer links to (default: package.json
 *   `repository`; no link when neither is set).
 */
import { readFileSync } from 'node:fs';
import { normalizeClassCode } from '../ui/class-code.ts';

type Env = Record<string, string | undefined>;

/** The options of one build. */
export interface BuildOptions {
  classCode?: string;
  /** Lesson slugs in course order; undefined for every lesson in frontmatter order. */
  lessons?: string[];
  teacher: boolean;
  repository?: string;
}

/** Reads the options from `env`; a bad value is an error that names the variable. */
export function readBuildOptions(env: Env = process.env, packageJson: () => string = () => readFileSync('package.json', 'utf8')): BuildOptions {
  const out: BuildOptions = { teacher: /^(1|true|yes)$/i.test(env.COURSE_TEACHER ?? '') };
  if (env.COURSE_CLASS) {
    const code = normalizeClassCode(env.COURSE_CLASS);
    if (!code) throw new Error(`COURSE_CLASS must be 1 to 32 letters, digits, "-" or "_" (got "${env.COURSE_CLASS}")`);
    out.classCode = code;
  }
  if (env.COURSE_LESSONS?.trim()) {
    const slugs = env.COURSE_LESSONS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const twice = slugs.find((s, i) => slugs.indexOf(s) !== i);
    if (twice) throw new Error(`COURSE_LESSONS names "${twice}" twice`);
    out.lessons = slugs;
  }
  const repo = env.COURSE_REPOSITORY?.trim() || repositoryOf(packageJson);
  if (repo) out.repository = repo;
  return out;
}

/** package.json's `repository` as a web address (a string or `{url}`; `git+https:` and `.git` dropped). */
function repositoryOf(packageJson: () => string): string | undefined {
  let repo: unknown;
  try {
    repo = (JSON.parse(packageJson()) as { repository?: unknown }).repository;
  } catch {
    return undefined;
  }
  const url = typeof repo === 'string' ? repo : typeof repo === 'object' && repo && 'url' in repo ? String((repo as { url: unknown }).url) : '';
  const web = url.replace(/^git\+/, '').replace(/\.git$/, '');
  return /^https?:\/\//.test(web) ? web : undefined;
}

/**
 * The lessons of a build in its order: all of them (as given) without COURSE_LESSONS, else
 * the listed slugs in the listed order. A listed slug no lesson has is an error.
 */
export function selectLessons<T>(all: T[], slugOf: (x: T) => string, wanted: string[] | undefined): T[] {
  if (!wanted) return all;
  const bySlug = new Map(all.map((x) => [slugOf(x), x]));
  const unknown = wanted.filter((s) => !bySlug.has(s));
  if (unknown.length) throw new Error(`COURSE_LESSONS names lessons that do not exist: ${unknown.join(', ')} (known: ${[...bySlug.keys()].join(', ')})`);
  return wanted.map((s) => bySlug.get(s)!);
}

let cached: BuildOptions | undefined;
/** This build's options (read once). */
export function buildOptions(): BuildOptions {
  return (cached ??= readBuildOptions());
}
