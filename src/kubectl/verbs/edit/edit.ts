/**
 * `kubectl edit (TYPE NAME | TYPE/NAME | TYPE | -f FILE) [-o yaml|json]`: opens the objects in
 * the terminal's editor (ExecContext.edit) under kubectl's comment header, and on save sends
 * what changed as a patch to the live objects: `deployment.apps/web edited`, or
 * `Edit cancelled, no changes made.` when nothing changed. A save the API server refuses as
 * invalid, or a file that does not parse, reopens the editor with the reasons at the top;
 * leaving it unchanged then ends with `error: Edit cancelled, no valid changes were saved.`
 * and the copy kept in /tmp, as kubectl 1.32 does (editoptions.go). Without an editor (a
 * transcript, a replay without recorded edits) it fails as kubectl does when it cannot start
 * one: `error: unable to launch the editor "vi"`.
 */
import { ApiError, clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { getObject, listObjects, withKind } from '../../resource/fetch.ts';
import { loadManifestParser, manifestNamespace, parseDocumentStream, readManifests, toManifest, type Manifest } from '../../resource/manifests.ts';
import { LAST_APPLIED, lastAppliedOf } from '../../resource/last-applied.ts';
import { mergePatch } from '../../../sim/index.ts';
import { keyOf, parseRequests, qualifiedPlural } from '../../resource/resolve.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { asList } from '../../printers/output.ts';
import { toJson } from '../../printers/json.ts';
import { toYaml } from '../../printers/yaml.ts';
import { completeResources } from '../complete.ts';
import {
  editHeader,
  editorCommand,
  hasLines,
  isTerminalEditor,
  manualStrip,
  mergeDiff,
  strippedForCompare,
  tempFileName,
  type EditReason,
} from './edit-file.ts';

interface Original {
  type: ResourceType;
  obj: KubeObject;
}

/** The objects named on the command line or by `-f`, read from the server. */
function originals(inv: Invocation): Original[] {
  if (inv.flags.list('filename').length) {
    if (inv.args.length) throw new CliError(NO_RESOURCES);
    return readManifests(inv).map((m) => ({ type: m.type, obj: readLive(inv, m) }));
  }
  if (!inv.args.length) throw new CliError(NO_RESOURCES);
  const out: Original[] = [];
  for (const r of parseRequests(inv.args)) {
    if (r.names) for (const name of r.names) out.push({ type: r.type, obj: getObject(inv, r.type, name) });
    else for (const obj of listObjects(inv, r.type)) out.push({ type: r.type, obj: withKind(obj, r.type) });
  }
  if (!out.length) throw new CliError('edit cancelled, no objects found');
  return out;
}

function readLive(inv: Invocation, m: Manifest): KubeObject {
  const ns = manifestNamespace(inv, m);
  return withKind(inv.client.get(keyOf(m.type), ns, m.obj.metadata.name ?? ''), m.type);
}

/** The objects as the editor shows them: one object, or a List of several. */
function render(objs: KubeObject[], json: boolean): string {
  const data = objs.length === 1 ? objs[0] : { ...asList(objs), metadata: {} };
  return json ? toJson(data) : toYaml(data);
}

/** The edited file's objects, or the parse error kubectl reports for it. */
function parseEdited(text: string): { manifests: Manifest[] } | { error: string } {
  const { docs, error } = parseDocumentStream(text, 'edited-file');
  if (error) return { error: error.message };
  try {
    return { manifests: docs.flatMap((d) => toManifest(d, 'edited-file')) };
  } catch (e) {
    if (e instanceof CliError) return { error: e.message };
    throw e;
  }
}

/** The first document as data, for comparing versions of the file (undefined when it does not parse). */
function asData(text: string): unknown {
  const { docs, error } = parseDocumentStream(text, 'edited-file');
  return error ? undefined : (docs[0] ?? null);
}

/** What the patches of one save came to. */
interface Outcome {
  reasons: EditReason[];
  invalid: number;
  notFound: number;
  retryable: number;
}

const PRECONDITION = 'At least one of apiVersion, kind and name was changed';

/** Sends each edited object's changes as a patch; prints `edited`/`skipped` or the error, as kubectl's visitToPatch. */
function patchAll(inv: Invocation, shown: Original[], edited: Manifest[]): Outcome {
  const out: Outcome = { reasons: [], invalid: 0, notFound: 0, retryable: 0 };
  for (const m of edited) {
    const uid = m.obj.metadata.uid;
    const original = shown.find((o) => o.obj.metadata.uid === uid);
    if (!original) throw new CliError(`no original object found for ${m.obj.kind}/${m.obj.metadata.name ?? ''}`);
    const diff = mergeDiff(original.obj, m.obj);
    if (!Object.keys(diff).length) {
      printWritten(inv, original.type, original.obj, 'skipped', 'none');
      continue;
    }
    const md = diff.metadata as Record<string, unknown> | undefined;
    if ('apiVersion' in diff || 'kind' in diff || (md && ('name' in md || 'managedFields' in md))) throw new CliError(PRECONDITION);
    const resource = qualifiedPlural(original.type);
    const name = original.obj.metadata.name ?? '';
    try {
      const key = keyOf(original.type);
      const live = inv.client.get(key, original.obj.metadata.namespace, name);
      const next = mergePatch(clone(live), diff) as KubeObject;
      // A patch carries no resourceVersion precondition unless the edit changed it.
      if (!md || !('resourceVersion' in md)) next.metadata = { ...next.metadata, resourceVersion: live.metadata.resourceVersion };
      const res = inv.client.update(key, next, { fieldValidation: validationOf(inv) });
      printWarnings(inv, res.warnings);
      printWritten(inv, original.type, withKind(res.object, original.type), 'edited', 'none');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.reason === 'Invalid') {
        out.invalid++;
        out.reasons.push({ head: `${resource} "${name}" was not valid`, other: (e.details.causes ?? []).map((c) => c.message) });
        inv.err(`error: ${resource} "${name}" is invalid\n`);
      } else if (e.reason === 'NotFound') {
        out.notFound++;
        inv.err(`error: ${resource} "${name}" could not be found on the server\n`);
      } else {
        out.retryable++;
        inv.err(`error: ${resource} "${name}" could not be patched: ${e.message}\n`);
      }
    }
  }
  return out;
}

/** Ends with `err`, saying first where the copy of the changes is kept (kubectl's preservedFile). */
function preserved(inv: Invocation, err: CliError, file: string): never {
  if (file && inv.ctx.fs.exists(file)) inv.err(`A copy of your changes has been stored to "${file}"\n`);
  throw err;
}

async function run(inv: Invocation): Promise<number> {
  const format = inv.flags.str('output');
  if (format && format !== 'yaml' && format !== 'json') {
    throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: json,yaml`);
  }
  await inv.ctx.loadCode(loadManifestParser());
  const shown = originals(inv);
  const json = format === 'json';
  const ext = json ? '.json' : '.yaml';
  const command = editorCommand(inv.ctx.env);
  const fs = inv.ctx.fs;
  const parse = (text: string) => asData(text);
  let reasons: EditReason[] = [];
  let containsError = false;
  let original = '';
  let edited = '';
  let previousFile = '';
  for (let attempt = 0; ; attempt++) {
    let buffer = json ? '' : editHeader(reasons);
    if (!containsError) {
      buffer += render(
        shown.map((o) => o.obj),
        json,
      );
      original = buffer;
    } else buffer += manualStrip(edited);
    const seed = `${inv.client.now()}:${attempt}:${shown.map((o) => o.obj.metadata.uid).join(',')}`;
    const file = tempFileName(seed, ext, (p) => fs.exists(p));
    fs.write(file, buffer);
    if (!inv.ctx.edit || !isTerminalEditor(command)) {
      // kubectl leaves the file it wrote for the editor it could not start.
      throw new CliError(`unable to launch the editor "${command.join(' ')}"`);
    }
    const before = edited;
    const saved = await inv.ctx.edit({ path: file, text: buffer, editor: command.join(' ') });
    if (inv.ctx.interrupt.interrupted) return 130;
    edited = saved ?? buffer;
    fs.write(file, edited);
    if (containsError && strippedForCompare(before, parse) === strippedForCompare(edited, parse)) {
      preserved(inv, new CliError('Edit cancelled, no valid changes were saved.'), file);
    }
    if (previousFile) fs.remove(previousFile);
    previousFile = '';
    if (strippedForCompare(original, parse) === strippedForCompare(edited, parse)) {
      fs.remove(file);
      inv.err('Edit cancelled, no changes made.\n');
      return 0;
    }
    if (!hasLines(edited)) {
      fs.remove(file);
      inv.err('Edit cancelled, saved file was empty.\n');
      return 0;
    }
    previousFile = file;
    const result = parseEdited(edited);
    if ('error' in result) {
      containsError = true;
      reasons = [{ head: `The edited file had a syntax error: ${result.error}`, other: [] }];
      continue;
    }
    containsError = false;
    for (const m of result.manifests) {
      if (!m.type.namespaced) continue;
      const ns = m.obj.metadata.namespace;
      if (ns && ns !== inv.namespace) {
        preserved(
          inv,
          new CliError(
            `the namespace from the provided object "${ns}" does not match the namespace "${inv.namespace}". You must pass '--namespace=${ns}' to perform this operation.`,
          ),
          file,
        );
      }
    }
    // `--save-config` keeps the saved object in the annotation `kubectl apply` reads (kubectl's visitAnnotation).
    if (inv.flags.bool('save-config')) {
      for (const m of result.manifests) m.obj.metadata.annotations = { ...(m.obj.metadata.annotations ?? {}), [LAST_APPLIED]: lastAppliedOf(m.obj) };
    }
    let outcome: Outcome;
    try {
      outcome = patchAll(inv, shown, result.manifests);
    } catch (e) {
      if (e instanceof CliError) preserved(inv, e, file);
      throw e;
    }
    if (outcome.retryable > 0) {
      inv.err(`You can run \`kubectl replace -f ${file}\` to try this update again.\n`);
      return 1;
    }
    if (outcome.notFound > 0) {
      inv.err(`The edits you made on deleted resources have been saved to "${file}"\n`);
      return 1;
    }
    if (outcome.invalid === 0) {
      fs.remove(file);
      return 0;
    }
    reasons = outcome.reasons;
    containsError = true;
  }
}

registerVerb({
  name: 'edit',
  short: 'Edit a resource on the server',
  run,
  complete: completeResources,
});
