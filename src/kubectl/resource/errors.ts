/** Error lines kubectl builds itself for objects it could not find. */
import type { ResourceType } from '../../sim/index.ts';
import { qualifiedPlural } from './resolve.ts';

/** `Error from server (NotFound): pods "x" not found`. */
export function notFoundError(type: ResourceType, name: string): string {
  return `Error from server (NotFound): ${qualifiedPlural(type)} "${name}" not found`;
}
