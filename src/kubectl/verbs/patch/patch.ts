/**
 * `kubectl patch (TYPE NAME | TYPE/NAME | -f FILE) -p PATCH [--type strategic|merge|json]`:
 * sends a PATCH of that content type, which the API server applies (its errors are the
 * server's), and reports `deployment.apps/app patched`, or `patched (no change)` when the
 * object the server returns is the one read before. `--dry-run=client` applies the patch
 * locally, as kubectl does, and writes nothing.
 */
import { applyPatch, type PatchType, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { withKind } from '../../resource/fetch.ts';
import { loadManifestParser, manifestNamespace, parseDocuments, readManifests } from '../../resource/manifests.ts';
import { keyOf, parseRequests } from '../../resource/resolve.ts';
import { canonical, NO_RESOURCES } from '../../resource/workloads.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';

const TYPES: readonly string[] = ['json', 'merge', 'strategic'] satisfies PatchType[];

interface Target {
  type: ResourceType;
  namespace: string | undefined;
  name: string;
}

/** The patch text as JSON: JSON as is, otherwise YAML (kubectl converts it the same way). */
function parsePatch(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // not JSON: try YAML below
  }
  try {
    return parseDocuments(text, 'patch')[0] ?? null;
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^error parsing patch: error converting YAML to JSON: /, '') : String(e);
    throw new CliError(`unable to parse "${text}": ${detail}`);
  }
}

function targets(inv: Invocation): Target[] {
  if (inv.flags.list('filename').length) {
    if (inv.args.length) throw new CliError(NO_RESOURCES);
    return readManifests(inv).map((m) => ({ type: m.type, namespace: manifestNamespace(inv, m), name: m.obj.metadata.name ?? '' }));
  }
  if (!inv.args.length) throw new CliError(NO_RESOURCES);
  const out: Target[] = [];
  for (const r of parseRequests(inv.args)) {
    if (!r.names) throw new CliError('resource(s) were provided, but no name was specified');
    for (const name of r.names) out.push({ type: r.type, namespace: r.type.namespaced ? inv.namespace : undefined, name });
  }
  return out;
}

async function run(inv: Invocation): Promise<number> {
  checkWriteOutput(inv);
  const kind = inv.flags.str('type') || 'strategic';
  if (!TYPES.includes(kind)) throw new CliError(`--type must be one of [json merge strategic], not "${kind}"`);
  let text = inv.flags.str('patch');
  const file = inv.flags.str('patch-file');
  if (!text && !file) throw new CliError('must specify --patch or --patch-file containing the contents of the patch');
  if (text && file) throw new CliError('cannot specify --patch and --patch-file together');
  if (file) {
    const path = file.startsWith('/') ? file : `${inv.ctx.cwd}/${file}`;
    const content = inv.ctx.fs.read(path);
    if (content === undefined) throw new CliError(`unable to read patch file: open ${file}: no such file or directory`);
    text = content;
  }
  if (inv.flags.bool('local')) throw new CliError('cannot specify --local and server resources');
  await inv.ctx.loadCode(loadManifestParser());
  const patch = parsePatch(text);
  const dry = dryRunOf(inv);
  for (const t of targets(inv)) {
    const key = keyOf(t.type);
    const live = withKind(inv.client.get(key, t.namespace, t.name), t.type);
    if (dry === 'client') {
      const next = applyPatch(live, kind as PatchType, patch);
      printWritten(inv, t.type, next, canonical(next) === canonical(live) ? 'patched (no change)' : 'patched', dry);
      continue;
    }
    const res = inv.client.patch(key, t.namespace, t.name, kind as PatchType, patch, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
    const next = withKind(res.object, t.type);
    printWarnings(inv, res.warnings);
    printWritten(inv, t.type, next, canonical(next) === canonical(live) ? 'patched (no change)' : 'patched', dry);
  }
  return 0;
}

registerVerb({
  name: 'patch',
  short: 'Update fields of a resource',
  run,
  complete: completeResources,
});
