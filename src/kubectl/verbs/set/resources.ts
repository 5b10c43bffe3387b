/** `kubectl set resources (TYPE NAME | TYPE/NAME) [-c glob] --limits=cpu=200m,memory=512Mi --requests=...`. */
import { canonicalQuantity } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Verb } from '../../cli/verb.ts';
import { globMatch, NO_RESOURCES } from '../../resource/workloads.ts';
import { finish, patchTargets, podSpec } from './patch.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** `cpu=200m,memory=512Mi` into a resource list (HandleResourceRequirementsV1). */
function parseList(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!spec) return out;
  for (const part of spec.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new CliError(`Invalid argument syntax ${part}, expected <resource>=<value>`);
    const name = part.slice(0, eq);
    const value = part.slice(eq + 1);
    let q: string;
    try {
      q = canonicalQuantity(value);
    } catch {
      throw new CliError(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
    }
    out[name] = q;
  }
  return out;
}

export const resourcesCommand: Verb = {
  name: 'resources',
  short: 'Update resource requests/limits on objects with pod templates',
  run: async (inv) => {
    if (!inv.args.length && !inv.flags.list('filename').length) throw new CliError(NO_RESOURCES);
    const limitsSpec = inv.flags.str('limits');
    const requestsSpec = inv.flags.str('requests');
    if (!limitsSpec && !requestsSpec) throw new CliError('you must specify an update to requests or limits (in the form of --requests/--limits)');
    const limits = parseList(limitsSpec);
    const requests = parseList(requestsSpec);
    const selector = inv.flags.str('containers') || '*';
    const errors = patchTargets(
      inv,
      inv.args,
      (obj, errs) => {
        const spec: Any = podSpec(obj);
        const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? [])].filter((c: Any) => globMatch(selector, c.name));
        if (!containers.length) {
          errs.push(`error: unable to find container named ${selector}`);
          return;
        }
        for (const c of containers) {
          c.resources ??= {};
          if (Object.keys(limits).length) c.resources.limits = { ...(c.resources.limits ?? {}), ...limits };
          if (Object.keys(requests).length) c.resources.requests = { ...(c.resources.requests ?? {}), ...requests };
        }
      },
      'resource requirements updated',
    );
    return finish(inv, errors);
  },
};
