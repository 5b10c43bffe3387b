/**
 * The catalogue of exercises: every lesson's exercises, looked up by id. Lessons refer to an
 * exercise with `<Exercise id="pods/web" />`; the page and the tests find it here.
 */
import type { Exercise } from './exercise.ts';
import { capstoneExercises } from './lessons/capstone.ts';
import { ingressExercises } from './lessons/ingress.ts';
import { configurationExercises } from './lessons/configuration.ts';
import { podsExercises } from './lessons/pods.ts';
import { namespacesExercises } from './lessons/namespaces.ts';
import { probesExercises } from './lessons/probes.ts';
import { schedulingExercises } from './lessons/scheduling.ts';
import { servicesExercises } from './lessons/services.ts';
import { dnsExercises } from './lessons/dns.ts';
import { workloadExercises } from './lessons/workloads.ts';

const ALL: readonly Exercise[] = [
  ...podsExercises,
  ...namespacesExercises,
  ...workloadExercises,
  ...probesExercises,
  ...servicesExercises,
  ...dnsExercises,
  ...ingressExercises,
  ...configurationExercises,
  ...schedulingExercises,
  ...capstoneExercises,
];

const BY_ID = new Map<string, Exercise>();
for (const e of ALL) {
  if (BY_ID.has(e.id)) throw new Error(`exercise id "${e.id}" is used twice`);
  BY_ID.set(e.id, e);
}

/** The exercise with this id, or undefined. */
export function getExercise(id: string): Exercise | undefined {
  return BY_ID.get(id);
}

/** Every exercise, grouped by lesson in course order. */
export function allExercises(): readonly Exercise[] {
  return ALL;
}
