/**
 * `kubectl patch (TYPE NAME | TYPE/NAME | -f FILE) -p PATCH [--type strategic|merge|json]`:
 * applies the patch to the live object as the API server would and writes the result
 * (`deployment.apps/app patched`, or `patched (no change)` when nothing differs).
 */
import { ApiError, clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { withKind } from '../../resource/fetch.ts';
import { loadManifestParser, manifestNamespace, parseDocuments, readManifests } from '../../resource/manifests.ts';
import { jsonPatch, JsonPatchError, mergePatch, strategicPatch } from '../../../sim/index.ts';
import { keyOf, parseRequests } from '../../resource/resolve.ts';
import { canonical, NO_RESOURCES } from '../../resource/workloads.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { completeResources } from '../complete.ts';

const TYPES = ['json', 'merge', 'strategic'];

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

/** The live object with the patch applied (the API server's side of a PATCH request). */
function patched(live: KubeObject, patch: unknown, kind: string): KubeObject {
  if (kind === 'json') {
    try {
      return jsonPatch(live, patch) as KubeObject;
    } catch (e) {
      if (!(e instanceof JsonPatchError)) throw e;
      if (!Array.isArray(patch)) throw new ApiError('BadRequest', e.message);
      throw new CliError('The request is invalid: the server rejected our request due to an error in our request', { plain: true });
    }
  }
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw new ApiError('BadRequest', `json: cannot unmarshal ${Array.isArray(patch) ? 'array' : typeof patch} into Go value of type map[string]interface {}`);
  }
  return (kind === 'merge' ? mergePatch(live, patch) : strategicPatch(live, patch)) as KubeObject;
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
    const next = patched(clone(live), patch, kind);
    const unchanged = canonical(next) === canonical(live);
    if (unchanged || dry === 'client') {
      printWritten(inv, t.type, next, unchanged ? 'patched (no change)' : 'patched', dry);
      continue;
    }
    next.metadata = { ...next.metadata, resourceVersion: live.metadata.resourceVersion };
    const res = inv.client.update(key, next, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
    printWarnings(inv, res.warnings);
    printWritten(inv, t.type, withKind(res.object, t.type), 'patched', dry);
  }
  return 0;
}

registerVerb({
  name: 'patch',
  short: 'Update fields of a resource',
  run,
  complete: completeResources,
});
