/**
 * `kubectl create -f FILE` and the `create <kind>` sub-commands (namespace, configmap,
 * secret here; other modules add theirs with `registerSubcommand('create', ...)`).
 */
import { ApiError } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { CollectedErrors } from '../../resource/collected-errors.ts';
import { visitManifests, manifestNamespace } from '../../resource/manifests.ts';
import { LAST_APPLIED, lastAppliedOf } from '../../resource/last-applied.ts';
import { keyOf } from '../../resource/resolve.ts';
import { prepareManifests } from '../../resource/prepare.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { configmapCommand } from './configmap.ts';
import { namespaceCommand } from './namespace.ts';
import { secretCommand } from './secret.ts';

async function createFromFiles(inv: Invocation): Promise<number> {
  if (inv.args.length) throw usageError('create', `Unexpected args: [${inv.args.join(' ')}]`);
  if (!inv.flags.list('filename').length) throw new CliError('must specify one of -f and -k');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const visited = visitManifests(inv);
  if (dry !== 'client') await prepareManifests(inv, visited);
  // kubectl create goes on past a bad document or a refused object and reports every error,
  // in document order, after the objects it created.
  const errors = new CollectedErrors();
  let count = 0;
  for (const m of visited) {
    if (m instanceof CliError) {
      errors.add(m);
      continue;
    }
    try {
      const obj = { ...m.obj, metadata: { ...m.obj.metadata } };
      const ns = manifestNamespace(inv, m);
      if (ns) obj.metadata.namespace = ns;
      if (inv.flags.bool('save-config')) {
        obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: lastAppliedOf(obj) };
      }
      count++;
      if (dry === 'client') {
        printWritten(inv, m.type, obj, 'created', dry);
        continue;
      }
      const res = inv.client.create(keyOf(m.type), obj, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
      printWarnings(inv, res.warnings);
      printWritten(inv, m.type, res.object, 'created', dry);
    } catch (e) {
      if (e instanceof CliError) errors.add(e);
      else if (e instanceof ApiError) errors.add(e, { file: m.source, op: 'creating' });
      else throw e;
    }
  }
  if (!count && !errors.size) throw new CliError('no objects passed to create');
  return errors.report((t) => inv.err(t));
}

registerVerb({
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  subcommands: [namespaceCommand, configmapCommand, secretCommand],
  run: createFromFiles,
});
