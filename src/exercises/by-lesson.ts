/**
 * Exercises loaded per lesson, for the lesson pages: a page imports only the modules of the
 * exercises it lists instead of the whole catalogue (registry.ts, which the build and the
 * tests use). An exercise id starts with its lesson module's name: `pods/web` is in
 * lessons/pods.ts.
 */
import type { Exercise } from './exercise.ts';

/** Each lesson module's exercises, by the module's name (the exercise ids' prefix). */
const LESSON_MODULES: Readonly<Record<string, () => Promise<readonly Exercise[]>>> = {
  pods: () => import('./lessons/pods.ts').then((m) => m.podsExercises),
  namespaces: () => import('./lessons/namespaces.ts').then((m) => m.namespacesExercises),
  probes: () => import('./lessons/probes.ts').then((m) => m.probesExercises),
  controllers: () => import('./lessons/controllers.ts').then((m) => m.controllersExercises),
  replicaset: () => import('./lessons/replicaset.ts').then((m) => m.replicasetExercises),
  deployment: () => import('./lessons/deployment.ts').then((m) => m.deploymentExercises),
  configuration: () => import('./lessons/configuration.ts').then((m) => m.configurationExercises),
  statefulset: () => import('./lessons/statefulset.ts').then((m) => m.statefulsetExercises),
  daemonset: () => import('./lessons/daemonset.ts').then((m) => m.daemonsetExercises),
  'job-cronjob': () => import('./lessons/job-cronjob.ts').then((m) => m.jobCronjobExercises),
  choosing: () => import('./lessons/choosing.ts').then((m) => m.choosingExercises),
  lab: () => import('./lessons/lab.ts').then((m) => m.labExercises),
  scheduling: () => import('./lessons/scheduling.ts').then((m) => m.schedulingExercises),
  services: () => import('./lessons/services.ts').then((m) => m.servicesExercises),
  dns: () => import('./lessons/dns.ts').then((m) => m.dnsExercises),
  ingress: () => import('./lessons/ingress.ts').then((m) => m.ingressExercises),
  capstone: () => import('./lessons/capstone.ts').then((m) => m.capstoneExercises),
};

/** The names of the lesson modules `loadExercise` knows (for the tests). */
export function lessonModuleNames(): string[] {
  return Object.keys(LESSON_MODULES);
}

/**
 * The exercise with this id, loading only its lesson's module; undefined when no lesson
 * module has it. Rejects only when the module cannot be loaded.
 */
export async function loadExercise(id: string): Promise<Exercise | undefined> {
  const slash = id.indexOf('/');
  const load = slash > 0 && Object.hasOwn(LESSON_MODULES, id.slice(0, slash)) ? LESSON_MODULES[id.slice(0, slash)] : undefined;
  if (!load) return undefined;
  return (await load()).find((e) => e.id === id);
}
