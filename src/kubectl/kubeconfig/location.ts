/**
 * Where the terminal's kubeconfig lives and what the kubectl session takes from it. The file
 * is `$KUBECONFIG` (its first path) or `$HOME/.kube/config`. Until a `kubectl config` command
 * writes it, the file is absent and kubectl runs on kind's kubeconfig, kept in memory (the
 * course's machine starts as `kind create cluster` left it; the file appears with the first
 * change, so `cat ~/.kube/config` shows what kubectl uses from then on).
 *
 * This part is small and loaded with kubectl; the document model (`document.ts`, with the YAML
 * parser) loads only when a file is there to read.
 */
import type { ExecContext } from '../../command/contract.ts';
import type { KubeconfigState } from '../cli/verb.ts';
import { checkCluster } from './cluster-checks.ts';
import { kindState } from './kind.ts';
import { applyOverrides, hasOverrides, type KubeconfigOverrides } from './overrides.ts';

/** The kubeconfig path a command run with `ctx` reads and writes (`--kubeconfig` first). */
export function kubeconfigPath(ctx: Pick<ExecContext, 'env'>, flag = ''): string {
  if (flag) return flag;
  const list = ctx.env.KUBECONFIG?.split(':').filter(Boolean) ?? [];
  if (list.length) return list[0]!;
  return `${ctx.env.HOME || '/home/learner'}/.kube/config`;
}

/** clientcmd's validation problems as kubectl prints them: one alone, several as a list. */
function configurationError(problems: string[]): string {
  return problems.length === 1 ? problems[0]! : `Error in configuration: \n${problems.map((p) => `* ${p}`).join('\n')}`;
}

/**
 * Brings `state` up to date with the kubeconfig file (when there is one): its current context,
 * that context's cluster, user and namespace, and the cluster's server, with the command line's
 * overrides (`--user`, `--token`, `--server`, ...) merged in. Without a file, kind's.
 */
export async function syncKubeconfig(
  state: KubeconfigState,
  ctx: ExecContext,
  flags: { kubeconfig?: string; context?: string; overrides?: KubeconfigOverrides } = {},
): Promise<void> {
  const path = kubeconfigPath(ctx, flags.kubeconfig);
  const text = ctx.fs.exists(path) && !ctx.fs.isDir(path) ? ctx.fs.read(path) : undefined;
  const overrides = flags.overrides ?? {};
  for (const k of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[k];
  if (text === undefined && (!flags.context || flags.context === 'kind-kind') && !hasOverrides(overrides)) {
    Object.assign(state, kindState());
    return;
  }
  const doc = await ctx.loadCode(import('./document.ts'));
  const read = await doc.readDocument(ctx, path);
  const contextName = flags.context || read.currentContext;
  const merged = applyOverrides(read, contextName, overrides);
  const d = merged.doc;
  Object.assign(state, doc.stateOf(d, contextName));
  if (merged.error) {
    // clientcmd looks the user up before the context and the cluster.
    delete state.connectError;
    state.credentialError = merged.error;
    return;
  }
  if (state.connectError && !d.contexts.has(contextName)) return;
  const impersonation = doc.userImpersonation(d, state.user);
  if (impersonation) state.impersonation = impersonation;
  const creds = doc.userCredentials(d, state.user, ctx, path);
  const cluster = checkCluster(d.clusters.get(state.cluster), state.cluster, !!overrides.cluster, ctx, path.slice(0, path.lastIndexOf('/')) || '/', doc.CA_PEM);
  const problems = [...(creds.problems ?? []).sort(), ...cluster.problems];
  if (problems.length) {
    // Validation comes before any connection.
    delete state.connectError;
    state.credentialError = configurationError(problems);
    return;
  }
  // Building the transport (root certificates, the key pair) comes before connecting.
  const transportError = cluster.error ?? creds.error;
  if (transportError) {
    delete state.connectError;
    state.credentialError = transportError;
    return;
  }
  if (state.connectError) return;
  if (cluster.connectError) state.connectError = cluster.connectError;
  else if (creds.credentials) state.credentials = creds.credentials;
}
