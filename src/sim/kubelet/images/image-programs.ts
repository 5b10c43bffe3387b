/**
 * Every image program that loads on first use, by repository, the add-ons' included (the kind
 * preset's programs are in their catalogue entries instead, since they run from the start).
 */
import { INGRESS_NGINX_PROGRAMS } from '../../addons/ingress-nginx/programs.ts';
import { METRICS_PROGRAMS } from '../../addons/metrics-server/programs.ts';
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
  ...INGRESS_NGINX_PROGRAMS,
  ...METRICS_PROGRAMS,
};

/** The program of the image `repository` (normalized), if it has one beyond its shell. */
export function imageProgram(repository: string): ImageMain | undefined {
  return Object.hasOwn(PROGRAMS, repository) ? PROGRAMS[repository] : undefined;
}
