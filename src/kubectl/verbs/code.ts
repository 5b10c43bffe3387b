/**
 * Where each kubectl command's code loads from, by command name: the `load` of its entry in the
 * verb table (table.ts); and where the flag lines of those commands load from. Kept apart from the table, and out of the simulator's chunk
 * (astro.config.mjs), so that the terminal's first, small chunk can start these downloads at a
 * reader's Run click, before the simulator's code has arrived (src/ui/early-code.ts).
 * Imports nothing statically: each entry is an import() of its command's module.
 */
export const VERB_CODE = {
  version: () => import('./version/version.ts'),
  kustomize: () => import('./kustomize/kustomize.ts'),
  'cluster-info': () => import('./cluster-info/cluster-info.ts'),
  config: () => import('./config/config.ts'),
  'api-resources': () => import('./api-resources/api-resources.ts'),
  run: () => import('./run/run.ts'),
  create: () => import('./create/all.ts'),
  apply: () => import('./apply/apply.ts'),
  delete: () => import('./delete/delete.ts'),
  describe: () => import('./describe/describe.ts'),
  logs: () => import('./logs/logs.ts'),
  exec: () => import('./exec/exec.ts'),
  attach: () => import('./attach/attach.ts'),
  'port-forward': () => import('./port-forward/port-forward.ts'),
  label: () => import('./label/label.ts'),
  annotate: () => import('./annotate/annotate.ts'),
  wait: () => import('./wait/wait.ts'),
  scale: () => import('./scale/scale.ts'),
  patch: () => import('./patch/patch.ts'),
  replace: () => import('./replace/replace.ts'),
  edit: () => import('./edit/edit.ts'),
  expose: () => import('./expose/expose.ts'),
  top: () => import('./top/top.ts'),
  auth: () => import('./auth/auth.ts'),
  rollout: () => import('./rollout/rollout.ts'),
  set: () => import('./set/set.ts'),
  cordon: () => import('./cordon/cordon.ts'),
  uncordon: () => import('./cordon/cordon.ts'),
  drain: () => import('./drain/drain.ts'),
  taint: () => import('./taint/taint.ts'),
  events: () => import('./events/events.ts'),
  explain: () => import('./explain/explain.ts'),
  cp: () => import('./cp/cp.ts'),
  diff: () => import('./diff/diff.ts'),
  debug: () => import('./debug/debug.ts'),
  help: () => import('./help/help.ts'),
  options: () => import('./help/help.ts'),
  autoscale: () => import('./autoscale/autoscale.ts'),
  completion: () => import('./completion/completion.ts'),
  certificate: () => import('./certificate/certificate.ts'),
  proxy: () => import('./proxy/proxy.ts'),
  'api-versions': () => import('./api-versions/api-versions.ts'),
  plugin: () => import('./plugin/plugin.ts'),
} satisfies Record<string, () => Promise<unknown>>;

/**
 * The flag lines of every command but `get` (and kubectl's command names): loaded with the
 * first use of such a command (help/flag-lines.ts), and fetched by the first chunk together
 * with a clicked command's code.
 */
export const FLAG_TABLE_CODE = () => import('../help/flag-table-more.ts');

/** The load of the command named `name` (undefined for a name that is not one, or `get`, which is there from the start). */
export function verbCode(name: string): (() => Promise<unknown>) | undefined {
  return Object.hasOwn(VERB_CODE, name) ? (VERB_CODE as Record<string, () => Promise<unknown>>)[name] : undefined;
}
