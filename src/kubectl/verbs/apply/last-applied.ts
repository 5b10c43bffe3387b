/**
 * `kubectl apply view-last-applied | set-last-applied | edit-last-applied`: the
 * `kubectl.kubernetes.io/last-applied-configuration` annotation of live objects, shown as YAML
 * (default) or indented JSON, set to match a file (`-f`, `--create-annotation`), or edited in
 * the terminal's editor (apply_view_last_applied.go, apply_set_last_applied.go, and edit's
 * ApplyEditMode).
 */
import { clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { getObject } from '../../resource/fetch.ts';
import { LAST_APPLIED, lastAppliedOf } from '../../resource/last-applied.ts';
import { manifestNamespace, parseDocuments, parseDocumentStream, readManifests } from '../../resource/manifests.ts';
import { keyOf, kindPrefix } from '../../resource/resolve.ts';
import { NO_RESOURCES, resolveTargets } from '../../resource/workloads.ts';
import { dryRunOf, drySuffix } from '../../resource/write.ts';
import { toYaml } from '../../printers/yaml.ts';
import { completeResources } from '../complete.ts';
import { editHeader, editorCommand, isTerminalEditor, strippedForCompare, tempFileName } from '../edit/edit-file.ts';

/** The live objects named by `-f` files or the arguments. */
function liveTargets(inv: Invocation): { type: ResourceType; obj: KubeObject }[] {
  const files = inv.flags.list('filename').length ? readManifests(inv) : [];
  if (!files.length && !inv.args.length) throw new CliError(NO_RESOURCES);
  return [...files.map((m) => ({ type: m.type, obj: getObject(inv, m.type, m.obj.metadata.name ?? '') })), ...(inv.args.length ? resolveTargets(inv, inv.args) : [])];
}

/** Go's json.Indent with two spaces (keys keep the annotation's order; its trailing newline stays). */
function indentJson(text: string): string {
  const trailing = /\s*$/.exec(text)![0];
  return JSON.stringify(JSON.parse(text), null, 2).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026') + trailing;
}

/** yaml.JSONToYAML: keys sorted. */
function sortedYaml(text: string): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  return toYaml(sort(JSON.parse(text)));
}

const view: Verb = {
  name: 'view-last-applied',
  short: 'View the latest last-applied-configuration annotations of a resource/object',
  run: async (inv) => {
    const o = inv.flags.str('output') || 'yaml';
    if (o !== 'yaml' && o !== 'json') throw usageError('apply view-last-applied', `Unexpected -o output mode: ${o}, the flag 'output' must be one of yaml|json`);
    const texts: string[] = [];
    for (const { obj } of liveTargets(inv)) {
      const text = obj.metadata.annotations?.[LAST_APPLIED];
      if (text === undefined) throw new CliError(`no last-applied-configuration annotation found on resource: ${obj.metadata.name}`);
      texts.push(text);
    }
    for (const t of texts) inv.out(o === 'json' ? indentJson(t) : sortedYaml(t));
    return 0;
  },
};

const set: Verb = {
  name: 'set-last-applied',
  short: 'Set the last-applied-configuration annotation on a live object to match the contents of a file',
  run: async (inv) => {
    if (!inv.flags.list('filename').length) throw new CliError(NO_RESOURCES);
    const dry = dryRunOf(inv);
    const changes: { type: ResourceType; live: KubeObject; applied: string }[] = [];
    for (const m of readManifests(inv)) {
      const manifest = clone(m.obj);
      const ns = manifestNamespace(inv, m);
      if (ns) manifest.metadata.namespace = ns;
      const live = getObject(inv, m.type, manifest.metadata.name ?? '');
      const previous = live.metadata.annotations?.[LAST_APPLIED];
      if (previous === undefined && !inv.flags.bool('create-annotation')) {
        throw new CliError(`no last-applied-configuration annotation found on resource: ${live.metadata.name}, to create the annotation, run the command with --create-annotation`);
      }
      const applied = lastAppliedOf(manifest);
      if (previous === applied) inv.out(`set-last-applied ${live.metadata.name}: no changes required.\n`);
      else changes.push({ type: m.type, live, applied });
    }
    for (const { type, live, applied } of changes) {
      if (dry !== 'client') {
        const next = clone(live);
        next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [LAST_APPLIED]: applied };
        delete next.metadata.resourceVersion;
        inv.client.update(keyOf(type), next, { dryRun: dry === 'server' });
      }
      inv.out(`${kindPrefix(type)}/${live.metadata.name} configured${drySuffix(dry)}\n`);
    }
    return 0;
  },
};

const edit: Verb = {
  name: 'edit-last-applied',
  short: 'Edit latest last-applied-configuration annotations of a resource/object',
  run: async (inv) => {
    const targets = liveTargets(inv).filter(({ obj }) => obj.metadata.annotations?.[LAST_APPLIED] !== undefined);
    if (!targets.length) throw new CliError('no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`');
    const parse = (text: string) => {
      try {
        return parseDocumentStream(text, 'edited').docs[0];
      } catch {
        return undefined;
      }
    };
    const command = editorCommand(inv.ctx.env);
    for (const { type, obj } of targets) {
      const buffer = editHeader([]) + sortedYaml(obj.metadata.annotations![LAST_APPLIED]!);
      const file = tempFileName(`${inv.client.now()}:${obj.metadata.uid}`, '.yaml', (p) => inv.ctx.fs.exists(p));
      inv.ctx.fs.write(file, buffer);
      if (!inv.ctx.edit || !isTerminalEditor(command)) throw new CliError(`unable to launch the editor "${command.join(' ')}"`);
      const saved = (await inv.ctx.edit({ path: file, text: buffer, editor: command.join(' ') })) ?? buffer;
      if (inv.ctx.interrupt.interrupted) return 130;
      inv.ctx.fs.remove(file);
      if (strippedForCompare(buffer, parse) === strippedForCompare(saved, parse)) {
        inv.err('Edit cancelled, no changes made.\n');
        continue;
      }
      const edited = parseDocuments(saved, file)[0] as KubeObject;
      const next = clone(obj);
      next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [LAST_APPLIED]: lastAppliedOf(edited) };
      delete next.metadata.resourceVersion;
      inv.client.update(keyOf(type), next, {});
      inv.out(`${kindPrefix(type)}/${obj.metadata.name} edited\n`);
    }
    return 0;
  },
};

/** The sub-commands of `kubectl apply`. */
export const LAST_APPLIED_COMMANDS: Verb[] = [{ ...edit, complete: completeResources }, set, { ...view, complete: completeResources }];
