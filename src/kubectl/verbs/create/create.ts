/**
 * `kubectl create -f FILE` and the `create <kind>` sub-commands (namespace, configmap,
 * secret here; other modules add theirs with `registerSubcommand('create', ...)`).
 */
import { ApiError } from '../../../sim/index.ts';
import { CliError, formatApiError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { readManifests, manifestNamespace } from '../../resource/manifests.ts';
import { LAST_APPLIED, lastAppliedOf } from '../../resource/last-applied.ts';
import { keyOf } from '../../resource/resolve.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { configmapCommand } from './configmap.ts';
import { namespaceCommand } from './namespace.ts';
import { secretCommand } from './secret.ts';

async function createFromFiles(inv: Invocation): Promise<number> {
  if (inv.args.length) throw usageError('create', `Unexpected args: [${inv.args.join(' ')}]`);
  if (!inv.flags.list('filename').length) throw new CliError('must specify one of -f and -k');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const manifests = readManifests(inv);
  if (!manifests.length) throw new CliError('no objects passed to create');
  let failed = false;
  for (const m of manifests) {
    const obj = { ...m.obj, metadata: { ...m.obj.metadata } };
    const ns = manifestNamespace(inv, m);
    if (ns) obj.metadata.namespace = ns;
    if (inv.flags.bool('save-config')) {
      obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: lastAppliedOf(obj) };
    }
    if (dry === 'client') {
      printWritten(inv, m.type, obj, 'created', dry);
      continue;
    }
    try {
      const res = inv.cluster.api.create(keyOf(m.type), obj, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
      printWarnings(inv, res.warnings);
      printWritten(inv, m.type, res.object, 'created', dry);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      inv.err(formatApiError(e, { file: m.source, op: 'creating' }) + '\n');
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

registerVerb({
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  subcommands: [namespaceCommand, configmapCommand, secretCommand],
  run: createFromFiles,
});
