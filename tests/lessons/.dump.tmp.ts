import { readFileSync } from 'node:fs';
import { extractLesson } from './extract.ts';
import { openSession } from '../support/session.ts';
import { seedFrom } from '../../src/ui/code-meta.ts';
import { getExercise } from '../../src/exercises/registry.ts';
const path = process.argv[2]!;
const id = path.replace(/^.*content\/lessons\//, '').replace(/\.mdx$/, '');
const lesson = extractLesson(readFileSync(path, 'utf8'));
const s = await openSession({ seed: seedFrom(id), files: lesson.files });
for (const e of lesson.exerciseIds) for (const l of getExercise(e)?.setup ?? []) await s.run(l);
for (const st of lesson.steps) {
  if (st.kind !== 'commands') continue;
  for (const c of st.commands) {
    const r = await s.run(c);
    console.log(`### line ${st.line} [exit ${r.exitCode}${st.expectError ? ' expect-error' : ''}] $ ${c}\n${r.output}`);
  }
}
