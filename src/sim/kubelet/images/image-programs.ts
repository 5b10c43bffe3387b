/**
 * Every image program that loads on first use, by repository (the kind preset's and the
 * add-ons' programs are in their catalogue entries instead, since they run from the start).
 */
import type { ImageMain } from './catalogue.ts';
import { MORE_PROGRAMS } from './more.ts';
import { NETWORK_PROGRAMS } from './network-tools.ts';
import { OFFICIAL_PROGRAMS } from './official-programs.ts';
import { PROBE_DEMO_PROGRAMS } from './probe-demos.ts';
import { SIMPLEAPP_PROGRAMS } from './simpleapp.ts';
import { STRESS_PROGRAMS } from './stress.ts';
import { TUTORIAL_PROGRAMS } from './tutorial-images.ts';

const PROGRAMS: Readonly<Record<string, ImageMain>> = {
  ...OFFICIAL_PROGRAMS,
  ...MORE_PROGRAMS,
  ...PROBE_DEMO_PROGRAMS,
  ...TUTORIAL_PROGRAMS,
  ...NETWORK_PROGRAMS,
  ...SIMPLEAPP_PROGRAMS,
  ...STRESS_PROGRAMS,
};

/** The program of the image `repository` (normalized), if it has one beyond its shell. */
export function imageProgram(repository: string): ImageMain | undefined {
  return Object.hasOwn(PROGRAMS, repository) ? PROGRAMS[repository] : undefined;
}
