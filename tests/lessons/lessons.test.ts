/**
 * Every lesson works as printed. For each lesson under content/lessons, on one fresh cluster
 * set up as the page sets it up (same seed, preset, files, exercise setups), every command of
 * every shell block runs in page order, and:
 * - a command not marked `expect-error` must succeed (exit status 0), a block marked
 *   `expect-error` must fail;
 * - where the lesson shows an output block, the commands must print exactly that, after both
 *   sides are normalised (ages and generated name suffixes differ by nature).
 * All failures of a lesson are collected and reported together, with their lesson line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getExercise } from '../../src/exercises/registry.ts';
import { declaredFiles, seedFrom } from '../../src/ui/code-meta.ts';
import { normaliseTranscript } from '../../src/cli/normalise.ts';
import { openSession } from '../support/session.ts';
import { extractLesson } from './extract.ts';

/** A Go duration as kubelet messages print it: `874ms`, `2.148s`, `1m3.2s`. */
const GO_DURATION = '(?:\\d+(?:\\.\\d+)?(?:h|ms|m|s|µs|ns))+';

/**
 * Normalises both sides of a comparison: the transcript rules (ages, times, uids, generated
 * suffixes), plus what differs by nature from one pull or start to the next: container ids,
 * image digests and image pull durations.
 */
function normaliseOutput(text: string): string {
  return normaliseTranscript(text)
    .replace(/\b(containerd|docker|cri-o):\/\/[0-9a-f]{64}\b/g, '$1://<container-id>')
    .replace(/@sha256:[0-9a-f]{64}\b/g, '@sha256:<digest>')
    .replace(new RegExp(` in ${GO_DURATION} \\(${GO_DURATION} including waiting\\)`, 'g'), ' in <duration> (<duration> including waiting)');
}

/** What kubectl and the shell print when something went wrong. */
const ERROR_TEXT = /^(error:|Error from server|bash: .*(not found|No such file))/m;

const ROOT = join(import.meta.dirname, '../../content/lessons');

function lessonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return lessonFiles(p);
    return e.name.endsWith('.mdx') ? [p] : [];
  });
}

/** The lesson's id as the site's content collection names it: `en/pods`. */
function lessonId(path: string): string {
  return relative(ROOT, path).replace(/\\/g, '/').replace(/\.mdx$/, '');
}

const LESSONS = lessonFiles(ROOT).sort();

/** Lessons whose exercises never touch the lesson's own cluster. */
const OWN_CLUSTER_LESSONS = new Set(['services', 'dns']);

describe('lessons', () => {
  it('exist', () => {
    expect(LESSONS.length).toBeGreaterThan(0);
  });

  for (const path of LESSONS) {
    const id = lessonId(path);
    const source = readFileSync(path, 'utf8');

    describe(id, () => {
      it('lists in its frontmatter exactly the exercises it embeds, all of which exist', () => {
        const lesson = extractLesson(source);
        const listed = (lesson.frontmatter.exercises ?? []) as string[];
        expect(listed).toEqual(lesson.exerciseIds);
        expect(listed.filter((e) => !getExercise(e))).toEqual([]);
      });

      it('names each of its files so that the page gives them to the terminal', () => {
        // The page reads only the fence option (```yaml file=NAME); a `# file:` line alone
        // would give the test a file the reader's terminal does not have.
        expect(declaredFiles(source)).toEqual(extractLesson(source).files);
      });

      it('runs every command and prints what it shows', { timeout: 120_000 }, async () => {
        const lesson = extractLesson(source);
        const fm = lesson.frontmatter;
        const seed = typeof fm.seed === 'number' ? fm.seed : seedFrom(id);
        // The same files, seed and preset the page's terminal gets ([...slug].astro).
        const files = { ...declaredFiles(source), ...((fm.files ?? {}) as Record<string, string>) };
        const session = await openSession({ seed, preset: typeof fm.preset === 'string' ? fm.preset : undefined, files });
        const problems: string[] = [];

        // The page runs every embedded exercise's setup on the lesson's cluster before the
        // reader's first command; the lesson must read right with those objects present.
        // The exercises of the Services and Cluster DNS lessons each run on a cluster of their
        // own (the catalogue test covers their setup), so they leave the lesson's cluster alone.
        for (const exerciseId of lesson.exerciseIds) {
          if (OWN_CLUSTER_LESSONS.has(getExercise(exerciseId)?.lesson ?? '')) continue;
          for (const line of getExercise(exerciseId)?.setup ?? []) {
            const r = await session.run(line);
            if (r.exitCode !== 0) problems.push(`setup of ${exerciseId}: \`${line}\` exited ${r.exitCode}:\n${r.output}`);
          }
        }

        for (const step of lesson.steps) {
          if (step.kind !== 'commands') continue;
          let printed = '';
          let failed = 0;
          for (const command of step.commands) {
            const r = await session.run(command);
            printed += r.output;
            // Exit status decides; an error message with status 0 would be a simulator bug
            // worth hearing about too.
            const errorText = ERROR_TEXT.test(r.stderr);
            if (r.exitCode !== 0 || errorText) {
              failed++;
              if (!step.expectError) problems.push(`line ${step.line}: \`${command}\` exited ${r.exitCode}:\n${r.output}`);
            }
          }
          if (step.expectError && failed === 0) {
            problems.push(`line ${step.line}: marked expect-error, but every command succeeded:\n${printed}`);
          }
          if (step.output) {
            const want = normaliseOutput(step.output.text).replace(/\n+$/, '');
            const got = normaliseOutput(printed).replace(/\n+$/, '');
            if (want !== got) {
              problems.push(`line ${step.output.line}: output differs from what \`${step.commands.join(' ; ')}\` printed.\n--- lesson\n${want}\n--- simulator\n${got}`);
            }
          }
        }
        expect(problems.join('\n\n')).toBe('');
      });
    });
  }
});
