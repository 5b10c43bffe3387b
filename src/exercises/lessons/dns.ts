import type { Exercise } from "../exercise.ts";
export const dnsExercises: Exercise[] = [];
