/**
 * The verb table: every kubectl command whose code loads on first use, with what the terminal
 * needs of it before then (cli/lazy-verb.ts): its words and aliases, its sub-commands (command
 * resolution picks the flags by command path) and its Tab completion. `index.ts` registers a
 * stand-in for each; the first run imports the module, which registers the real command.
 *
 * Adding a command: its folder and module (`registerVerb`), one entry here (any order:
 * completion sorts), and its path in `help/generate.sh`. `table.test.ts` checks each entry
 * against what its module registers.
 */
import type { LazyVerb, VerbOutline } from '../cli/lazy-verb.ts';
import { VERB_CODE } from './code.ts';
import { completeExplain, completeNodes, completePods, completeResources, completeRollout, completeShells, completeTaint } from './complete.ts';

/** Sub-commands with nothing but a name (and the same completion). */
const subs = (names: string[], extra: Partial<VerbOutline> = {}): VerbOutline[] => names.map((name) => ({ name, ...extra }));

/** kubectl's commands that load on first use, with their outlines. */
export const VERB_TABLE: LazyVerb[] = [
  { name: 'version', load: VERB_CODE.version },
  { name: 'kustomize', load: VERB_CODE.kustomize },
  { name: 'cluster-info', subcommands: subs(['dump']), load: VERB_CODE['cluster-info'] },
  {
    name: 'config',
    subcommands: [
      ...subs(['current-context', 'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-contexts', 'get-users', 'rename-context', 'set', 'set-cluster', 'set-context', 'set-credentials', 'unset']),
      { name: 'use-context', aliases: ['use'] },
      { name: 'view' },
    ],
    load: VERB_CODE.config,
  },
  { name: 'api-resources', load: VERB_CODE['api-resources'] },
  { name: 'run', load: VERB_CODE.run },
  {
    name: 'create',
    subcommands: [
      { name: 'namespace', aliases: ['ns'] },
      { name: 'configmap', aliases: ['cm'] },
      { name: 'secret', subcommands: subs(['generic', 'tls', 'docker-registry']) },
      { name: 'deployment', aliases: ['deploy'] },
      { name: 'job' },
      { name: 'cronjob', aliases: ['cj'] },
      { name: 'service', aliases: ['svc'], subcommands: subs(['clusterip', 'externalname', 'loadbalancer', 'nodeport']) },
      { name: 'ingress', aliases: ['ing'] },
      { name: 'serviceaccount', aliases: ['sa'] },
      { name: 'token' },
      { name: 'role' },
      { name: 'rolebinding' },
      { name: 'clusterrole' },
      { name: 'clusterrolebinding' },
      { name: 'quota', aliases: ['resourcequota'] },
      { name: 'poddisruptionbudget', aliases: ['pdb'] },
      { name: 'priorityclass', aliases: ['pc'] },
    ],
    load: VERB_CODE.create,
  },
  {
    name: 'apply',
    subcommands: [{ name: 'edit-last-applied', complete: completeResources }, { name: 'set-last-applied' }, { name: 'view-last-applied', complete: completeResources }],
    load: VERB_CODE.apply,
  },
  { name: 'delete', complete: completeResources, load: VERB_CODE.delete },
  { name: 'describe', complete: completeResources, load: VERB_CODE.describe },
  { name: 'logs', complete: completePods, load: VERB_CODE.logs },
  { name: 'exec', complete: completePods, load: VERB_CODE.exec },
  { name: 'attach', complete: completePods, load: VERB_CODE.attach },
  { name: 'port-forward', complete: completePods, load: VERB_CODE['port-forward'] },
  { name: 'label', complete: completeResources, load: VERB_CODE.label },
  { name: 'annotate', complete: completeResources, load: VERB_CODE.annotate },
  { name: 'wait', complete: completeResources, load: VERB_CODE.wait },
  { name: 'scale', complete: completeResources, load: VERB_CODE.scale },
  { name: 'patch', complete: completeResources, load: VERB_CODE.patch },
  { name: 'replace', load: VERB_CODE.replace },
  { name: 'edit', complete: completeResources, load: VERB_CODE.edit },
  { name: 'expose', complete: completeResources, load: VERB_CODE.expose },
  {
    name: 'top',
    subcommands: [
      { name: 'pod', aliases: ['pods', 'po'] },
      { name: 'node', aliases: ['nodes', 'no'] },
    ],
    load: VERB_CODE.top,
  },
  { name: 'auth', subcommands: subs(['can-i', 'reconcile', 'whoami']), load: VERB_CODE.auth },
  {
    name: 'rollout',
    subcommands: subs(['history', 'pause', 'restart', 'resume', 'status', 'undo'], { complete: completeRollout }),
    load: VERB_CODE.rollout,
  },
  {
    name: 'set',
    subcommands: [
      ...subs(['env', 'image', 'resources', 'selector'], { complete: completeResources }),
      { name: 'serviceaccount', aliases: ['sa'], complete: completeResources },
      { name: 'subject', complete: completeResources },
    ],
    load: VERB_CODE.set,
  },
  // cordon.ts registers both.
  { name: 'cordon', complete: completeNodes, load: VERB_CODE.cordon },
  { name: 'uncordon', complete: completeNodes, load: VERB_CODE.uncordon },
  { name: 'drain', complete: completeNodes, load: VERB_CODE.drain },
  { name: 'taint', complete: completeTaint, load: VERB_CODE.taint },
  { name: 'events', load: VERB_CODE.events },
  { name: 'explain', complete: completeExplain, load: VERB_CODE.explain },
  { name: 'cp', complete: completePods, load: VERB_CODE.cp },
  { name: 'diff', load: VERB_CODE.diff },
  { name: 'debug', complete: completePods, load: VERB_CODE.debug },
  // help.ts registers both.
  { name: 'help', load: VERB_CODE.help },
  { name: 'options', load: VERB_CODE.options },
  { name: 'autoscale', complete: completeResources, load: VERB_CODE.autoscale },
  { name: 'completion', complete: completeShells, load: VERB_CODE.completion },
  { name: 'certificate', subcommands: subs(['approve', 'deny']), load: VERB_CODE.certificate },
  { name: 'proxy', load: VERB_CODE.proxy },
  { name: 'api-versions', load: VERB_CODE['api-versions'] },
  { name: 'plugin', subcommands: subs(['list']), load: VERB_CODE.plugin },
];
