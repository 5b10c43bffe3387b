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
import { kindState } from './kind.ts';

/** The kubeconfig path a command run with `ctx` reads and writes (`--kubeconfig` first). */
export function kubeconfigPath(ctx: Pick<ExecContext, 'env'>, flag = ''): string {
  if (flag) return flag;
  const list = ctx.env.KUBECONFIG?.split(':').filter(Boolean) ?? [];
  if (list.length) return list[0]!;
  return `${ctx.env.HOME || '/home/learner'}/.kube/config`;
}

/**
 * Brings `state` up to date with the kubeconfig file (when there is one): its current context,
 * that context's cluster, user and namespace, and the cluster's server. Without a file, kind's.
 */
export async function syncKubeconfig(state: KubeconfigState, ctx: ExecContext, flags: { kubeconfig?: string; context?: string } = {}): Promise<void> {
  const path = kubeconfigPath(ctx, flags.kubeconfig);
  const text = ctx.fs.exists(path) && !ctx.fs.isDir(path) ? ctx.fs.read(path) : undefined;
  for (const k of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[k];
  if (text === undefined && (!flags.context || flags.context === 'kind-kind')) {
    Object.assign(state, kindState());
    return;
  }
  const doc = await ctx.loadCode(import('./document.ts'));
  const d = await doc.readDocument(ctx, path);
  Object.assign(state, doc.stateOf(d, flags.context || d.currentContext));
  if (state.connectError) return;
  const impersonation = doc.userImpersonation(d, state.user);
  if (impersonation) state.impersonation = impersonation;
  const creds = doc.userCredentials(d, state.user, ctx, path);
  if (creds.error) state.credentialError = creds.error;
  else if (creds.credentials) state.credentials = creds.credentials;
}
