// Dev-only: rewrites the lesson's output blocks with what the simulator printed (for review by diff).
import { readFileSync, writeFileSync } from 'node:fs';
import { extractLesson } from './extract.ts';
import { openSession } from '../support/session.ts';
import { seedFrom } from '../../src/ui/code-meta.ts';
import { getExercise } from '../../src/exercises/registry.ts';
const path = process.argv[2]!;
const id = path.replace(/^.*content\/lessons\//, '').replace(/\.mdx$/, '');
const src = readFileSync(path, 'utf8');
const lesson = extractLesson(src);
const s = await openSession({ seed: seedFrom(id), files: lesson.files });
for (const e of lesson.exerciseIds) for (const l of getExercise(e)?.setup ?? []) await s.run(l);
const lines = src.split('\n');
const repl: [number, string][] = [];
for (const st of lesson.steps) {
  if (st.kind !== 'commands') continue;
  let out = '';
  for (const c of st.commands) out += (await s.run(c)).output;
  if (st.output) repl.push([st.output.line, out.replace(/\n+$/, '')]);
}
for (const [line, text] of repl.reverse()) {
  const start = line; // index of first content line (line is 1-based fence line)
  let end = start;
  while (!/^\s*```\s*$/.test(lines[end]!)) end++;
  lines.splice(start, end - start, ...text.split('\n'));
}
writeFileSync(path + '.filled', lines.join('\n'));
