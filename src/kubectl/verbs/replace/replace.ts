/**
 * `kubectl replace -f FILE [--force]`: writes each manifest over the live object (a PUT: the
 * manifest becomes the whole spec and metadata; status stays the server's). With `--force`
 * each object is deleted, waited for until gone, and created again from the manifest.
 * Both print `deployment.apps/app replaced`.
 */
import { ApiError, clone, type KubeObject } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { manifestNamespace, readManifests, type Manifest } from '../../resource/manifests.ts';
import { keyOf } from '../../resource/resolve.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf, type DryRun } from '../../resource/write.ts';
import { prepareManifests } from '../../resource/prepare.ts';

type Policy = 'Background' | 'Foreground' | 'Orphan';

function cascadeOf(inv: Invocation): Policy {
  const c = inv.flags.str('cascade') || 'background';
  if (c === 'background' || c === 'true') return 'Background';
  if (c === 'foreground') return 'Foreground';
  if (c === 'orphan' || c === 'false') return 'Orphan';
  throw new CliError(`invalid cascade value (${c}). Must be "background", "foreground", or "orphan".`);
}

function manifestObject(inv: Invocation, m: Manifest): KubeObject {
  const obj = clone(m.obj);
  const ns = manifestNamespace(inv, m);
  if (ns) obj.metadata.namespace = ns;
  return obj;
}

function replaceOne(inv: Invocation, m: Manifest, dry: DryRun): void {
  const obj = manifestObject(inv, m);
  const key = keyOf(m.type);
  // A PUT of an object the server does not have is NotFound, as for kubectl.
  inv.client.get(key, obj.metadata.namespace, obj.metadata.name ?? '');
  if (dry === 'client') return printWritten(inv, m.type, obj, 'replaced', dry);
  const res = inv.client.update(key, obj, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
  printWarnings(inv, res.warnings);
  printWritten(inv, m.type, res.object, 'replaced', dry);
}

async function forceReplaceOne(inv: Invocation, m: Manifest, policy: Policy, grace: number): Promise<boolean> {
  const obj = manifestObject(inv, m);
  const key = keyOf(m.type);
  const ns = obj.metadata.namespace;
  const name = obj.metadata.name ?? '';
  const gone = inv.client.tryGet(key, ns, name);
  if (gone) {
    inv.client.delete(key, ns, name, { propagationPolicy: policy, gracePeriodSeconds: grace >= 0 ? grace : undefined });
    // kubectl polls until the old object has left before creating the new one.
    for (;;) {
      const cur = inv.client.tryGet(key, ns, name);
      if (!cur || cur.metadata.uid !== gone.metadata.uid) break;
      if (!(await inv.ctx.sleep(1000))) return false;
    }
  }
  delete obj.metadata.resourceVersion;
  delete obj.metadata.uid;
  const res = inv.client.create(key, obj, { fieldValidation: validationOf(inv) });
  printWarnings(inv, res.warnings);
  printWritten(inv, m.type, res.object, 'replaced', 'none');
  return true;
}

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.list('filename').length) throw new CliError('must specify one of -f and -k');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const force = inv.flags.bool('force');
  if (force && dry !== 'none') throw new CliError('--dry-run can not be used when --force is set');
  const policy = cascadeOf(inv);
  const grace = inv.flags.int('grace-period');
  let failed = false;
  const manifests = readManifests(inv);
  if (dry !== 'client') await prepareManifests(inv, manifests);
  for (const m of manifests) {
    try {
      if (force) {
        if (!(await forceReplaceOne(inv, m, policy, grace))) return 1;
      } else replaceOne(inv, m, dry);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      inv.err(formatApiError(e, { file: m.source, op: 'replacing' }) + '\n');
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

registerVerb({ name: 'replace', short: 'Replace a resource by file name or stdin', run });
