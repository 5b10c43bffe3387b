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
import { completeExplain, completeNodes, completePods, completeResources, completeRollout, completeShells, completeTaint } from './complete.ts';

/** Sub-commands with nothing but a name (and the same completion). */
const subs = (names: string[], extra: Partial<VerbOutline> = {}): VerbOutline[] => names.map((name) => ({ name, ...extra }));

/** kubectl's commands that load on first use, with their outlines. */
export const VERB_TABLE: LazyVerb[] = [
  { name: 'version', load: () => import('./version/version.ts') },
  { name: 'kustomize', load: () => import('./kustomize/kustomize.ts') },
  { name: 'cluster-info', subcommands: subs(['dump']), load: () => import('./cluster-info/cluster-info.ts') },
  {
    name: 'config',
    subcommands: [
      ...subs(['current-context', 'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-contexts', 'get-users', 'rename-context', 'set', 'set-cluster', 'set-context', 'set-credentials', 'unset']),
      { name: 'use-context', aliases: ['use'] },
      { name: 'view' },
    ],
    load: () => import('./config/config.ts'),
  },
  { name: 'api-resources', load: () => import('./api-resources/api-resources.ts') },
  { name: 'run', load: () => import('./run/run.ts') },
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
    load: () => import('./create/all.ts'),
  },
  {
    name: 'apply',
    subcommands: [{ name: 'edit-last-applied', complete: completeResources }, { name: 'set-last-applied' }, { name: 'view-last-applied', complete: completeResources }],
    load: () => import('./apply/apply.ts'),
  },
  { name: 'delete', complete: completeResources, load: () => import('./delete/delete.ts') },
  { name: 'describe', complete: completeResources, load: () => import('./describe/describe.ts') },
  { name: 'logs', complete: completePods, load: () => import('./logs/logs.ts') },
  { name: 'exec', complete: completePods, load: () => import('./exec/exec.ts') },
  { name: 'attach', complete: completePods, load: () => import('./attach/attach.ts') },
  { name: 'port-forward', complete: completePods, load: () => import('./port-forward/port-forward.ts') },
  { name: 'label', complete: completeResources, load: () => import('./label/label.ts') },
  { name: 'annotate', complete: completeResources, load: () => import('./annotate/annotate.ts') },
  { name: 'wait', complete: completeResources, load: () => import('./wait/wait.ts') },
  { name: 'scale', complete: completeResources, load: () => import('./scale/scale.ts') },
  { name: 'patch', complete: completeResources, load: () => import('./patch/patch.ts') },
  { name: 'replace', load: () => import('./replace/replace.ts') },
  { name: 'edit', complete: completeResources, load: () => import('./edit/edit.ts') },
  { name: 'expose', complete: completeResources, load: () => import('./expose/expose.ts') },
  {
    name: 'top',
    subcommands: [
      { name: 'pod', aliases: ['pods', 'po'] },
      { name: 'node', aliases: ['nodes', 'no'] },
    ],
    load: () => import('./top/top.ts'),
  },
  { name: 'auth', subcommands: subs(['can-i', 'reconcile', 'whoami']), load: () => import('./auth/auth.ts') },
  {
    name: 'rollout',
    subcommands: subs(['history', 'pause', 'restart', 'resume', 'status', 'undo'], { complete: completeRollout }),
    load: () => import('./rollout/rollout.ts'),
  },
  {
    name: 'set',
    subcommands: [
      ...subs(['env', 'image', 'resources', 'selector'], { complete: completeResources }),
      { name: 'serviceaccount', aliases: ['sa'], complete: completeResources },
      { name: 'subject', complete: completeResources },
    ],
    load: () => import('./set/set.ts'),
  },
  // cordon.ts registers both.
  { name: 'cordon', complete: completeNodes, load: () => import('./cordon/cordon.ts') },
  { name: 'uncordon', complete: completeNodes, load: () => import('./cordon/cordon.ts') },
  { name: 'drain', complete: completeNodes, load: () => import('./drain/drain.ts') },
  { name: 'taint', complete: completeTaint, load: () => import('./taint/taint.ts') },
  { name: 'events', load: () => import('./events/events.ts') },
  { name: 'explain', complete: completeExplain, load: () => import('./explain/explain.ts') },
  { name: 'cp', complete: completePods, load: () => import('./cp/cp.ts') },
  { name: 'diff', load: () => import('./diff/diff.ts') },
  { name: 'debug', complete: completePods, load: () => import('./debug/debug.ts') },
  // help.ts registers both.
  { name: 'help', load: () => import('./help/help.ts') },
  { name: 'options', load: () => import('./help/help.ts') },
  { name: 'autoscale', complete: completeResources, load: () => import('./autoscale/autoscale.ts') },
  { name: 'completion', complete: completeShells, load: () => import('./completion/completion.ts') },
  { name: 'certificate', subcommands: subs(['approve', 'deny']), load: () => import('./certificate/certificate.ts') },
  { name: 'proxy', load: () => import('./proxy/proxy.ts') },
  { name: 'api-versions', load: () => import('./api-versions/api-versions.ts') },
  { name: 'plugin', subcommands: subs(['list']), load: () => import('./plugin/plugin.ts') },
];
