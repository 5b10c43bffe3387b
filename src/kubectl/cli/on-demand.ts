/**
 * The parts of kubectl that load on first use rather than with the terminal: the commands'
 * own code (cli/lazy-verb.ts), the full help texts, the YAML manifest parser, the kinds'
 * describers, the printers of formats other than tables (yaml, json, go-template, JSONPath) and the documents the simulated network
 * serves by URL (`apply -f https://...`). Commands read them synchronously, so the dispatcher
 * awaits `loadWhatRunNeeds` before running a command that may use them. (`explain` loads its own schemas.) Every such wait goes through the command
 * context's `loadCode`, so the host holds cluster time while code downloads: the command then
 * runs at the same cluster time on first use as on any later use, and as a journal replay runs it.
 */
import { loadHelpTexts } from '../help/texts.ts';
import { loadJsonPath, mayUseJsonPath } from '../printers/jsonpath-on-demand.ts';
import { loadGoTemplate, mayUseGoTemplate } from '../printers/gotemplate-on-demand.ts';
import { loadObjectPrinters, mayPrintObjects } from '../printers/objects-on-demand.ts';
import { loadRemoteDocuments } from '../../sim/index.ts';
import { CliError } from './errors.ts';
import { verbCodeLoad } from './lazy-verb.ts';
import type { Invocation, Verb } from './verb.ts';

// The manifest reader and the describers' shared part are imported here only when a command
// needs them, so that neither is part of the terminal's start.
const loadManifestParser = (): Promise<void> => import('../resource/manifests.ts').then((m) => m.loadManifestParser());
const loadDescribers = (): Promise<void> => import('../printers/describe/index.ts').then((m) => m.loadDescribers());

/**
 * `load`, with a failure (a chunk the browser cannot fetch: offline, no cache) turned into a
 * one-line kubectl error naming what was missing, instead of a fault of the course.
 */
export function loadPart<T>(what: string, load: () => Promise<T>): Promise<T> {
  return load().catch((e: unknown) => {
    throw new CliError(`could not load kubectl's ${what}: ${e instanceof Error ? e.message : String(e)}`);
  });
}

const RBAC_POLICY_RESOURCE = 'clusterroles.rbac.authorization.k8s.io';

const RBAC_WORDS = new Set(['role', 'roles', 'rolebinding', 'rolebindings', 'clusterrole', 'clusterroles', 'clusterrolebinding', 'clusterrolebindings']);

/**
 * Whether a command line names RBAC objects (`get clusterroles`, `describe rolebinding/x`,
 * `create role ...`, `get deploy,roles`) or reconciles them (`auth reconcile`).
 */
export function namesRbacObjects(args: readonly string[]): boolean {
  return args.some(
    (a) =>
      a === 'reconcile' ||
      (!a.startsWith('-') && a.split(/[,/]/).some((w) => RBAC_WORDS.has(w.toLowerCase().replace(/\.rbac(\.authorization\.k8s\.io)?$/, '')))),
  );
}

/** Commands that print help texts as their output. */
const HELP_PRINTERS = new Set(['help', 'options']);

/** Commands with sub-commands that still run on their own (`apply -f`), without printing their help. */
const RUN_ON_THEIR_OWN = new Set(['apply', 'cluster-info']);

/**
 * Whether running `verb` (or printing help for it) may read the help texts: `-h/--help`, bare
 * `kubectl`, `help`/`options`, and a command group run without a sub-command (`kubectl
 * rollout` prints the group's help).
 */
export function mayPrintHelp(verb: Verb | undefined, help: boolean): boolean {
  return help || !verb || HELP_PRINTERS.has(verb.name) || (!!verb.subcommands?.length && !RUN_ON_THEIR_OWN.has(verb.name));
}

/**
 * Loads what the command about to run needs, all at once: the command's own code (a command of
 * the verb table on its first run), help texts, the YAML parser for `-f`, describers.
 */
export async function loadWhatRunNeeds(verb: Verb | undefined, inv: Invocation, help: boolean, rbac = false): Promise<void> {
  const loads: Promise<void>[] = [];
  // The cluster's bootstrap RBAC policy, for a command that reads RBAC objects or runs as a user RBAC decides for.
  const policy = rbac && !help ? inv.client.prepare([RBAC_POLICY_RESOURCE]) : undefined;
  if (policy)
    loads.push(
      policy.catch((e: unknown) =>
        Promise.reject(new CliError(`could not load the cluster's code for ${RBAC_POLICY_RESOURCE}: ${e instanceof Error ? e.message : String(e)}`)),
      ),
    );
  const code = verb && !help ? verbCodeLoad(verb) : undefined;
  if (code) loads.push(code);
  if (mayPrintHelp(verb, help)) loads.push(loadPart('help texts', loadHelpTexts));
  if (inv.flags.has('filename') || inv.flags.has('kustomize') || verb?.name === 'kustomize') loads.push(loadPart('YAML parser', loadManifestParser));
  if (verb?.name === 'describe') loads.push(loadPart('describers', loadDescribers));
  if (mayPrintObjects(inv.flags)) loads.push(loadPart('output printers', loadObjectPrinters));
  if (mayUseGoTemplate(inv.flags)) loads.push(loadPart('go-template printer', loadGoTemplate));
  if (mayUseJsonPath(inv.flags)) loads.push(loadPart('JSONPath printer', loadJsonPath));
  if (inv.flags.has('filename') && inv.flags.list('filename').some((f) => /^https?:\/\//.test(f))) loads.push(loadPart('published manifests', loadRemoteDocuments));
  if (loads.length) await inv.ctx.loadCode(Promise.all(loads));
}
