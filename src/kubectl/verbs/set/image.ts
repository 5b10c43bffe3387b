/** `kubectl set image (TYPE NAME | TYPE/NAME) CONTAINER=IMAGE ...` (`*=IMAGE` for all containers). */
import { CliError } from '../../cli/errors.ts';
import type { Verb } from '../../cli/verb.ts';
import { parseRequests } from '../../resource/resolve.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { finish, patchTargets, podSpec, splitPairs } from './patch.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

function parseImages(pairs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const invalid: string[] = [];
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i > 0) out.set(p.slice(0, i), p.slice(i + 1));
    else invalid.push(p);
  }
  if (invalid.length) throw new CliError(`invalid image format: ${invalid.join(', ')}`);
  return out;
}

export const imageCommand: Verb = {
  name: 'image',
  short: 'Update the image of a pod template',
  run: async (inv) => {
    const { resources, pairs } = splitPairs(inv.args, 'image');
    if (!resources.length && !inv.flags.list('filename').length) throw new CliError(NO_RESOURCES);
    parseRequests(resources);
    const images = parseImages(pairs);
    if (images.size === 0) throw new CliError('at least one image update is required');
    if (images.size > 1 && images.has('*'))
      throw new CliError('all containers are already specified by *, but saw more than one container_name=container_image pairs');
    const errors = patchTargets(
      inv,
      resources,
      (obj, errs) => {
        const spec: Any = podSpec(obj);
        for (const [name, image] of images) {
          let found = false;
          for (const list of [spec.initContainers, spec.containers] as Any[][]) {
            for (const c of list ?? []) {
              if (c.name === name || name === '*') {
                c.image = image;
                found = true;
              }
            }
          }
          if (!found) errs.push(`unable to find container named "${name}"`);
        }
      },
      'image updated',
    );
    return finish(inv, errors);
  },
};
