/**
 * `kubectl describe`: TYPE NAME (exact name, else every object whose name starts with it),
 * TYPE/NAME, TYPE with `-l` or alone (all of them), `-f`. Each object through its kind's
 * describer; several are separated by two blank lines, as kubectl does.
 */
import { notFoundError } from '../../resource/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { describerFor, describeGeneric, type DescribeContext } from '../../printers/describe/index.ts';
import { listObjects, withKind } from '../../resource/fetch.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { keyOf, parseRequests } from '../../resource/resolve.ts';
import type { KubeObject, ResourceType } from '../../../sim/index.ts';
import { completeResources } from '../complete.ts';

const NO_TYPE = `You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.
`;

async function run(inv: Invocation): Promise<number> {
  const found: { type: ResourceType; obj: KubeObject }[] = [];
  const errors: string[] = [];
  const allNs = inv.flags.bool('all-namespaces');
  if (inv.flags.list('filename').length) {
    for (const m of readManifests(inv)) {
      const obj = inv.client.tryGet(keyOf(m.type), manifestNamespace(inv, m), m.obj.metadata.name ?? '');
      if (obj) found.push({ type: m.type, obj });
      else errors.push(notFoundError(m.type, m.obj.metadata.name ?? ''));
    }
  } else {
    if (inv.args.length === 0) {
      inv.err(NO_TYPE + "error: Required resource not specified.\nSee 'kubectl describe -h' for help and examples\n");
      return 1;
    }
    for (const req of parseRequests(inv.args)) {
      const all = listObjects(inv, req.type, allNs);
      if (!req.names) {
        for (const obj of all) found.push({ type: req.type, obj });
        continue;
      }
      for (const name of req.names) {
        const exact = all.find((o) => o.metadata.name === name);
        const matches = exact ? [exact] : all.filter((o) => o.metadata.name?.startsWith(name));
        if (!matches.length) errors.push(notFoundError(req.type, name));
        for (const obj of matches) found.push({ type: req.type, obj });
      }
    }
  }
  const ctx: DescribeContext = { api: inv.client, now: inv.client.now(), showEvents: inv.flags.str('show-events') !== 'false' };
  const texts = found.map(({ type, obj }) => (describerFor(keyOf(type)) ?? describeGeneric)(withKind(obj, type), ctx));
  if (texts.length) inv.out(texts.join('\n\n'));
  if (!texts.length && !errors.length) {
    const namespaced = parseRequests(inv.args).every((r) => r.type.namespaced);
    inv.err(namespaced && !allNs ? `No resources found in ${inv.namespace} namespace.\n` : 'No resources found\n');
  }
  for (const e of errors) inv.err(e + '\n');
  return errors.length ? 1 : 0;
}

registerVerb({
  name: 'describe',
  short: 'Show details of a specific resource or group of resources',
  run,
  complete: completeResources,
});
