/** The exercises of the workload-controller lessons (Controllers to the lab), in course order. */
import type { Exercise } from '../exercise.ts';
import { choosingExercises } from './choosing.ts';
import { controllersExercises } from './controllers.ts';
import { daemonsetExercises } from './daemonset.ts';
import { deploymentExercises } from './deployment.ts';
import { jobCronjobExercises } from './job-cronjob.ts';
import { labExercises } from './lab.ts';
import { replicasetExercises } from './replicaset.ts';
import { statefulsetExercises } from './statefulset.ts';

export const workloadExercises: Exercise[] = [
  ...controllersExercises,
  ...replicasetExercises,
  ...deploymentExercises,
  ...statefulsetExercises,
  ...daemonsetExercises,
  ...jobCronjobExercises,
  ...choosingExercises,
  ...labExercises,
];
